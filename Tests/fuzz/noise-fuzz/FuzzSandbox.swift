import Foundation
import NoiseCatalog
import NoiseCore

/// The request target's folder: the repository's catalog (`sounds.json`) with every sound a copy of a tiny MP3 (a
/// third of a second, so playing costs next to nothing): loops get Tests/fuzz/tiny.mp3 (44.1 kHz, the catalog's
/// format), alarm tones Tests/fuzz/tiny-22k.mp3 (22.05 kHz, to be resampled: such a file once crashed the
/// daemon); and a user folder per process for `import` to write to. The folder's path is fixed (`/tmp/noise-fuzz`,
/// or `$NOISE_FUZZ_SANDBOX`) so that seeds can import `/tmp/noise-fuzz/data/sounds/beep.mp3`; every process writes
/// the same files there, each by rename, so several fuzzers can share it.
struct FuzzSandbox: Sendable {
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// The sandbox with symbolic links resolved.
    let root: String
    let dataDirectory: String
    let userDirectory: String

    /// `repository` holds `sounds.json` and `Tests/fuzz/`.
    static func prepare(path: String, repository: String) throws -> FuzzSandbox {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw SetupError(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else {
            throw SetupError(description: "\(path) is not a folder of this user's; set NOISE_FUZZ_SANDBOX to another")
        }
        guard let root = SandboxFileSystem.resolve(path) else {
            throw SetupError(description: "cannot resolve \(path)")
        }
        let catalog = try Data(contentsOf: URL(fileURLWithPath: repository + "/sounds.json"))
        let loop = try Data(contentsOf: URL(fileURLWithPath: repository + "/Tests/fuzz/tiny.mp3"))
        let tone = try Data(contentsOf: URL(fileURLWithPath: repository + "/Tests/fuzz/tiny-22k.mp3"))
        let sandbox = FuzzSandbox(
            root: root, dataDirectory: root + "/data",
            userDirectory: root + "/user-\(getpid())")
        let files = FileManager.default
        try files.createDirectory(atPath: sandbox.dataDirectory + "/sounds", withIntermediateDirectories: true)
        try catalog.write(to: URL(fileURLWithPath: sandbox.dataDirectory + "/sounds.json"), options: .atomic)
        for entry in CatalogParser.parse(Array(catalog), source: "sounds.json").entries {
            let path = sandbox.dataDirectory + "/sounds/" + entry.file
            try files.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try (entry.kind == .alarm ? tone : loop).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        sandbox.cleanUp()
        return sandbox
    }

    /// Removes what imports wrote, so every input starts from the same catalog.
    func cleanUp() {
        if access(userDirectory, F_OK) == 0 { try? FileManager.default.removeItem(atPath: userDirectory) }
    }
}
