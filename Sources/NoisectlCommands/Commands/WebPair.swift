import ArgumentParser
import Glibc
import NoiseClient
import NoiseConfig
import NoiseCore
import NoiseSystem

/// `noisectl web pair`: a one-time pairing code for a phone or tablet on the LAN, shown as a QR code with the
/// certificate authority's fingerprint (docs/web.md, "The phone on the LAN"). Turns the LAN mode on when it is off.
struct WebPair: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Pair a phone or tablet on the LAN: a QR code with a one-time HTTPS link.",
        discussion: """
            Prints a link that pairs one device, once, within \(Int(Limits.pairCodeSeconds / 60)) minutes, as a QR code \
            to scan and as text, and the SHA-256 fingerprint of noiseweb's own certificate authority, to check against \
            what the phone shows when it installs it (from https://ADDRESS:PORT/ca.crt; docs/web.md says how on Android \
            and iOS). The paired device keeps its own cookie until 'noisectl web revoke'.

            The LAN address is [web] lan in config.toml; when it is not set, this sets it to \
            0.0.0.0:\(ConfigLimits.defaultWebLANPort) (every address of this machine), or to --lan. noiseweb reads it when it \
            starts: restart it after a change ('systemctl --user restart noiseweb').

            Exit codes: 0 a code was made, 1 noiseweb does not serve the LAN address (the message says what to do) or \
            a file could not be written, 2 usage error.
            """)

    @Option(
        help: ArgumentHelp(
            "The LAN address to serve, saved as [web] lan (default: the saved one, else 0.0.0.0:\(ConfigLimits.defaultWebLANPort)).",
            valueName: "host:port"),
        transform: { text in
            switch ListenAddress.parse(text) {
            case .success(let address): return address
            case .failure(let error): throw ValidationError("--lan: \(error); give \(ListenAddress.acceptedLAN)")
            }
        })
    var lan: ListenAddress?

    @Option(
        help: ArgumentHelp(
            "A name for the device in 'noisectl web devices' (default: its browser and system).", valueName: "name"))
    var name: String?

    @Flag(name: .customLong("no-qr"), help: "Print the link without the QR code.")
    var noQR = false

    @Flag(help: "Print {\"url\", \"certificate_url\", \"fingerprint\", \"expires_unix\"} as JSON.")
    var json = false

    /// `web pair --json`.
    struct Shown: Encodable {
        var url: String
        var certificateURL: String
        var fingerprint: String
        var expiresUnix: Int64
    }

    func validate() throws {
        if let name, name.isEmpty || name.count > 60 || name.unicodeScalars.contains(where: VisibleText.needsShowing) {
            throw ValidationError("--name: give 1 to 60 characters without control characters")
        }
    }

    func run() throws {
        let paths = XDGPaths(variable: ProcessEnvironment.variable)
        let store = ConfigStore()
        let settings: WebSettings
        let address: ListenAddress
        do {
            var saved = try store.webSettings()
            let before = saved.lan
            address =
                lan ?? before ?? ListenAddress(host: "0.0.0.0", port: ConfigLimits.defaultWebLANPort, isIPv6: false)
            saved.lan = address
            if let problem = saved.lanProblem { throw ConfigStore.Failure(description: problem) }
            if before != address {
                try store.update { _ in ([("web.lan", .string(address.description))], ()) }
                if !json { Output.line("The LAN mode is on: [web] lan = \"\(address)\" was saved to config.toml.") }
            }
            settings = saved
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        let names = LANNames(
            lan: address, machineAddresses: HostAddresses.current(), hostname: HostAddresses.hostname())
        guard let base = names.urlBase else {
            Output.error(
                "this machine has no network address for \(address) to offer a phone; connect it to the LAN first")
            throw ExitCode(1)
        }
        guard Self.serving(address, listen: settings.listen),
            let fingerprint = try? LocalFile.contents(of: paths.webLANDirectory + "/ca.sha256", kind: "the fingerprint")
        else {
            Output.error(
                """
                noiseweb does not serve the LAN address \(address) ([web] lan in config.toml): it reads it when it starts. \
                Restart it ('systemctl --user restart noiseweb', or run 'noiseweb'), then run 'noisectl web pair' again.
                """)
            throw ExitCode(1)
        }
        let folder = WebStateFolder(paths: paths)
        let code = WebSecret.random()
        do {
            try folder.prepare()
            folder.removeExpired(now: WallTime.seconds())
            try folder.write(code, in: folder.pairCodes, contents: Array((name ?? "").utf8))
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        let shown = Shown(
            url: "\(base)/pair?code=\(code.text)", certificateURL: "\(base)/ca.crt",
            fingerprint: String(decoding: fingerprint, as: UTF8.self).filter { !$0.isWhitespace },
            expiresUnix: Int64(WallTime.seconds() + Limits.pairCodeSeconds))
        if json { return Output.json(shown) }
        if !noQR, let lines = TerminalQR.lines(for: shown.url, colored: isatty(STDOUT_FILENO) == 1) {
            lines.forEach(Output.line)
        }
        Output.line(shown.url)
        Output.line("")
        Output.line("Open it on the phone within \(Int(Limits.pairCodeSeconds / 60)) minutes; it works once.")
        Output.line(
            "First, to make the phone trust this machine: open \(shown.certificateURL), install the certificate")
        Output.line("(docs/web.md says how on Android and iOS) and check its SHA-256 fingerprint is")
        Output.line("  \(shown.fingerprint)")
    }

    /// Whether noiseweb listens on the LAN address. A first connection to the loopback address starts a
    /// socket-activated noiseweb, which then binds the LAN address itself: that may take a moment.
    static func serving(_ lan: ListenAddress, listen: ListenAddress) -> Bool {
        let host = lan.isWildcard ? (lan.isIPv6 ? "::1" : "127.0.0.1") : lan.host
        if HostAddresses.accepts(host: host, port: lan.port, isIPv6: lan.isIPv6) { return true }
        let loopback = listen.isWildcard ? "127.0.0.1" : listen.host
        guard HostAddresses.accepts(host: loopback, port: listen.port, isIPv6: loopback.contains(":")) else {
            return false
        }
        let deadline = MonotonicTime.seconds() + 3
        while MonotonicTime.seconds() < deadline {
            if HostAddresses.accepts(host: host, port: lan.port, isIPv6: lan.isIPv6) { return true }
            usleep(100_000)
        }
        return false
    }
}
