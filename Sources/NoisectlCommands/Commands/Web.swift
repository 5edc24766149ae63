import ArgumentParser
import Glibc
import NoiseClient
import NoiseConfig
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

/// `noisectl web [open]`: a one-time login code for noiseweb, and the URL that uses it (docs/web.md, "Logging in");
/// or, with `--kiosk`, this machine's kiosk page, paired as a device is (docs/web.md, "A kiosk").
struct WebOpen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Print (and open) the page's URL with a one-time login code, or set up a kiosk.",
        discussion: """
            Makes a login code that works once, for \(Int(Limits.loginCodeSeconds)) seconds, and prints the URL with it \
            on a line of its own; with a display ($WAYLAND_DISPLAY or $DISPLAY) it also opens it in the browser, through \
            a page only you can read (a command line is readable by every user; the code never is on one). The code is \
            a file in $XDG_RUNTIME_DIR/noiseweb/codes/, private to you: only you can make one. The address is [web] \
            listen from config.toml, as noiseweb uses it (default 127.0.0.1:\(ConfigLimits.defaultWebPort)). Exits 3 when \
            noiseweb is not running there.
            """)

    @Flag(name: .customLong("no-open"), help: "Only print the URL; do not start a browser.")
    var noOpen = false

    @Flag(
        help:
            "Pair this machine's kiosk page (a night-stand screen): print a Chromium command line for it, which signs in again after every restart and reboot. Revoke it with 'noisectl web revoke ID'."
    )
    var kiosk = false

    @Flag(help: "Print {\"url\": …} (with --kiosk: {\"launcher\", \"command\", \"id\"}) as JSON instead.")
    var json = false

    /// `web --json`.
    struct Shown: Encodable {
        var url: String
    }

    func run() throws {
        let paths = XDGPaths(variable: ProcessEnvironment.variable)
        let listen: ListenAddress
        do {
            listen = try ConfigStore().webSettings().listen
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        let host = listen.isWildcard ? (listen.isIPv6 ? "::1" : "127.0.0.1") : listen.host
        guard HostAddresses.accepts(host: host, port: listen.port, isIPv6: host.contains(":")) else {
            Output.error(
                "noiseweb is not running on \(listen): start it with 'systemctl --user start noiseweb.socket' "
                    + "(or run 'noiseweb &'), then run 'noisectl web' again")
            throw ExitCode(3)
        }
        if kiosk { return try KioskSetup(paths: paths, base: listen.localURLBase, json: json).run() }
        let folder = WebStateFolder(paths: paths)
        let code = WebSecret.random()
        let url = "\(listen.localURLBase)/login?code=\(code.text)"
        let launcher: String
        do {
            try folder.prepare()
            folder.removeExpired(now: WallTime.seconds())
            try folder.write(code)
            launcher = try LoginLauncher.write(opening: url, in: folder.launchers)
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        if json { Output.json(Shown(url: url)) } else { Output.line(url) }
        let displayVariables: [String] = ["WAYLAND_DISPLAY", "DISPLAY"]
        let display = displayVariables.contains { !(ProcessEnvironment.variable($0) ?? "").isEmpty }
        guard !noOpen && display else { return }
        Output.flush()
        // The browser is given the launcher page's name, never the URL: its command line is readable by every user.
        if !LoginLauncher.open(launcher) {
            Output.error("cannot start xdg-open; open the URL above in a browser")
        }
    }
}
