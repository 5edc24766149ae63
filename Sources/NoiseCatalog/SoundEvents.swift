/// Sounds mixed on top of a loop at random moments and gains (thunder in a storm, birds at dawn), so that the
/// loop is not heard repeating: the catalog's `events` field. The loop itself still plays sample for sample; the
/// events are added over it (`EventSchedule` says when, `SoundscapeSource` mixes them).
public struct SoundEvents: Sendable, Equatable, Codable {
    /// The events' audio files, relative to the catalog's `sounds/` folder like an entry's `file`.
    public var files: [String]
    /// Seconds from one event's start to the next's (the first counts from the start of play), drawn evenly
    /// from this range each time.
    public var every: ClosedRange<Double>
    /// Each event's gain in dB, drawn evenly from this range each time (0: the file as it is).
    public var gainDB: ClosedRange<Double>

    public init(files: [String], every: ClosedRange<Double>, gainDB: ClosedRange<Double>) {
        self.files = files
        self.every = every
        self.gainDB = gainDB
    }

    // `gainDb`: the JSON coders turn it into and out of `gain_db`; `gainDB` would be written as `gain_db` but
    // read back from `gainDb`.
    enum CodingKeys: String, CodingKey {
        case files, every
        case gainDB = "gainDb"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        files = try container.decode([String].self, forKey: .files)
        every = try Self.range(container.decode([Double].self, forKey: .every), at: .every, in: container)
        gainDB = try Self.range(container.decode([Double].self, forKey: .gainDB), at: .gainDB, in: container)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(files, forKey: .files)
        try container.encode([every.lowerBound, every.upperBound], forKey: .every)
        try container.encode([gainDB.lowerBound, gainDB.upperBound], forKey: .gainDB)
    }

    private static func range(
        _ pair: [Double], at key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> ClosedRange<Double> {
        guard pair.count == 2, pair[0] <= pair[1] else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "expected [low, high] with low <= high")
        }
        return pair[0]...pair[1]
    }
}
