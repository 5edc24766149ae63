public struct StopArguments: Sendable, Equatable, Codable {
    /// Sounds to stop; nil stops everything (and the sleep timers).
    public var sounds: [String]?
    /// Seconds of fade-out; nil means the daemon's default.
    public var fade: Double?
    /// Clear the sleep timers of `sounds` (nil: all) and stop nothing.
    public var timer: Bool

    public init(sounds: [String]? = nil, fade: Double? = nil, timer: Bool = false) {
        self.sounds = sounds
        self.fade = fade
        self.timer = timer
    }
}
