public struct PlayArguments: Sendable, Equatable, Codable {
    /// Sound ids, no repeats; empty when `mix` names what to play.
    public var sounds: [String]
    /// A saved mix to play at its own volumes, instead of `sounds`.
    public var mix: String?
    /// 0 to 100; nil keeps a playing sound's volume, or the default for a new one.
    public var volume: Double?
    /// Seconds of fade-in; nil means the daemon's default.
    public var fadeIn: Double?
    /// Sleep timer of these sounds: seconds until they stop; nil means play until told to stop.
    public var `for`: Double?
    /// Seconds of fade-out at the end of the sleep timer; nil means the default.
    public var fadeOut: Double?

    public init(sounds: [String], mix: String? = nil, volume: Double? = nil, fadeIn: Double? = nil,
                for duration: Double? = nil, fadeOut: Double? = nil) {
        self.sounds = sounds
        self.mix = mix
        self.volume = volume
        self.fadeIn = fadeIn
        self.for = duration
        self.fadeOut = fadeOut
    }

    private enum CodingKeys: String, CodingKey {
        case sounds, mix, volume, fadeIn, `for`, fadeOut
    }

    /// `sounds` is left out when empty: a request names sounds or a mix, and the daemon refuses an empty list.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !sounds.isEmpty { try container.encode(sounds, forKey: .sounds) }
        try container.encodeIfPresent(mix, forKey: .mix)
        try container.encodeIfPresent(volume, forKey: .volume)
        try container.encodeIfPresent(fadeIn, forKey: .fadeIn)
        try container.encodeIfPresent(self.for, forKey: .for)
        try container.encodeIfPresent(fadeOut, forKey: .fadeOut)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(sounds: try container.decodeIfPresent([String].self, forKey: .sounds) ?? [],
                  mix: try container.decodeIfPresent(String.self, forKey: .mix),
                  volume: try container.decodeIfPresent(Double.self, forKey: .volume),
                  fadeIn: try container.decodeIfPresent(Double.self, forKey: .fadeIn),
                  for: try container.decodeIfPresent(Double.self, forKey: .for),
                  fadeOut: try container.decodeIfPresent(Double.self, forKey: .fadeOut))
    }
}
