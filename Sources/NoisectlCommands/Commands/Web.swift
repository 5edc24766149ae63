import ArgumentParser
import Glibc
import NoiseClient
import NoiseCore
import NoiseSystem

/// `noisectl web`: the NoiseClock page in a browser (docs/web.md): on this machine with a one-time login code
/// (`open`, the default), or on a phone on the LAN, paired once (`pair`, `devices`, `revoke`).
struct Web: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Open the NoiseClock page in the browser, or pair a phone on the LAN (noiseweb must be running).",
        subcommands: [WebOpen.self, WebPair.self, WebDevices.self, WebRevoke.self],
        defaultSubcommand: WebOpen.self)
}

/// `noisectl web [open]`: a one-time login code for noiseweb, and the URL that uses it (docs/web.md, "Logging in").
struct WebOpen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Print (and open) the page's URL with a one-time login code.",
        discussion: """
            Makes a login code that works once, for \(Int(Limits.loginCodeSeconds)) seconds, and prints the URL with it \
            on a line of its own; with a display ($WAYLAND_DISPLAY or $DISPLAY) it also opens the URL with xdg-open. \
            The code is a file in $XDG_RUNTIME_DIR/noiseweb/codes/, private to you: only you can make one. The \
            address is [web] listen from config.toml, as noiseweb uses it (default 127.0.0.1:\(Limits.defaultWebPort)).
            """)

    @Flag(name: .customLong("no-open"), help: "Only print the URL; do not start a browser.")
    var noOpen = false

    @Flag(help: "Print {\"url\": …} as JSON instead of the bare URL.")
    var json = false

    /// `web --json`.
    struct Shown: Encodable {
        var url: String
    }

    func run() throws {
        let listen: String
        let folder = WebStateFolder(paths: XDGPaths(variable: ProcessEnvironment.variable))
        let code = WebSecret.random()
        do {
            listen = try ConfigStore().webSettings().listen.localURLBase
            try folder.prepare()
            try folder.write(code)
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        let url = "\(listen)/login?code=\(code.text)"
        if json { Output.json(Shown(url: url)) } else { Output.line(url) }
        let displayVariables: [String] = ["WAYLAND_DISPLAY", "DISPLAY"]
        let display = displayVariables.contains { !(ProcessEnvironment.variable($0) ?? "").isEmpty }
        guard !noOpen && display else { return }
        Output.flush()
        let command: [String] = ["xdg-open", url]
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        // Not waited for: the browser may run long after noisectl is done; the URL is printed either way.
        if posix_spawnp(&child, "xdg-open", nil, nil, argv, environ) != 0 {
            Output.error("cannot start xdg-open; open the URL above in a browser")
        }
    }
}
