import Glibc

/// This machine's network addresses and name, for the LAN mode's certificate and the pairing URL (docs/web.md).
public enum HostAddresses {
    /// The addresses of the interfaces that are up, as text (IPv6 without brackets): IPv4 first, in the kernel's
    /// order. Loopback and IPv6 link-local (`fe80::`) ones are left out: a phone cannot reach the first, and a
    /// certificate cannot name the second with its zone.
    public static func current() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var v4: [String] = []
        var v6: [String] = []
        var next = first
        while let entry = next {
            next = entry.pointee.ifa_next
            let flags = entry.pointee.ifa_flags
            guard flags & UInt32(IFF_UP) != 0, flags & UInt32(IFF_LOOPBACK) == 0,
                let address = entry.pointee.ifa_addr
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
                v4.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            case AF_INET6:
                let linkLocal = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                    return raw.__in6_u.__u6_addr8.0 == 0xfe && raw.__in6_u.__u6_addr8.1 & 0xc0 == 0x80
                }
                if !linkLocal {
                    v6.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
                }
            default:
                continue
            }
        }
        return unique(v4) + unique(v6)
    }

    /// The machine's name as the kernel has it (`gethostname`), its first label only.
    public static func hostname() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let label = name.split(separator: ".").first.map(String.init) ?? ""
        return label.isEmpty ? nil : label
    }

    /// Whether something accepts TCP connections at `host` (an address, not a name) and `port`, within `seconds`.
    public static func accepts(host: String, port: Int, isIPv6: Bool, seconds: Double = 1) -> Bool {
        let descriptor = socket(
            isIPv6 ? AF_INET6 : AF_INET,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let started: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return false }
            started = startConnecting(descriptor, to: address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return false }
            started = startConnecting(descriptor, to: address)
        }
        if started == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&waiting, 1, Int32(seconds * 1000)) == 1 else { return false }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 && failure == 0
    }

    /// `connect(2)` to an IPv4 or IPv6 socket address, whichever `Address` is.
    private static func startConnecting<Address>(_ descriptor: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    private static func unique(_ addresses: [String]) -> [String] {
        var seen = Set<String>()
        return addresses.filter { seen.insert($0).inserted }
    }
}
