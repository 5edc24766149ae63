import NoiseCatalog
import NoiseCore

/// What plays: the data of `playback` events and part of `status`.
public struct PlaybackInfo: Sendable, Equatable, Codable {
    public var state: PlaybackState
    public var masterVolume: Double
    public var playing: [PlayingSound]
    /// When everything has stopped: present when every sound playing has a sleep timer (the last of them).
    @ExplicitNull public var sleepTimer: SleepTimerInfo?
    /// See `StatusInfo.lastPlayed`.
    public var lastPlayed: [String]
    /// The output device, in the replies of commands that start sound (`play`, `resume`): one that cannot be
    /// opened is said at once (the daemon retries it). Nil in events and in `status`, which has its own.
    @ExplicitNull public var audio: AudioStatus?

    public init(
        state: PlaybackState, masterVolume: Double, playing: [PlayingSound], sleepTimer: SleepTimerInfo?,
        lastPlayed: [String] = []
    ) {
        self.state = state
        self.masterVolume = masterVolume
        self.playing = playing
        self.sleepTimer = sleepTimer
        self.lastPlayed = lastPlayed
    }
}
