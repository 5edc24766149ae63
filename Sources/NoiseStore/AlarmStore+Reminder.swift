import NoiseAlarms
import NoiseCore
import NoiseSQLite

/// The gratitude diary's daily reminder (docs/life.md): a time of day and the instant after which the next one is
/// looked for, kept by the scheduler on the alarms' rule, so it is stored with the alarms' look-after instants.
/// Its table came with the life calendar (schema v5).
extension AlarmStore {
    public func reminder() async throws -> DailyReminder? {
        try await database.read { db in try Self.readReminder(db) }
    }

    /// Keeps the reminder (its time and how far it is dealt with), or with nil forgets it.
    public func setReminder(_ reminder: DailyReminder?) async throws {
        try await database.write { db in try Self.write(reminder, db) }
    }

    // MARK: Rows (read and written here and by recovery alike)

    static func readReminder(_ db: SQLiteConnection) throws -> DailyReminder? {
        guard let row = try db.fetchOne(sql: "SELECT time, lookAfter FROM reminder WHERE kind = 'gratitude'") else {
            return nil
        }
        return DailyReminder(time: try TimeOfDay.parse(row["time"]), lookAfter: try row["lookAfter"])
    }

    static func write(_ reminder: DailyReminder?, _ db: SQLiteConnection) throws {
        guard let reminder else { return try db.execute(sql: "DELETE FROM reminder WHERE kind = 'gratitude'") }
        try db.execute(
            sql: "INSERT OR REPLACE INTO reminder (kind, time, lookAfter) VALUES ('gratitude', ?, ?)",
            arguments: [reminder.time.description, reminder.lookAfter])
    }
}
