import NoiseCore

/// The volume and fades `play` and `stop` use when the command names none, and what happens at start.
public struct PlaybackDefaults: Sendable, Equatable {
    public var volume = 100.0
    public var fadeInSeconds = Limits.defaultFadeSeconds
    public var fadeOutSeconds = Limits.defaultFadeSeconds
    /// Fade-out at the end of a sleep timer.
    public var sleepFadeSeconds = Limits.defaultSleepFadeSeconds
    /// Whether noised plays the last mix again when it starts, if it was playing when it stopped.
    public var resumeOnStart = false
    /// What the desktop's Play key plays when nothing has ever played (docs/desktop.md).
    public var defaultSound = "rain"

    public init() {}
}
