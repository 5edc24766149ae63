import Logging
import NoiseAudio
import NoiseConfig
import NoiseCore
import NoiseProtocol
import Synchronization

/// The settings in force: the config file's (when it has no problems) under the command line's overrides.
/// Reloaded on SIGHUP; a file with problems is reported and leaves the settings as they were.
public actor LiveConfiguration {
    public let reader: ConfigReader
    public let overrides: SettingsOverrides
    public private(set) var settings: DaemonSettings
    private var loaded: ConfigReader.Loaded {
        didSet {
            published.withLock { $0 = Self.status(of: loaded, path: reader.path) }
        }
    }
    /// `status` reads this copy without waiting for the actor (see `StatusBoard`).
    private let published: Mutex<ConfigStatus>

    /// `initial` is what the executable read at start-up (before logging was set up).
    public init(reader: ConfigReader, overrides: SettingsOverrides, initial: ConfigReader.Loaded) {
        self.reader = reader
        self.overrides = overrides
        self.loaded = initial
        self.settings = overrides.applied(to: initial.settings)
        self.published = Mutex(Self.status(of: initial, path: reader.path))
    }

    /// Reads the file again. On success the new settings are in force; either way the outcome says what
    /// happened. The read runs on its own thread.
    public func reload() async -> (previous: DaemonSettings, loaded: ConfigReader.Loaded) {
        let reader = self.reader
        let fresh = await FileWork.run { reader.read() }
        let previous = settings
        loaded.problems = fresh.problems
        if fresh.problems.isEmpty {
            loaded = fresh
            settings = overrides.applied(to: fresh.settings)
        }
        return (previous, fresh)
    }

    public nonisolated var status: ConfigStatus { published.withLock { $0 } }

    private static func status(of loaded: ConfigReader.Loaded, path: String) -> ConfigStatus {
        ConfigStatus(path: path, found: loaded.exists, problems: loaded.problems.map(\.description))
    }
}
