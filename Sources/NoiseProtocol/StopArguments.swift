public struct StopArguments: Sendable, Equatable, Codable {
    /// Sounds to stop; nil stops everything (and the sleep timer).
    public var sounds: [String]?
    /// Seconds of fade-out; nil means the daemon's default.
    public var fade: Double?

    public init(sounds: [String]? = nil, fade: Double? = nil) {
        self.sounds = sounds
        self.fade = fade
    }
}
