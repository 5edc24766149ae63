import NoiseCore

/// Everything the daemon is started with, resolved from options and the environment before anything runs.
public struct DaemonConfiguration: Sendable {
    /// The control socket's path.
    public var socketPath: String
    /// ALSA PCM name, or `null` for the built-in paced null output.
    public var device: String
    /// The installed catalog: a folder holding `sounds.json` and `sounds/`.
    public var dataDirectory: String
    /// The user's overlay: a folder holding (or to hold) `sounds.json` and `sounds/`.
    public var userDataDirectory: String
    /// Where the alarm database lives (`$XDG_STATE_HOME/noised`).
    public var stateDirectory: String
    /// Budget of the decoded-sound cache.
    public var cacheBytes: Int
    /// Fade used by play and stop when the command names none.
    public var defaultFadeSeconds: Double

    public init(socketPath: String, device: String, dataDirectory: String, userDataDirectory: String, stateDirectory: String,
                cacheBytes: Int = Limits.defaultCacheMiB << 20, defaultFadeSeconds: Double = Limits.defaultFadeSeconds) {
        self.socketPath = socketPath
        self.device = device
        self.dataDirectory = dataDirectory
        self.userDataDirectory = userDataDirectory
        self.stateDirectory = stateDirectory
        self.cacheBytes = cacheBytes
        self.defaultFadeSeconds = defaultFadeSeconds
    }
}
