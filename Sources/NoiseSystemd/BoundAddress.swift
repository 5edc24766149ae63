import Glibc

/// The address a listening TCP socket is bound to, from `getsockname(2)`: for a socket systemd passed, so that
/// noiseweb accepts the `Host` that names it and says where it listens.
public enum BoundAddress {
    /// The numeric host (`127.0.0.1`, `::1`), the port and whether it is IPv6; nil for a socket that is not TCP
    /// over IPv4 or IPv6.
    public static func of(_ descriptor: Int32) -> (host: String, port: Int, isIPv6: Bool)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    guard inet_ntop(AF_INET, &ip, &text, socklen_t(text.count)) != nil else { return nil }
                    return (Self.string(text), Int(UInt16(bigEndian: address.pointee.sin_port)), false)
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    guard inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count)) != nil else { return nil }
                    return (Self.string(text), Int(UInt16(bigEndian: address.pointee.sin6_port)), true)
                }
            }
        default:
            return nil
        }
    }

    private static func string(_ text: [CChar]) -> String {
        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
