import Glibc

/// Why a path cannot be read as a sound file, in words for the user.
public struct FileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path) \(reason)" }
}

/// Opens sound files so that nothing but a regular file is ever read, and opening never waits on a writer.
///
/// A FIFO opened for reading blocks until something opens it for writing, and a device can stream forever
/// (`/dev/urandom`): either would hang a decoding thread, an import or an alarm tone. `O_NONBLOCK` makes the
/// open return at once for a FIFO; `fstat` on the descriptor (not the path, which could be swapped between
/// the two calls) then refuses anything that is not a regular file. A regular file ignores `O_NONBLOCK`.
public enum RegularFile {
    /// A descriptor (`O_RDONLY | O_CLOEXEC`) for the regular file at `path`, symbolic links followed; the caller
    /// closes it. Throws what the path is instead, or the open's error. Blocks only as long as the file system
    /// takes to open a regular file (a stalled network mount can make that long: callers run on file-work threads).
    public static func open(_ path: String) throws(FileProblem) -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileProblem(path: path, reason: openFailure(errno)) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = "cannot be examined: \(String(cString: strerror(errno)))"
            close(descriptor)
            throw FileProblem(path: path, reason: reason)
        }
        if let kind = nonRegularKind(info.st_mode) {
            close(descriptor)
            throw FileProblem(path: path, reason: "is \(kind), not a regular file")
        }
        return descriptor
    }

    /// Why `path` is not a readable regular file (by `stat`, which follows symbolic links and never opens
    /// anything), or nil when it is one.
    public static func problem(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT ? "not found" : openFailure(errno) }
        return nonRegularKind(info.st_mode).map { "is \($0), not a regular file" }
    }

    private static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }

    private static func openFailure(_ code: Int32) -> String {
        code == ENOENT ? "not found" : "cannot be opened: \(String(cString: strerror(code)))"
    }
}
