import NoiseConfig
import NoiseCore

/// Reads `config.toml` from disk. A missing file means the defaults; a file that cannot be read or has any
/// problem is not used (see `ConfigFile`). Blocks on the read: call at start-up or on a blocking-work thread.
public struct ConfigReader: Sendable {
    public struct Loaded: Sendable, Equatable {
        /// The file's settings, or the defaults when it is missing or has problems.
        public var settings: DaemonSettings
        public var exists: Bool
        public var problems: [ConfigProblem]
        public var keys: [String]
    }

    public let path: String
    let home: String
    let fileSystem: any FileSystem

    public init(path: String, home: String, fileSystem: any FileSystem = LocalFileSystem()) {
        self.path = path
        self.home = home
        self.fileSystem = fileSystem
    }

    public func read() -> Loaded {
        guard fileSystem.fileExists(path) else {
            return Loaded(settings: DaemonSettings(), exists: false, problems: [], keys: [])
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: path)
        } catch {
            return Loaded(
                settings: DaemonSettings(), exists: true,
                problems: [ConfigProblem(line: 0, key: nil, message: "cannot read \(path): \(error)")], keys: [])
        }
        let result = ConfigFile.read(bytes, home: home)
        return Loaded(settings: result.settings, exists: true, problems: result.problems, keys: result.keys)
    }
}
