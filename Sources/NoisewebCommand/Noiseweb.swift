import ArgumentParser
import Glibc
import Logging
import NoiseClient
import NoiseConfig
import NoiseCore
import NoiseEventLoops
import NoiseSystem
import NoiseSystemd
import NoiseWeb
import NoiseWebCore
import NoiseWebTLS

import struct Foundation.Date

/// noiseweb's entry point (run by `noiseclock` under that name): Swift concurrency moved onto SwiftNIO's threads
/// first (no libdispatch monitor waking the process every second while no page is open), then the command.
public enum NoisewebMain {
    /// On the main actor, as `noiseclock`'s top-level code is: the hook is installed before the first hop to the
    /// global executor, which would otherwise go to libdispatch and start its once-a-second monitor for good.
    @MainActor
    public static func main() async {
        ConcurrencyOnEventLoops.install()
        await Noiseweb.main()
    }
}

/// `noiseweb`: the NoiseClock page in a browser, a client of noised (docs/web.md).
struct Noiseweb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noiseweb",
        abstract: "The NoiseClock web page: a local HTTP server over noised's socket; open it with 'noisectl web'.",
        discussion: """
            Listens on 127.0.0.1:\(ConfigLimits.defaultWebPort) unless [web] listen in $XDG_CONFIG_HOME/noised/config.toml or \
            --listen says otherwise. Only a browser given a one-time login code by 'noisectl web' gets in; requests \
            naming another host, and requests from other sites, are refused (docs/web.md). It keeps its codes in \
            $XDG_RUNTIME_DIR/noiseweb/ (private to you) and its sessions in memory.
            """,
        version: Limits.version)

    @Option(
        help: ArgumentHelp(
            "Where to listen, HOST:PORT (config: web.listen; default: 127.0.0.1:\(ConfigLimits.defaultWebPort)).",
            valueName: "host:port"),
        transform: { text in
            switch ListenAddress.parse(text) {
            case .success(let address): return address
            case .failure(let error): throw ValidationError("--listen: \(error); give \(ListenAddress.accepted)")
            }
        })
    var listen: ListenAddress?

    @Option(
        help: ArgumentHelp(
            "noised's socket (default: $NOISED_SOCKET, else $XDG_RUNTIME_DIR/noised/socket).", valueName: "path"))
    var socket: String?

    @Option(
        name: .customLong("web-root"),
        help: ArgumentHelp(
            "Folder with the page's files (default: share/noiseclock/web beside the binary's bin/).",
            valueName: "folder"))
    var webRoot: String?

    func run() async throws {
        let environment = ProcessEnvironment.current
        let paths = XDGPaths(environment: environment)
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let logger = Logger(label: "noiseweb")
        let config = ConfigStore(environment: environment)
        let activated = SocketActivation.adopt(name: "noiseweb")
        let settings: WebSettings?
        do { settings = try config.webSettings() } catch {
            settings = nil
            if activated == nil && listen == nil { throw ValidationError(error.description) }
            logger.warning("\(error); the LAN mode is off")
        }
        let address: ListenAddress
        if let activated {
            // noiseweb.socket says where: the Host that names it is the one to accept.
            guard let bound = BoundAddress.of(activated) else {
                throw ValidationError(
                    "the socket systemd passed is not a TCP socket; noiseweb.socket needs ListenStream=HOST:PORT")
            }
            address = ListenAddress(host: bound.host, port: bound.port, isIPv6: bound.isIPv6)
            if listen != nil { logger.warning("--listen is ignored: systemd passed a socket listening on \(address)") }
        } else if let listen {
            address = listen
        } else {
            address = settings?.listen ?? .loopback
        }
        if !address.isLoopback {
            logger.warning(
                "listening on \(address), not loopback: other machines can reach the login page. Only a code from 'noisectl web' lets anyone in, but the traffic is plain HTTP; [web] lan serves the LAN over HTTPS instead."
            )
        }
        umask(0o077)
        let state = WebStateFolder(paths: paths)
        let files: StaticFiles
        do {
            try state.prepare()
            state.removeExpired(now: WallTime.seconds())
            files = try StaticFiles(root: webRoot ?? Self.installedWebRoot())
        } catch {
            throw ValidationError(error.description)
        }
        // The LAN's phones and this machine's kiosks.
        let devices = DeviceRegistry(
            file: PairedDeviceFile(folder: paths.webLANDirectory),
            onProblem: { logger.error("no paired device or kiosk can sign in: \($0)") })
        let server = WebServer(
            configuration: .init(
                listen: address, socketPath: DaemonSocket.path(option: socket), webRoot: files, state: state,
                config: config, devices: devices, adoptedSocket: activated,
                lan: Self.lanMode(settings: settings, listening: address, paths: paths, logger: logger)),
            logger: logger)
        try await server.run { url in
            let opener = url.hasPrefix("https:") ? "'noisectl web pair'" : "'noisectl web'"
            logger.notice("listening on \(url); open it with \(opener)")
        }
    }

    /// The LAN mode's listener when `[web] lan` is set: the machine's names, the certificate for them (made or
    /// loaded). Any fault turns the LAN mode off with an error logged; the loopback page goes on.
    static func lanMode(
        settings: WebSettings?, listening: ListenAddress, paths: XDGPaths, logger: Logger
    ) -> WebServer.LAN? {
        guard var settings, let address = settings.lan else { return nil }
        settings.listen = listening
        if let problem = settings.lanProblem {
            logger.error("the LAN mode is off: \(problem)")
            return nil
        }
        let hostname = HostAddresses.hostname()
        let names = LANNames(lan: address, machineAddresses: HostAddresses.current(), hostname: hostname)
        do {
            let ready = try LANCertificates(folder: paths.webLANDirectory)
                .prepare(dnsNames: names.dnsNames, addresses: names.addresses, hostname: hostname, now: Date())
            let made = ready.issued ? " (a new server certificate was made)" : ""
            logger.notice(
                "LAN mode on \(address) for \(names.hosts.joined(separator: ", ")): HTTPS for paired devices; the certificate authority's SHA-256 fingerprint is \(ready.fingerprint)\(made)"
            )
            return WebServer.LAN(address: address, names: names, certificates: ready)
        } catch {
            logger.error("the LAN mode is off: \(error)")
            return nil
        }
    }

    /// `PREFIX/share/noiseclock/web` for `PREFIX/bin/noiseweb`.
    static func installedWebRoot() -> String {
        let executable = ProcessEnvironment.executablePath() ?? "/usr/bin/noiseweb"
        var folder = executable
        for _ in 0..<2 { folder = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)]) }
        return folder + "/share/noiseclock/web"
    }
}
