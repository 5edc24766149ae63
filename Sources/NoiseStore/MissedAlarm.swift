import NoiseAlarms
import NoiseCore
import NoiseSQLite

/// A missed alarm, kept for `status` and `alarm missed` even if the alarm is removed later.
public struct MissedAlarm: Codable, Sendable, Equatable {
    public var id: Int64?
    public var alarmId: Int64
    public var label: String
    public var trigger: Double
    public var reason: String
    public var recordedAt: Int64
}

extension MissedAlarm {
    /// Inserts the row, with its `id` or (nil) a new one.
    func insert(_ db: SQLiteConnection) throws {
        try db.execute(
            sql: "INSERT INTO missed (id, alarmId, label, trigger, reason, recordedAt) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [id, alarmId, label, trigger, reason, recordedAt])
    }

    init(_ row: SQLiteRow) throws {
        self.init(
            id: try row["id"], alarmId: try row["alarmId"], label: try row["label"], trigger: try row["trigger"],
            reason: try row["reason"], recordedAt: try row["recordedAt"])
    }
}
