import NoiseCore

/// The names the LAN mode is reached by (docs/web.md, "The phone on the LAN"): those its server certificate names,
/// and so those its `Host` check accepts, and the address `noisectl web pair` puts in the URL. Pure: the machine's
/// addresses and name are given (`HostAddresses`).
public struct LANNames: Sendable, Equatable {
    public let port: Int
    /// IP addresses as text, IPv6 without brackets: the configured one, or for a wildcard every address of the machine
    /// of its family (`::` takes both, as Linux serves IPv4 on it too).
    public let addresses: [String]
    /// `HOSTNAME.local`, which mDNS (Avahi) answers on the LAN.
    public let dnsNames: [String]

    public init(lan: ListenAddress, machineAddresses: [String], hostname: String?) {
        port = lan.port
        if lan.isWildcard {
            addresses = lan.isIPv6 ? machineAddresses : machineAddresses.filter { !$0.contains(":") }
        } else {
            addresses = [lan.host]
        }
        dnsNames = hostname.map { [$0.lowercased() + ".local"] } ?? []
    }

    /// The `Host` forms a request may carry: each address (IPv6 in brackets) and name, with the port.
    public var hosts: [String] {
        (addresses.map { $0.contains(":") ? "[\($0)]" : $0 } + dnsNames).map { "\($0):\(port)" }
    }

    /// Where a phone is sent: the first IPv4 address (a phone resolves `.local` names unevenly), else the first of
    /// any; nil when the machine has no address to offer.
    public var urlBase: String? {
        guard let host = addresses.first(where: { !$0.contains(":") }) ?? addresses.first.map({ "[\($0)]" }) else {
            return nil
        }
        return "https://\(host):\(port)"
    }
}
