import ArgumentParser
import Glibc
import Logging
import NoiseClient
import NoiseConfig
import NoiseCore
import NoiseSystem
import NoiseWeb

/// `noiseweb`: the NoiseClock page in a browser, a client of noised (docs/web.md).
@main
struct Noiseweb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noiseweb",
        abstract: "The NoiseClock web page: a local HTTP server over noised's socket; open it with 'noisectl web'.",
        discussion: """
            Listens on 127.0.0.1:\(Limits.defaultWebPort) unless [web] listen in $XDG_CONFIG_HOME/noised/config.toml or \
            --listen says otherwise. Only a browser given a one-time login code by 'noisectl web' gets in; requests \
            naming another host, and requests from other sites, are refused (docs/web.md). It keeps its codes in \
            $XDG_RUNTIME_DIR/noiseweb/ (private to you) and its sessions in memory.
            """,
        version: Limits.version)

    @Option(help: ArgumentHelp("Where to listen, HOST:PORT (config: web.listen; default: 127.0.0.1:\(Limits.defaultWebPort)).",
                               valueName: "host:port"),
            transform: { text in
                switch ListenAddress.parse(text) {
                case .success(let address): return address
                case .failure(let error): throw ValidationError("--listen: \(error); give \(ListenAddress.accepted)")
                }
            })
    var listen: ListenAddress?

    @Option(help: ArgumentHelp("noised's socket (default: $NOISED_SOCKET, else $XDG_RUNTIME_DIR/noised/socket).", valueName: "path"))
    var socket: String?

    @Option(name: .customLong("web-root"),
            help: ArgumentHelp("Folder with the page's files (default: share/noiseclock/web beside the binary's bin/).", valueName: "folder"))
    var webRoot: String?

    func run() async throws {
        let environment = ProcessEnvironment.current
        let paths = XDGPaths(environment: environment)
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let logger = Logger(label: "noiseweb")
        let settings = try Self.webSettings(paths: paths, home: environment["HOME"] ?? "/")
        let address = listen ?? settings.listen
        if !address.isLoopback {
            logger.warning("listening on \(address), not loopback: other machines can reach the login page. Only a code from 'noisectl web' lets anyone in, but the traffic is plain HTTP.")
        }
        umask(0o077)
        let state = WebStateFolder(paths: paths)
        let files: StaticFiles
        do {
            try state.prepare()
            files = try StaticFiles(root: webRoot ?? Self.installedWebRoot())
        } catch {
            throw ValidationError(error.description)
        }
        let server = WebServer(
            configuration: .init(listen: address, socketPath: DaemonSocket.path(option: socket), webRoot: files, state: state),
            logger: logger)
        try await server.run { url in
            logger.notice("listening on \(url); open it with 'noisectl web'")
        }
    }

    /// `[web]` from config.toml; a file with problems stops noiseweb with them, as a wrong option would.
    static func webSettings(paths: XDGPaths, home: String) throws -> WebSettings {
        let path = paths.configFile
        let bytes: [UInt8]?
        do { bytes = try LocalFile.contents(of: path) } catch { throw ValidationError(error.description) }
        guard let bytes else { return WebSettings() }
        let read = ConfigFile.read(bytes, home: home)
        if let problem = read.problems.first {
            throw ValidationError("\(path):\(problem.line): \(problem.key.map { "\($0): " } ?? "")\(problem.message)")
        }
        return read.settings.web
    }

    /// `PREFIX/share/noiseclock/web` for `PREFIX/bin/noiseweb`.
    static func installedWebRoot() -> String {
        let executable = ProcessEnvironment.executablePath() ?? "/usr/bin/noiseweb"
        var folder = executable
        for _ in 0..<2 { folder = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)]) }
        return folder + "/share/noiseclock/web"
    }
}
