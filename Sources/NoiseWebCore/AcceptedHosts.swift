import NoiseConfig

/// The `Host` values a listener answers to, and so the `Origin`s it trusts (docs/web.md, "DNS rebinding"). For the
/// loopback listener: the loopback names with the listening port, and the listening address itself when it is not
/// loopback or a wildcard; for the LAN listener, the names its certificate carries (`LANNames`), over `https`. A page
/// on `evil.example` whose name was made to resolve to this machine still sends `Host: evil.example:PORT`, and is refused.
public struct AcceptedHosts: Sendable, Equatable {
    /// Lowercase `name:port` forms.
    public let hosts: [String]
    /// `http` or `https`: an `Origin` must name this listener's own scheme.
    public let scheme: String

    public init(listen: ListenAddress) {
        var hosts = ["127.0.0.1", "localhost", "[::1]"].map { "\($0):\(listen.port)" }
        if !listen.isLoopback && !listen.isWildcard { hosts.append(listen.description.lowercased()) }
        self.init(hosts: hosts, scheme: "http")
    }

    public init(lan: LANNames) {
        self.init(hosts: lan.hosts.map { $0.lowercased() }, scheme: "https")
    }

    init(hosts: [String], scheme: String) {
        self.hosts = hosts
        self.scheme = scheme
    }

    /// A request's `Host` (its authority): exactly one of the accepted forms, the port included.
    public func accepts(host: String?) -> Bool {
        guard let host else { return false }
        return hosts.contains(host.lowercased())
    }

    /// An `Origin`: this listener's scheme and an accepted host, nothing after it. `null` (a sandboxed frame, a file)
    /// is refused.
    public func accepts(origin: String?) -> Bool {
        let prefix = scheme + "://"
        guard let origin, origin.lowercased().hasPrefix(prefix) else { return false }
        return accepts(host: String(origin.dropFirst(prefix.count)))
    }
}
