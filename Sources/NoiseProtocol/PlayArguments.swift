public struct PlayArguments: Sendable, Equatable, Codable {
    /// Sound ids, at least one, no repeats.
    public var sounds: [String]
    /// 0 to 100; nil keeps a playing sound's volume, or 100 for a new one.
    public var volume: Double?
    /// Seconds of fade-in; nil means the daemon's default.
    public var fadeIn: Double?
    /// Sleep timer: seconds until everything stops; nil means play until told to stop.
    public var `for`: Double?
    /// Seconds of fade-out at the end of the sleep timer; nil means the default.
    public var fadeOut: Double?

    public init(sounds: [String], volume: Double? = nil, fadeIn: Double? = nil, for duration: Double? = nil,
                fadeOut: Double? = nil) {
        self.sounds = sounds
        self.volume = volume
        self.fadeIn = fadeIn
        self.for = duration
        self.fadeOut = fadeOut
    }
}
