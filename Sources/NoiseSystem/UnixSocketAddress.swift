import Glibc

/// A Unix socket's address for the C calls that take one (`bind`, `connect`, `sendto`).
public enum UnixSocketAddress {
    /// Calls `body` with the address of `path` (a file's path, or a NUL and an abstract name, as `NOTIFY_SOCKET`
    /// gives) and its length; nil, without calling it, when `path` does not fit in `sun_path` with room for a NUL.
    public static func with<T>(_ path: [UInt8], _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let fits = withUnsafeMutableBytes(of: &address.sun_path) { raw in
            guard path.count < raw.count else { return false }
            raw.copyBytes(from: path)
            return true
        }
        guard fits else { return nil }
        // The family and the name: Linux ends a path at that length itself, and an abstract name is exactly its bytes.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
