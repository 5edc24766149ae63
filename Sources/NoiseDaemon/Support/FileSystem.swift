import Glibc
import NoiseAudio
import NoiseSystem

/// The files the daemon reads and writes (catalogs, imported sounds). One real implementation; the seam exists
/// so the catalog and import logic can be tested against a temporary folder, and the fuzz harness can confine
/// imports to a sandbox. Methods block; callers run them at start-up or on a file-work thread, never on an actor.
public protocol FileSystem: Sendable {
    /// The bytes of a regular file; anything else (a FIFO, a device) is refused without waiting on it.
    func contents(of path: String) throws -> [UInt8]
    func fileExists(_ path: String) -> Bool
    /// Why `path` is not a regular file that can be read (not found, a FIFO, a folder), or nil when it is one.
    func regularFileProblem(_ path: String) -> String?
    /// The size in bytes of a regular file; nil when there is none (what the imported sounds take, for the quota).
    func fileSize(_ path: String) -> Int?
    /// The names in a folder (not paths), unsorted.
    func contentsOfDirectory(_ path: String) throws -> [String]
    /// Writes through a temporary file and a rename, so a crash leaves the old file or the new one, never half.
    func writeAtomically(_ bytes: [UInt8], to path: String) throws
    /// Copies a regular file (anything else is refused without waiting on it) of at most `maxBytes`, flushed to
    /// disk, to `destination`, which must not exist yet.
    func copyFile(from source: String, to destination: String, maxBytes: Int) throws
    /// Renames `source` to `destination` (same file system), replacing it.
    func moveFile(from source: String, to destination: String) throws
    func createDirectory(_ path: String) throws
    func removeFile(_ path: String) throws
}

/// The real files, with POSIX calls (no Foundation in the daemon).
public struct LocalFileSystem: FileSystem {
    public init() {}

    public func contents(of path: String) throws -> [UInt8] {
        let descriptor = try RegularFile.open(path)
        defer { close(descriptor) }
        return try LocalFile.readAll(from: descriptor, name: path, maxBytes: .max, kind: "a file")
    }

    public func fileExists(_ path: String) -> Bool {
        FileKind.of(path) != nil
    }

    public func regularFileProblem(_ path: String) -> String? {
        RegularFile.problem(at: path)
    }

    public func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else {
            let reason =
                errno == ENOENT
                ? "not found"
                : errno == ENOTDIR
                    ? "is not a folder"
                    : "cannot be read: \(String(cString: strerror(errno)))"
            throw FileProblem(path: path, reason: reason)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        try LocalFile.replace(path, with: bytes)
    }

    public func copyFile(from source: String, to destination: String, maxBytes: Int) throws {
        let input = try RegularFile.open(source)
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw FileProblem(path: destination, reason: "cannot be created: \(String(cString: strerror(errno)))")
        }
        defer { close(output) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var copied = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw FileProblem(path: source, reason: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            copied += count
            guard copied <= maxBytes else {
                throw FileProblem(path: source, reason: "is larger than \(maxBytes >> 20) MiB")
            }
            guard
                chunk.withUnsafeBytes({ LocalFile.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: output) }
                )
            else {
                throw FileProblem(path: destination, reason: "cannot be written: \(String(cString: strerror(errno)))")
            }
        }
        guard fsync(output) == 0 else {
            throw FileProblem(path: destination, reason: "cannot be written: \(String(cString: strerror(errno)))")
        }
    }

    public func moveFile(from source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw FileProblem(path: destination, reason: "cannot be written: \(String(cString: strerror(errno)))")
        }
    }

    public func createDirectory(_ path: String) throws {
        // Private: the daemon's folders hold the user's sounds, alarms and cache.
        try LocalFile.makeFolders(path)
    }

    public func removeFile(_ path: String) throws {
        guard unlink(path) == 0 else {
            throw FileProblem(path: path, reason: "cannot be removed: \(String(cString: strerror(errno)))")
        }
    }
}
