/// The XDG base directories for the user, from an environment (injected so tests choose their own).
/// Never a hard-coded home path: `$HOME` is read from the environment like everything else.
public struct XDGPaths: Sendable {
    /// The value of an environment variable, nil when unset.
    private let variable: @Sendable (String) -> String?

    public init(environment: [String: String]) {
        variable = { environment[$0] }
    }

    /// Reads variables one by one (`getenv`): `noisectl status` finds its socket without building a dictionary of
    /// the whole environment, whose first use costs a cold process a scan of every conformance record.
    public init(variable: @escaping @Sendable (String) -> String?) {
        self.variable = variable
    }

    private func directory(_ name: String, fallback: String) -> String {
        if let value = variable(name), value.hasPrefix("/") { return value }
        return (variable("HOME") ?? "/") + "/" + fallback
    }

    public var dataHome: String { directory("XDG_DATA_HOME", fallback: ".local/share") }
    public var configHome: String { directory("XDG_CONFIG_HOME", fallback: ".config") }
    public var stateHome: String { directory("XDG_STATE_HOME", fallback: ".local/state") }
    public var cacheHome: String { directory("XDG_CACHE_HOME", fallback: ".cache") }

    /// The control socket: `--socket`, else `$NOISED_SOCKET`, else `$XDG_RUNTIME_DIR/noised/socket`, else (the
    /// session has no runtime folder, e.g. over plain ssh) `/tmp/noised-UID/noised/socket`.
    public func socketLocation(option: String?, uid: UInt32) -> SocketLocation {
        if let option, !option.isEmpty { return SocketLocation(path: option, origin: .chosen) }
        if let value = variable("NOISED_SOCKET"), !value.isEmpty { return SocketLocation(path: value, origin: .chosen) }
        if let value = variable("XDG_RUNTIME_DIR"), value.hasPrefix("/") {
            return SocketLocation(path: value + "/noised/socket", origin: .runtimeDirectory)
        }
        return SocketLocation(path: "/tmp/noised-\(uid)/noised/socket", origin: .sharedTemporaryFolder)
    }

    /// noiseweb's private folder (docs/web.md): `$XDG_RUNTIME_DIR/noiseweb`, else `/tmp/noiseweb-UID`. Its `codes/`
    /// holds the one-time login codes `noisectl web` makes; only the same user can write there.
    /// The LAN mode's lasting state (docs/web.md, "The phone on the LAN"): `$XDG_STATE_HOME/noiseweb`, with the
    /// certificate authority, the server certificate and the paired devices.
    public var webLANDirectory: String { stateHome + "/noiseweb" }

    public func webStateDirectory(uid: UInt32) -> String {
        if let value = variable("XDG_RUNTIME_DIR"), value.hasPrefix("/") { return value + "/noiseweb" }
        return "/tmp/noiseweb-\(uid)"
    }

    /// noisehome's state, which `noisehome --status` reads (docs/home.md): `$XDG_RUNTIME_DIR/noisehome`.
    public func homeStateDirectory(uid: UInt32) -> String {
        if let value = variable("XDG_RUNTIME_DIR"), value.hasPrefix("/") { return value + "/noisehome" }
        return "/tmp/noisehome-\(uid)"
    }

    /// `config.toml`, which the daemon reads and `noisectl clock` and `world` also save to.
    public var configFile: String { configHome + "/noised/config.toml" }

    /// Decoded sounds kept across restarts; deleting the folder only costs decoding them again.
    public var decodedSoundsDirectory: String { cacheHome + "/noised/decoded" }
    /// Satellites' orbital elements, imported or downloaded (docs/satellites.md).
    public var elementsFile: String { cacheHome + "/noised/elements/elements.json" }

    /// The user's own sounds and overlay catalog.
    public var userDataDirectory: String { dataHome + "/noised" }
}
