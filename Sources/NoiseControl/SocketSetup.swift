import Glibc
import NoiseCore
import NoiseSystem

/// Prepares the control socket's place on disk: folders no other user can write to (`SocketFolders`), no second
/// daemon on the same socket, and no stale socket file left by a daemon that crashed.
public enum SocketSetup {
    public static func prepare(_ location: SocketLocation) throws(StartupError) {
        let path = location.path
        guard path.utf8.count < 108 else {
            throw StartupError("socket path is \(path.utf8.count) bytes; Unix sockets allow at most 107: \(path)")
        }
        try SocketFolders.secure(location)
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

    /// Binds and listens on `path` (prepared by `prepare`), readable and writable by the daemon's user only.
    static func listen(path: String) throws(StartupError) -> Int32 {
        let socketFD = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socketFD >= 0 else {
            throw StartupError("cannot create the control socket: \(String(cString: strerror(errno)))")
        }
        let bound = UnixSocketAddress.with(Array(path.utf8)) { bind(socketFD, $0, $1) } ?? -1
        // Anyone who can reach the folder could connect between bind and chmod; SO_PEERCRED still refuses them.
        guard bound == 0, chmod(path, 0o600) == 0, Glibc.listen(socketFD, ControlLimits.listenBacklog) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socketFD)
            if bound == 0 { unlink(path) }
            throw StartupError("cannot listen on \(path): \(reason)")
        }
        return socketFD
    }

    /// Whether a daemon accepts connections on `path`.
    static func answers(_ path: String) -> Bool {
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else { return false }
        defer { close(socketFD) }
        return UnixSocketAddress.with(Array(path.utf8)) { connect(socketFD, $0, $1) == 0 } ?? false
    }
}
