import Glibc

/// Reads a small file whole and replaces it atomically, with plain POSIX calls (the client avoids Foundation's
/// file APIs to start fast). Blocking: the daemon calls it off the cooperative pool (`FileWork`).
public enum LocalFile {
    /// What went wrong, with the path and the system's reason.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// The path is there and is not a regular file (`replace` refuses it; see `notRegularFile`).
        public var notRegularFile = false

        public init(description: String, notRegularFile: Bool = false) {
            self.description = description
            self.notRegularFile = notRegularFile
        }

        public static func system(_ what: String, _ path: String) -> Failure {
            Failure(description: "cannot \(what) \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The file's bytes, or nil when it does not exist. Larger than `maxBytes` is no `kind` of file: the cap
    /// keeps a wrong path (a log, a device) from filling memory.
    public static func contents(
        of path: String, maxBytes: Int = 1 << 20,
        kind: String = "a config file"
    ) throws(Failure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 && errno == ENOENT { return nil }
        guard descriptor >= 0 else { throw .system("open", path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system("read", path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(description: "\(path) is not a regular file") }
        return try readAll(from: descriptor, name: path, maxBytes: maxBytes, kind: kind)
    }

    /// Everything `descriptor` gives until its end (a file, or a pipe on standard input), at most `maxBytes`.
    public static func readAll(
        from descriptor: Int32, name: String, maxBytes: Int = 1 << 20,
        kind: String
    ) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .system("read", name) }
            if count == 0 { return result }
            result += chunk[0..<count]
            guard result.count <= maxBytes else {
                throw Failure(description: "\(name) is larger than \(maxBytes >> 20) MiB, too large for \(kind)")
            }
        }
    }

    /// Replaces the file's contents so that a crash or a full disk leaves the old file or the new one, never
    /// half of either: a temporary file in the same folder, synced, renamed over the old one. The old file's
    /// permission bits are kept (a new file gets `newFileMode` less the umask); a symbolic link is followed, so a
    /// config kept in a dotfiles repository stays linked. Missing folders are made, private (0700). Only a
    /// regular file is replaced: a device, a FIFO, a socket or a folder at `path` is refused (`notRegularFile`),
    /// since the rename would put a file in its place (as root, `/dev/null` would become the file).
    public static func replace(_ path: String, with bytes: [UInt8], newFileMode: mode_t = 0o666) throws(Failure) {
        do { try replace(path, newFileMode: newFileMode) { write in try write(bytes) } } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// `replace`, with the contents handed over in pieces by `body` (each `write` appends to the temporary file), so
    /// a large file never has to be held whole. An error thrown by `body` leaves the old file as it was and is
    /// thrown on.
    public static func replace(
        _ path: String, newFileMode: mode_t = 0o666,
        writing body: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        if let problem = notRegularFile(path) { throw Failure(description: problem, notRegularFile: true) }
        let target = resolvedLink(path)
        let folder = parentFolder(of: target)
        try makeFolders(folder)
        var info = stat()
        let oldMode: mode_t? = stat(target, &info) == 0 ? info.st_mode & 0o7777 : nil
        let temporary = folder + "/." + target.split(separator: "/").last.map(String.init)! + ".\(getpid()).tmp"
        // A file of that name is a leftover of a crashed run with the same process id: ours to replace.
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, newFileMode)
        guard descriptor >= 0 else { throw Failure.system("create", temporary) }
        var failure: Failure?
        if let oldMode, fchmod(descriptor, oldMode) != 0 { failure = .system("set the permissions of", temporary) }
        var thrown: (any Error)?
        if failure == nil {
            do {
                try body { bytes in
                    guard bytes.withUnsafeBytes({ writeAll($0, to: descriptor) }) else {
                        throw Failure.system("write", temporary)
                    }
                }
            } catch {
                thrown = error
            }
        }
        if failure == nil && thrown == nil && fsync(descriptor) != 0 { failure = .system("write", temporary) }
        if close(descriptor) != 0 && failure == nil { failure = .system("write", temporary) }
        if let error = failure ?? thrown {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let failure = Failure.system("replace", target)
            unlink(temporary)
            throw failure
        }
        // The rename is durable only once the folder's entry is on disk.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Why `replace` will not write `path`: it is there (a symbolic link followed) and is not a regular file;
    /// nil for a regular file or a path with nothing there yet.
    public static func notRegularFile(_ path: String) -> String? {
        guard let kind = FileKind.of(path), kind != .regular else { return nil }
        return "\(path) is \(kind.described), not a regular file"
    }

    /// Writes all of `bytes` to `descriptor`, across short writes and interruptions; false on an error.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Whether the folder that would hold `path` exists yet.
    public static func folderExists(holding path: String) -> Bool {
        var info = stat()
        return stat(parentFolder(of: path), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Runs `body` holding an exclusive `flock` on the folder that holds `path` (made first, 0700, when
    /// missing). The folder and not the file, because `replace` renames a new file over the old one. Advisory:
    /// it orders the noisectl processes that read, change and save the same file, and nothing else.
    public static func whileFolderLocked<T>(holding path: String, _ body: () throws -> T) throws -> T {
        let folder = parentFolder(of: path)
        try makeFolders(folder)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure.system("open the folder", folder) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure.system("lock the folder", folder) }
        }
        return try body()
    }

    /// Where a symbolic link leads (fully resolved), or the path itself.
    private static func resolvedLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else {
            return path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `mkdir -p` with mode 0700 for each folder made.
    public static func makeFolders(_ folder: String) throws(Failure) {
        var path = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            path += "/" + part
            guard mkdir(path, 0o700) != 0 else { continue }
            let failure = Failure.system("create the folder", path)
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw failure }
        }
    }
}
