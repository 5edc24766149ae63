import NoiseCore

/// The reply to `store_check`: whether the alarm store is sound, by SQLite's `integrity_check` and a read of every
/// row with the alarm's rules.
public struct StoreCheck: Codable, Sendable, Equatable {
    /// The store's file; null for a store in memory.
    @ExplicitNull public var path: String?
    public var sound: Bool
    /// SQLite's findings, `["ok"]` for a sound file (or the error that kept the check from running).
    public var integrity: [String]
    /// The alarms that read well.
    public var alarms: Int
    /// The ids of alarms that could not be read or broke the rules, so do not ring.
    public var skippedAlarms: [Int64]
    /// What was wrong, a line per refused row or unreadable table.
    public var problems: [String]
    /// Why changes are refused (as in `status`), or null.
    @ExplicitNull public var storeProblem: String?
    /// Where the damaged file was copied when noised found it, or null.
    @ExplicitNull public var corruptCopy: String?

    public init(
        path: String?, sound: Bool, integrity: [String], alarms: Int, skippedAlarms: [Int64], problems: [String],
        storeProblem: String?, corruptCopy: String?
    ) {
        self.path = path
        self.sound = sound
        self.integrity = integrity
        self.alarms = alarms
        self.skippedAlarms = skippedAlarms
        self.problems = problems
        self.storeProblem = storeProblem
        self.corruptCopy = corruptCopy
    }
}
