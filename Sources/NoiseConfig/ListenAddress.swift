import NoiseCore

/// Where noiseweb listens (`[web] listen`, `noiseweb --listen`): `HOST:PORT` with an IPv4 address, an IPv6 address
/// in brackets, or `localhost`. A name other than localhost is refused: what it resolves to could change under us.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// What `parse` accepts, in words, for every error that names it.
    public static let accepted =
        "\"HOST:PORT\" with an IPv4 address, an IPv6 address in brackets or localhost, and a port "
        + "1 to 65535, e.g. \"127.0.0.1:\(ConfigLimits.defaultWebPort)\""

    /// The same for `[web] lan`, with its usual value.
    public static let acceptedLAN =
        "\"HOST:PORT\" with an IPv4 address, an IPv6 address in brackets or localhost, and a port "
        + "1 to 65535, e.g. \"0.0.0.0:\(ConfigLimits.defaultWebLANPort)\" (every address of this machine)"

    /// The address to bind: `127.0.0.1`, `::1`, `192.168.1.5` (without brackets).
    public let host: String
    public let port: Int
    public let isIPv6: Bool

    /// 127.0.0.1 and the default port.
    public static let loopback = ListenAddress(host: "127.0.0.1", port: ConfigLimits.defaultWebPort, isIPv6: false)

    public init(host: String, port: Int, isIPv6: Bool) {
        self.host = host
        self.port = port
        self.isIPv6 = isIPv6
    }

    /// Reads `HOST:PORT`, or says what is wrong with it.
    public static func parse(_ text: String) -> Result<ListenAddress, ListenAddressError> {
        guard let colon = text.lastIndex(of: ":") else { return .failure(.init("'\(text.prefix(60))' has no :PORT")) }
        let hostPart = text[..<colon]
        guard let port = Int(text[text.index(after: colon)...]), (1...65_535).contains(port) else {
            return .failure(.init("'\(text[text.index(after: colon)...].prefix(20))' is not a port 1 to 65535"))
        }
        if hostPart.hasPrefix("[") && hostPart.hasSuffix("]") {
            let inner = hostPart.dropFirst().dropLast()
            guard !inner.isEmpty, inner.count <= 39, inner.contains(":"),
                inner.allSatisfy({ $0 == ":" || $0.isHexDigit })
            else {
                return .failure(.init("'\(hostPart.prefix(60))' is not an IPv6 address"))
            }
            return .success(ListenAddress(host: inner.lowercased(), port: port, isIPv6: true))
        }
        if hostPart == "localhost" { return .success(ListenAddress(host: "127.0.0.1", port: port, isIPv6: false)) }
        let octets = hostPart.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ $0.count <= 3 && UInt8($0) != nil }) else {
            return .failure(
                .init("'\(hostPart.prefix(60))' is not an IPv4 address, an IPv6 address in brackets or localhost"))
        }
        return .success(ListenAddress(host: String(hostPart), port: port, isIPv6: false))
    }

    /// Only this machine can connect: 127.0.0.0/8 or ::1.
    public var isLoopback: Bool { isIPv6 ? host == "::1" : host.hasPrefix("127.") }
    /// Every address of the machine: 0.0.0.0 or ::.
    public var isWildcard: Bool { isIPv6 ? host == "::" : host == "0.0.0.0" }

    /// The host as a URL and a `Host` header write it: IPv6 in brackets.
    public var urlHost: String { isIPv6 ? "[\(host)]" : host }

    /// `HOST:PORT` as `Host` carries it.
    public var description: String { "\(urlHost):\(port)" }

    /// Where a browser on this machine reaches it: loopback, or 127.0.0.1 for a wildcard, else the address itself.
    public var localURLBase: String {
        let reachable = isWildcard ? (isIPv6 ? "[::1]" : "127.0.0.1") : urlHost
        return "http://\(reachable):\(port)"
    }
}

/// Why a listen address was refused.
public struct ListenAddressError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
