/// A sleep timer as `status` and `playback` show it.
public struct SleepTimerInfo: Sendable, Equatable, Codable {
    /// Seconds until its sounds have faded to `fadeTo`; 0 once they have (they rest there, with a floor above 0).
    public var remainingSeconds: Double
    public var fadeOutSeconds: Double
    /// The volume its sounds fade to (each to this, or its own when lower; the master volume still applies). 0:
    /// silence, and they stop at the end.
    public var fadeTo: Double

    public init(remainingSeconds: Double, fadeOutSeconds: Double, fadeTo: Double = 0) {
        self.remainingSeconds = remainingSeconds
        self.fadeOutSeconds = fadeOutSeconds
        self.fadeTo = fadeTo
    }
}
