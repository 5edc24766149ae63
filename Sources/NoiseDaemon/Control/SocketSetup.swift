import Glibc

/// A reason the daemon cannot start; printed as is, then the daemon exits non-zero.
public struct StartupError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Prepares the control socket's place on disk: a private folder, no second daemon on the same socket,
/// and no stale socket file left by a daemon that crashed.
enum SocketSetup {
    static func prepare(path: String) throws(StartupError) {
        guard path.utf8.count < 108 else {
            throw StartupError("socket path is \(path.utf8.count) bytes; Unix sockets allow at most 107: \(path)")
        }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folder.isEmpty { try makePrivateFolder(folder) }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw StartupError("\(path) exists and is not a socket; move it away or choose another --socket")
        }
        if answers(path) {
            throw StartupError("another noised is already running on \(path); stop it first (noisectl status shows it)")
        }
        // Nobody listens: a crashed daemon's leftover.
        unlink(path)
    }

    /// Creates the socket's folder with mode 0700 when missing. An existing folder is left as it is unless
    /// it is ours and named for us (the default `…/noised`), which is then made private again.
    private static func makePrivateFolder(_ folder: String) throws(StartupError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            if folder.hasSuffix("/noised"), info.st_uid == getuid() { chmod(folder, 0o700) }
            return
        }
        var partial = ""
        for component in folder.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw StartupError("cannot create \(partial): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Binds and listens on `path` (prepared by `prepare`), readable and writable by the daemon's user only.
    static func listen(path: String) throws(StartupError) -> Int32 {
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socketFD >= 0 else { throw StartupError("cannot create the control socket: \(String(cString: strerror(errno)))") }
        var address = unixAddress(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        // Anyone who can reach the folder could connect between bind and chmod; SO_PEERCRED still refuses them.
        guard bound == 0, chmod(path, 0o600) == 0, Glibc.listen(socketFD, 256) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socketFD)
            if bound == 0 { unlink(path) }
            throw StartupError("cannot listen on \(path): \(reason)")
        }
        return socketFD
    }

    private static func unixAddress(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        return address
    }

    /// Whether a daemon accepts connections on `path`.
    static func answers(_ path: String) -> Bool {
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else { return false }
        defer { close(socketFD) }
        var address = unixAddress(path)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }
}

/// The peer of a Unix socket, as `SO_PEERCRED` reports it (the layout of Linux's `struct ucred`).
struct PeerCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0

    /// Only the daemon's own user, and root, may control it.
    var isAllowed: Bool { uid == Self.daemonUID || uid == 0 }

    /// Read once: the daemon's user never changes, and each connection would otherwise cost a syscall.
    private static let daemonUID = getuid()
}
