/// What a folder on the way to the control socket must be, judged from its owner and mode (`stat`); nil when it
/// passes, else why it does not, in words for the user. A folder is also refused for being a symbolic link, which
/// only the walk that opens it can tell (`SocketFolders`).
public enum SocketFolderRule: Sendable {
    /// A folder noised names for itself: the user's own and mode 0700, nothing more and nothing less.
    case privateToUser
    /// The chosen socket's folder and every folder above it: owned by the user or root, and writable by no one else
    /// unless sticky (in a sticky folder such as /tmp others cannot rename or remove what is not theirs).
    case writableOnlyByUser

    /// The file type and permission bits of `st_mode`, as Linux defines them.
    private static let permissionBits: UInt32 = 0o7777
    private static let typeBits: UInt32 = 0o170000
    private static let directoryType: UInt32 = 0o040000
    private static let groupOrOthersWrite: UInt32 = 0o022
    private static let sticky: UInt32 = 0o1000

    public func problem(folder: String, owner: UInt32, mode: UInt32, user: UInt32) -> String? {
        guard mode & Self.typeBits == Self.directoryType else { return "\(folder) is not a folder" }
        let permissions = mode & Self.permissionBits
        let shown = String(permissions, radix: 8, width: 4)
        switch self {
        case .privateToUser:
            if owner != user {
                return "\(folder) is owned by uid \(owner), not you (\(user)): another user could replace the socket"
            }
            if permissions != 0o700 {
                return "\(folder) has mode \(shown), not 0700: "
                    + (permissions & Self.groupOrOthersWrite != 0
                        ? "another user could replace the socket"
                        : "it must be private to you")
            }
        case .writableOnlyByUser:
            if owner != user && owner != 0 {
                return
                    "\(folder) is owned by uid \(owner), not you (\(user)) or root: its owner could replace the socket"
            }
            if permissions & Self.groupOrOthersWrite != 0 && permissions & Self.sticky == 0 {
                return "\(folder) has mode \(shown): other users can write to it and could replace the socket"
            }
        }
        return nil
    }
}
