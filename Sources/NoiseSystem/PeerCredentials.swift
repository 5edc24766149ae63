import Glibc

/// The process at the other end of a connected Unix socket, as `SO_PEERCRED` reports it (the layout of Linux's
/// `struct ucred`). Both ends check it: the daemon serves only its own user and root, and `noisectl` talks only to a
/// daemon run by the user or root, so a server another user put in the socket's place never hears a command.
public struct PeerCredentials: Sendable {
    public var pid: Int32 = 0
    public var uid: UInt32 = 0
    public var gid: UInt32 = 0

    public init() {}

    /// The peer of `descriptor`, nil when the kernel cannot say (not a connected Unix socket).
    public static func of(_ descriptor: Int32) -> PeerCredentials? {
        var peer = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &peer, &length) == 0 else { return nil }
        return peer
    }

    /// Whether the peer is `user` or root: nobody else can be trusted with (or to answer) the user's commands.
    public func isTrusted(by user: UInt32) -> Bool { uid == user || uid == 0 }
}
