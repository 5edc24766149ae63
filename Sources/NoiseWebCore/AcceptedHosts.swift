import NoiseConfig

/// The `Host` values noiseweb answers to, and so the `Origin`s it trusts (docs/web.md, "DNS rebinding"): the loopback
/// names with the listening port, and the listening address itself when it is not loopback or a wildcard. A page on
/// `evil.example` whose name was made to resolve to 127.0.0.1 still sends `Host: evil.example:PORT`, and is refused.
public struct AcceptedHosts: Sendable, Equatable {
    /// Lowercase `name:port` forms.
    public let hosts: [String]

    public init(listen: ListenAddress) {
        var hosts = ["127.0.0.1", "localhost", "[::1]"].map { "\($0):\(listen.port)" }
        if !listen.isLoopback && !listen.isWildcard { hosts.append(listen.description.lowercased()) }
        self.hosts = hosts
    }

    /// A request's `Host` (its authority): exactly one of the accepted forms, the port included.
    public func accepts(host: String?) -> Bool {
        guard let host else { return false }
        return hosts.contains(host.lowercased())
    }

    /// An `Origin`: `http://` and an accepted host, nothing after it. `null` (a sandboxed frame, a file) is refused.
    public func accepts(origin: String?) -> Bool {
        guard let origin, origin.lowercased().hasPrefix("http://") else { return false }
        return accepts(host: String(origin.dropFirst("http://".count)))
    }
}
