import Glibc
import NoiseSystem

/// The few file operations the store makes on its own files, with POSIX calls: its folder made, a file's bytes
/// compared, a damaged file copied aside, a private copy in the temporary folder. Blocking, like SQLite's calls.
enum StoreFiles {
    /// Makes the folder that holds `path`, and the folders above it, 0700 each, when missing.
    static func makeFolder(of path: String) throws {
        try LocalFile.makeFolders(LocalFile.parentFolder(of: path))
    }

    static func exists(_ path: String) -> Bool { FileKind.of(path) != nil }

    /// The file's bytes, or nil when it cannot be read.
    static func bytes(_ path: String) -> [UInt8]? {
        try? LocalFile.contents(of: path, maxBytes: .max, kind: "the alarm store")
    }

    /// The names in `folder` (not `.` and `..`); none when it cannot be read.
    static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Copies `source` to a new file `target` with the same permission bits; fails when `target` exists.
    static func copy(_ source: String, to target: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw LocalFile.Failure.system("open", source) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw LocalFile.Failure.system("read", source) }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o7777)
        guard output >= 0 else { throw LocalFile.Failure.system("create", target) }
        defer { close(output) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw LocalFile.Failure.system("read", source) }
            if count == 0 { return }
            let written = chunk.withUnsafeBytes {
                LocalFile.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<count]), to: output)
            }
            guard written else { throw LocalFile.Failure.system("write", target) }
        }
    }

    /// A path in the temporary folder (`$TMPDIR`, else `/tmp`) that nothing else uses: the pid and a random part.
    static func temporaryPath(suffix: String) -> String {
        let folder = ProcessEnvironment.variable("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let random = (0..<2).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined(separator: "-")
        return (folder.hasSuffix("/") ? folder : folder + "/") + "noised-\(getpid())-\(random)\(suffix)"
    }
}
