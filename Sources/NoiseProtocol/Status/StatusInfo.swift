import NoiseCatalog
import NoiseCore

/// The daemon's answer to `status`, shared by the daemon (which encodes it) and the client (which prints it).
public struct StatusInfo: Sendable, Equatable, Codable {
    public var version: String
    public var `protocol`: Int
    public var uptimeSeconds: Double
    public var audio: AudioStatus
    public var state: PlaybackState
    public var masterVolume: Double
    public var playing: [PlayingSound]
    @ExplicitNull public var sleepTimer: SleepTimerInfo?
    /// The ids of the sounds that played last (what plays now, else what played before the last stop), so a
    /// client can offer "play again" (`noisectl clock`'s space key).
    public var lastPlayed: [String]
    public var catalog: CatalogSummary
    /// Alarms: the next one, those ringing, recent missed ones, the time zone, wake-from-suspend.
    @ExplicitNull public var alarms: AlarmsStatus?
    /// The config file and its problems (nil from a daemon that does not report it).
    @ExplicitNull public var config: ConfigStatus?
    /// D-Bus: MPRIS, notifications, the sleep inhibitor (nil from a daemon that does not report it).
    @ExplicitNull public var desktop: DesktopStatus?
    /// The satellites' elements and their downloads (nil from a daemon that does not report them).
    @ExplicitNull public var elements: ElementsStatus?

    public init(
        uptimeSeconds: Double, audio: AudioStatus, playback: PlaybackInfo, catalog: CatalogSummary,
        alarms: AlarmsStatus? = nil, config: ConfigStatus? = nil, desktop: DesktopStatus? = nil,
        elements: ElementsStatus? = nil
    ) {
        self.version = Limits.version
        self.protocol = Limits.protocolVersion
        self.uptimeSeconds = uptimeSeconds
        self.audio = audio
        self.state = playback.state
        self.masterVolume = playback.masterVolume
        self.playing = playback.playing
        self.sleepTimer = playback.sleepTimer
        self.lastPlayed = playback.lastPlayed
        self.catalog = catalog
        self.alarms = alarms
        self.config = config
        self.desktop = desktop
        self.elements = elements
    }
}
