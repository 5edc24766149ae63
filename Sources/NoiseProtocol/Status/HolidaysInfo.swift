import NoiseCore

/// The holidays file as noised last read it (`[alarms] holidays`, docs/alarms.md "Holidays"): in `status`, so that a
/// file that is missing or has a bad line is seen before a holiday morning, not on it.
public struct HolidaysInfo: Sendable, Equatable, Codable {
    /// The file, as the config names it.
    public var file: String
    /// How many events were read from it (each may mark many days).
    public var events: Int
    /// What was wrong, each with its line: a missing file, a line libical could not read, an unknown zone. The days
    /// such an event marks are not skipped: the alarms ring on them.
    public var problems: [String]

    public init(file: String, events: Int, problems: [String]) {
        self.file = file
        self.events = events
        self.problems = problems
    }
}
