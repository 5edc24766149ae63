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

    public init(path: String?, sound: Bool, integrity: [String], alarms: Int, skippedAlarms: [Int64], problems: [String],
                storeProblem: String?, corruptCopy: String?) {
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

/// The reply to `store_recover`: what the rebuilt store kept.
public struct StoreRecovery: Codable, Sendable, Equatable {
    public var path: String
    /// False when the store was sound and nothing was done.
    public var recovered: Bool
    /// The alarms in the store now.
    public var kept: Int
    /// The ids of the alarms that could not be read, left out of the rebuilt store.
    public var dropped: [Int64]
    /// The damaged file's copy, which stays.
    @ExplicitNull public var corruptCopy: String?

    public init(path: String, recovered: Bool, kept: Int, dropped: [Int64], corruptCopy: String?) {
        self.path = path
        self.recovered = recovered
        self.kept = kept
        self.dropped = dropped
        self.corruptCopy = corruptCopy
    }
}
