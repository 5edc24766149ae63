import Glibc

/// What is at a path, as `stat(2)` says (links followed): where only a regular file will do (a store, a file a
/// command writes), anything else is refused by name instead of being read, copied or replaced.
public enum FileKind: Sendable, Equatable {
    case regular, directory, characterDevice, blockDevice, fifo, socket, other

    /// What is at `path`; nil when nothing is (or it cannot be looked at).
    public static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFIFO: return .fifo
        case S_IFSOCK: return .socket
        default: return .other
        }
    }

    /// "a directory", for messages.
    public var described: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a FIFO (a named pipe)"
        case .socket: "a socket"
        case .other: "something other than a file"
        }
    }
}
