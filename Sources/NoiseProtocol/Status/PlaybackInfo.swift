import NoiseCore

/// What plays: the data of `playback` events and part of `status`.
public struct PlaybackInfo: Sendable, Equatable, Codable {
    public var masterVolume: Double
    public var playing: [PlayingSound]
    @ExplicitNull public var sleepTimer: SleepTimerInfo?
    /// See `StatusInfo.lastPlayed`.
    public var lastPlayed: [String]

    public init(masterVolume: Double, playing: [PlayingSound], sleepTimer: SleepTimerInfo?, lastPlayed: [String] = []) {
        self.masterVolume = masterVolume
        self.playing = playing
        self.sleepTimer = sleepTimer
        self.lastPlayed = lastPlayed
    }
}
