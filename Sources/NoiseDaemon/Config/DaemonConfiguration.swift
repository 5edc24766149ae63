import NoiseCore

/// Everything the daemon is started with, resolved from options, the config file and the environment before
/// anything runs.
public struct DaemonConfiguration: Sendable {
    /// The control socket, and what its folders must be.
    public var socket: SocketLocation
    /// The installed catalog: a folder holding `sounds.json` and `sounds/`.
    public var dataDirectory: String
    /// The user's overlay: a folder holding (or to hold) `sounds.json` and `sounds/`.
    public var userDataDirectory: String
    /// Where the alarm database lives (`$XDG_STATE_HOME/noised`).
    public var stateDirectory: String
    /// Where decoded sounds are kept across restarts (`$XDG_CACHE_HOME/noised/decoded`).
    public var decodedSoundsDirectory: String
    /// The config file's settings under the command line's, reloaded on SIGHUP.
    public var live: LiveConfiguration
    /// The log level in force, which a reload may change.
    public var logLevel: LogLevelControl
    /// Faults only the tests switch on (`NOISED_TEST_FAULTS`).
    public var faults: TestFaults
    /// Where the satellites' elements are downloaded from: `ElementFetcher` (NoiseDownload) in `noised`.
    public var elementSource: ElementSourceMaker

    public init(
        socket: SocketLocation, dataDirectory: String, userDataDirectory: String, stateDirectory: String,
        decodedSoundsDirectory: String, live: LiveConfiguration, logLevel: LogLevelControl,
        faults: TestFaults = TestFaults(),
        elementSource: @escaping ElementSourceMaker
    ) {
        self.socket = socket
        self.dataDirectory = dataDirectory
        self.userDataDirectory = userDataDirectory
        self.stateDirectory = stateDirectory
        self.decodedSoundsDirectory = decodedSoundsDirectory
        self.live = live
        self.logLevel = logLevel
        self.faults = faults
        self.elementSource = elementSource
    }
}
