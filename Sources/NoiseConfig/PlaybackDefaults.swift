import NoiseCore

/// The volume and fades `play` and `stop` use when the command names none.
public struct PlaybackDefaults: Sendable, Equatable {
    public var volume = 100.0
    public var fadeInSeconds = Limits.defaultFadeSeconds
    public var fadeOutSeconds = Limits.defaultFadeSeconds
    /// Fade-out at the end of a sleep timer.
    public var sleepFadeSeconds = Limits.defaultSleepFadeSeconds

    public init() {}
}
