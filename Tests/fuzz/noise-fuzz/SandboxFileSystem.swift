import NoiseDaemon

#if canImport(Glibc)
import Glibc
#endif

/// The rig's file system: the real one, confined to one folder. A fuzzed `import` names any path; outside the
/// sandbox every file is absent (so the importer never reads /dev/urandom, a FIFO or the fuzzer's own files, and
/// never writes outside), and inside only regular files and folders exist.
struct SandboxFileSystem: FileSystem {
    struct Refused: Error, CustomStringConvertible {
        var path: String
        var description: String { "outside the fuzz sandbox: \(path.prefix(80))" }
    }

    /// An absolute path without symbolic links.
    let root: String
    private let local = LocalFileSystem()

    init(root: String) {
        self.root = root
    }

    func contents(of path: String) throws -> [UInt8] {
        guard fileExists(path) else { throw Refused(path: path) }
        return try local.contents(of: path)
    }

    func fileExists(_ path: String) -> Bool {
        guard let resolved = Self.resolve(path), inside(resolved) else { return false }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFREG || type == S_IFDIR
    }

    func fileSize(_ path: String) -> Int? {
        fileExists(path) ? local.fileSize(path) : nil
    }

    func contentsOfDirectory(_ path: String) throws -> [String] {
        guard fileExists(path) else { throw Refused(path: path) }
        return try local.contentsOfDirectory(path)
    }

    func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        try checkWritable(path)
        try local.writeAtomically(bytes, to: path)
    }

    func regularFileProblem(_ path: String) -> String? {
        guard let resolved = Self.resolve(path), inside(resolved) else { return "not found" }
        return local.regularFileProblem(resolved)
    }

    func copyFile(from source: String, to destination: String, maxBytes: Int) throws {
        guard fileExists(source) else { throw Refused(path: source) }
        try checkWritable(destination)
        try local.copyFile(from: source, to: destination, maxBytes: maxBytes)
    }

    func moveFile(from source: String, to destination: String) throws {
        try checkWritable(source)
        try checkWritable(destination)
        try local.moveFile(from: source, to: destination)
    }

    func createDirectory(_ path: String) throws {
        try checkWritable(path)
        try local.createDirectory(path)
    }

    func removeFile(_ path: String) throws {
        try checkWritable(path)
        try local.removeFile(path)
    }

    private func inside(_ resolved: String) -> Bool {
        resolved == root || resolved.hasPrefix(root + "/")
    }

    /// A path to create or replace: absolute, without `.` or `..` components, and under a folder that exists in
    /// the sandbox (`createDirectory` makes the folders between).
    private func checkWritable(_ path: String) throws {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let plain = !components.contains { $0 == "." || $0 == ".." }
        guard path.hasPrefix("/"), !path.utf8.contains(0), plain else { throw Refused(path: path) }
        var folder = components.dropLast()
        while folder.count > 1, Self.resolve(folder.joined(separator: "/")) == nil { folder = folder.dropLast() }
        let existing = folder.count > 1 ? folder.joined(separator: "/") : "/"
        guard let resolved = Self.resolve(existing), inside(resolved) else { throw Refused(path: path) }
    }

    /// `realpath(3)`: nil when the path does not exist, is not absolute, or holds a NUL.
    static func resolve(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
