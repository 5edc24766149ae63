import NoiseAlarms
import NoiseCatalog
import NoiseCore
import NoiseSQLite

/// What could be read of a database, row by row: every row that reads and passes the alarm's rules, and the ids of
/// those that do not. A damaged page makes SQLite fail a whole table scan at that page, so a scan that fails is
/// finished from the other end, and the ids between are looked up one by one (`StoreLimits.maxStoreProbeIDs`).
struct SalvagedStore: Sendable {
    var alarms: [StoredAlarm] = []
    var snoozes: [SnoozeRecord] = []
    var missed: [MissedAlarm] = []
    /// Alarm ids whose rows could not be read (each id on a damaged page, including ones that may have been
    /// deleted) or were refused.
    var skippedAlarmIDs: [Int64] = []
    /// The player's state and the saved mixes (schema v2), read whole or not at all.
    var playback: StoredPlayback?
    var mixes: [MixInfo] = []
    /// The life calendar's data (schema v5), each table read whole or not at all.
    var life = SalvagedLife()
    /// The gratitude diary's daily reminder (schema v5, kept with the alarms).
    var reminder: DailyReminder?
    /// What was wrong, one line per refused row or unreadable table.
    var problems: [String] = []
    /// The highest alarm id ever given, so a rebuilt store never gives one again.
    var lastAlarmID: Int64 = 0

    static func read(_ db: SQLiteConnection) -> SalvagedStore {
        var salvage = SalvagedStore()
        let tables: [String]
        do {
            tables = try db.fetchValues(sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        } catch {
            salvage.problems.append("the list of tables cannot be read: \(NoiseDatabase.describe(error))")
            return salvage
        }
        // A file with no tables yet is a new store (the migration has not run), not a damaged one.
        if tables.isEmpty { return salvage }
        for table in ["alarm", "snooze", "missed"] where !tables.contains(table) {
            salvage.problems.append("the \(table) table is missing")
        }
        if tables.contains("alarm") { salvage.readAlarms(db) }
        if tables.contains("snooze") { salvage.readSnoozes(db) }
        if tables.contains("missed") { salvage.readMissed(db) }
        salvage.playback =
            attempt(
                ["player", "player_sound"], "the player's state", tables: tables,
                problems: &salvage.problems
            ) { try PlaybackStore.readPlayback(db) } ?? nil
        salvage.mixes =
            attempt(
                ["mix", "mix_sound"], "the saved mixes", tables: tables,
                problems: &salvage.problems
            ) { try PlaybackStore.readMixes(db) } ?? []
        salvage.life = SalvagedLife.read(db, tables: tables, problems: &salvage.problems)
        salvage.reminder =
            attempt(
                ["reminder"], "the gratitude reminder", tables: tables,
                problems: &salvage.problems
            ) { try AlarmStore.readReminder(db) } ?? nil
        return salvage
    }

    /// What `read` gives when the `needed` tables are there, each read whole or not at all; nil when they are not,
    /// or when the read fails, which is a problem saying `what` cannot be read.
    static func attempt<T>(
        _ needed: [String], _ what: String, tables: [String], problems: inout [String],
        _ read: () throws -> T
    ) -> T? {
        guard needed.allSatisfy(tables.contains) else { return nil }
        do { return try read() } catch {
            problems.append("\(what) cannot be read: \(NoiseDatabase.describe(error))")
            return nil
        }
    }

    private mutating func readAlarms(_ db: SQLiteConnection) {
        let scan = Self.scan(db, table: "alarm", key: "id")
        var rows = scan.rows
        let sequence =
            (try? db.fetchValue(Int64.self, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'alarm'")) ?? nil
        lastAlarmID = max(sequence ?? 0, rows.keys.max() ?? 0)
        if !scan.complete {
            problems.append("the alarm table cannot be read through: \(scan.failure ?? "unknown error")")
            let highest = max(
                lastAlarmID, ((try? db.fetchValue(Int64.self, sql: "SELECT max(id) FROM alarm")) ?? nil) ?? 0)
            lastAlarmID = highest
            if highest > StoreLimits.maxStoreProbeIDs {
                problems.append(
                    "alarm ids above \(StoreLimits.maxStoreProbeIDs) were not looked for (the highest is \(highest))")
            }
            var unreadable: [Int64] = []
            for id in 1...max(1, min(highest, StoreLimits.maxStoreProbeIDs)) where rows[id] == nil {
                do {
                    if let row = try db.fetchOne(sql: "SELECT * FROM alarm WHERE id = ?", arguments: [id]) {
                        rows[id] = row
                    }
                } catch {
                    unreadable.append(id)
                }
            }
            skippedAlarmIDs += unreadable
            if !unreadable.isEmpty { problems.append("alarms \(IDRanges.text(unreadable)) are on damaged pages") }
        }
        for (_, row) in rows.sorted(by: { $0.key < $1.key }) {
            do throws(StoredRowProblem) {
                alarms.append(try AlarmRecord.decode(row))
            } catch {
                if let id = error.id { skippedAlarmIDs.append(id) }
                problems.append("alarm \(error)")
            }
        }
        skippedAlarmIDs.sort()
    }

    private mutating func readSnoozes(_ db: SQLiteConnection) {
        let scan = Self.scan(db, table: "snooze", key: "alarmId")
        if !scan.complete {
            problems.append("the snooze table cannot be read through: \(scan.failure ?? "unknown error")")
        }
        for (_, row) in scan.rows.sorted(by: { $0.key < $1.key }) {
            do throws(StoredRowProblem) {
                let reader = try StoredRowReader(row: row, key: "alarmId")
                snoozes.append(
                    SnoozeRecord(
                        alarmId: reader.id, ringAt: try reader.real("ringAt"), trigger: try reader.real("trigger")))
            } catch {
                problems.append("snooze \(error)")
            }
        }
    }

    private mutating func readMissed(_ db: SQLiteConnection) {
        let scan = Self.scan(db, table: "missed", key: "id")
        if !scan.complete {
            problems.append("the missed table cannot be read through: \(scan.failure ?? "unknown error")")
        }
        for (_, row) in scan.rows.sorted(by: { $0.key < $1.key }) {
            do throws(StoredRowProblem) {
                let reader = try StoredRowReader(row: row, key: "id")
                missed.append(
                    MissedAlarm(
                        id: reader.id, alarmId: try reader.integer("alarmId"), label: try reader.text("label"),
                        trigger: try reader.real("trigger"), reason: try reader.text("reason"),
                        recordedAt: try reader.integer("recordedAt")))
            } catch {
                problems.append("missed \(error)")
            }
        }
    }

    /// Every row a scan in key order reaches; when it fails, a second scan from the other end reaches the rows
    /// beyond the damage.
    private static func scan(
        _ db: SQLiteConnection, table: String, key: String
    ) -> (rows: [Int64: SQLiteRow], complete: Bool, failure: String?) {
        var rows: [Int64: SQLiteRow] = [:]
        var failure: String?
        for order in ["ASC", "DESC"] {
            do {
                try db.forEachRow(sql: "SELECT * FROM \(table) ORDER BY \(key) \(order)") { row in
                    if case .integer(let value) = row.value(key) { rows[value] = row }
                }
                if failure == nil { return (rows, true, nil) }
            } catch {
                failure = failure ?? NoiseDatabase.describe(error)
            }
        }
        return (rows, false, failure)
    }
}
