import NoiseAlarms
import NoiseCore
import NoiseSQLite
import NoiseTime

/// The alarms' part of the database: alarms, their snoozes, the look-after instants the scheduler keeps, the
/// missed alarms and the diary's daily reminder (which the scheduler keeps as it keeps an alarm). The scheduler is
/// the one that holds it; the player and the life desk have their own stores over the same database.
public struct AlarmStore: Sendable {
    /// What the scheduler starts from.
    public struct Snapshot: Sendable {
        public var alarms: [Alarm]
        public var lookAfter: [Int64: Double]
        public var snoozes: [Int64: AlarmSchedule.Snooze]
        /// The ring each alarm skips, by its instant.
        public var skips: [Int64: Double]
        /// The date each paused alarm rings again from.
        public var pauses: [Int64: LocalDate]
    }

    let database: NoiseDatabase

    public init(_ database: NoiseDatabase) {
        self.database = database
    }

    // MARK: Reading

    public func snapshot() async throws -> Snapshot {
        // Row by row, each checked (`AlarmRecord.decode`): the store was inspected when opened, so a row refused
        // here was written since by another hand; it is left out rather than stop every alarm.
        let (salvage, skips, pauses) = try await database.read { db in
            (
                SalvagedStore.read(db), try db.fetchAll(sql: "SELECT alarmId, ringAt FROM skip").map(Self.skip),
                try db.fetchAll(sql: "SELECT alarmId, \"until\" FROM pause").compactMap(Self.pause)
            )
        }
        return Snapshot(
            alarms: salvage.alarms.map(\.alarm),
            lookAfter: Dictionary(
                salvage.alarms.map { ($0.alarm.id, $0.lookAfter) }, uniquingKeysWith: { first, _ in first }),
            snoozes: Dictionary(
                salvage.snoozes.map { ($0.alarmId, AlarmSchedule.Snooze(ringAt: $0.ringAt, trigger: $0.trigger)) },
                uniquingKeysWith: { first, _ in first }),
            skips: Dictionary(skips, uniquingKeysWith: { first, _ in first }),
            pauses: Dictionary(pauses, uniquingKeysWith: { first, _ in first }))
    }

    /// A pause's row; one whose date does not read (the schema checks only its shape: 2026-02-31) is left out, and
    /// its alarm rings as if unpaused rather than never.
    private static func pause(_ row: SQLiteRow) throws -> (Int64, LocalDate)? {
        let until: String = try row["until"]
        guard let date = try? LocalDate.parse(until) else { return nil }
        return (try row["alarmId"], date)
    }

    private static func skip(_ row: SQLiteRow) throws -> (Int64, Double) {
        (try row["alarmId"], try row["ringAt"])
    }

    public func missed(limit: Int = 50) async throws -> [MissedAlarm] {
        try await database.read { db in
            try db.fetchAll(sql: "SELECT * FROM missed ORDER BY recordedAt DESC, id DESC LIMIT ?", arguments: [limit])
                .map(MissedAlarm.init)
        }
    }

    // MARK: Writing

    /// Forgets every missed alarm; returns how many there were.
    public func clearMissed() async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM missed")
            return db.changes
        }
    }

    /// Stores a new alarm and returns it with its id.
    public func insert(_ alarm: Alarm, lookAfter: Double) async throws -> Alarm {
        try await database.write { db in
            var record = AlarmRecord(alarm, lookAfter: lookAfter, createdAt: Int64(lookAfter.rounded(.down)))
            record.id = nil
            try record.insert(db)
            var stored = alarm
            stored.id = record.id!
            return stored
        }
    }

    /// Replaces an alarm's settings (`lookAfter` is the instant of the change); false when there is no such alarm.
    /// The alarm's snooze goes in the same transaction when the change ends it, as `AlarmSchedule.put` drops it: a
    /// disabled alarm keeps no snooze, and a snooze that has come due (its ring is in progress) is over. Its skip goes
    /// with it unless `keepsSkip` (`AlarmSchedule.keepsSkip`: a new time or repeat, or switching it off, ends it), its
    /// pause unless `keepsPause` (`AlarmSchedule.keepsPause`: switching it off or making it ring once ends it).
    @discardableResult
    public func update(
        _ alarm: Alarm, lookAfter: Double, keepsSkip: Bool = false, keepsPause: Bool = false
    ) async throws -> Bool {
        try await database.write { db in
            guard
                let createdAt = try db.fetchValue(
                    Int64.self, sql: "SELECT createdAt FROM alarm WHERE id = ?", arguments: [alarm.id])
            else { return false }
            try AlarmRecord(alarm, lookAfter: lookAfter, createdAt: createdAt).update(db)
            // Not left to the scheduler's later `persistSnooze(nil)`, a second transaction: a crash between the two
            // left the alarm disabled but still snoozed, so it rang when the snooze ended (found by the kill -9
            // stress test, Tests/stress/test_crash_safety.py).
            try db.execute(
                sql: "DELETE FROM snooze WHERE alarmId = ? AND (? OR ringAt <= ?)",
                arguments: [alarm.id, !alarm.enabled, lookAfter])
            if !keepsSkip { try db.execute(sql: "DELETE FROM skip WHERE alarmId = ?", arguments: [alarm.id]) }
            if !keepsPause { try db.execute(sql: "DELETE FROM pause WHERE alarmId = ?", arguments: [alarm.id]) }
            return true
        }
    }

    /// Stores the date an alarm is paused until (`alarm pause --until`), or with nil, ends its pause (`--undo`).
    public func setPause(_ until: LocalDate?, ofAlarm alarmID: Int64) async throws {
        try await database.write { db in
            if let until {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO pause (alarmId, \"until\") VALUES (?, ?)",
                    arguments: [alarmID, until.description])
            } else {
                try db.execute(sql: "DELETE FROM pause WHERE alarmId = ?", arguments: [alarmID])
            }
        }
    }

    /// Stores the ring an alarm skips (`alarm skip`), or with nil, takes its skip back (`--undo`).
    public func setSkip(_ ringAt: Double?, ofAlarm alarmID: Int64) async throws {
        try await database.write { db in
            if let ringAt {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO skip (alarmId, ringAt) VALUES (?, ?)", arguments: [alarmID, ringAt])
            } else {
                try db.execute(sql: "DELETE FROM skip WHERE alarmId = ?", arguments: [alarmID])
            }
        }
    }

    @discardableResult
    public func delete(id: Int64) async throws -> Bool {
        try await delete(ids: [id]) == 1
    }

    /// Deletes the alarms in one transaction: all of them, or none if the write fails. Returns how many there were.
    @discardableResult
    public func delete(ids: [Int64]) async throws -> Int {
        try await database.write { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            try db.execute(sql: "DELETE FROM alarm WHERE id IN (\(marks))", arguments: ids)
            return db.changes
        }
    }

    /// Records what the scheduler decided, all in one transaction, before the scheduler acts on it.
    public func record(_ actions: [AlarmSchedule.Action], labels: [Int64: String], now: Int64) async throws {
        guard actions.contains(where: \.isPersistent) else { return }
        try await database.write { db in
            for action in actions {
                switch action {
                case .persistLookAfter(let alarmID, let instant):
                    try db.execute(sql: "UPDATE alarm SET lookAfter = ? WHERE id = ?", arguments: [instant, alarmID])
                case .persistSnooze(let alarmID, let snooze?):
                    try SnoozeRecord(alarmId: alarmID, ringAt: snooze.ringAt, trigger: snooze.trigger).save(db)
                case .persistSnooze(let alarmID, nil):
                    try db.execute(sql: "DELETE FROM snooze WHERE alarmId = ?", arguments: [alarmID])
                case .skipSpent(let alarmID):
                    try db.execute(sql: "DELETE FROM skip WHERE alarmId = ?", arguments: [alarmID])
                case .pauseEnded(let alarmID):
                    try db.execute(sql: "DELETE FROM pause WHERE alarmId = ?", arguments: [alarmID])
                case .disable(let alarmID):
                    try db.execute(sql: "UPDATE alarm SET enabled = 0 WHERE id = ?", arguments: [alarmID])
                case .remove(let alarmID):
                    try db.execute(sql: "DELETE FROM alarm WHERE id = ?", arguments: [alarmID])
                case .missed(let alarmID, let trigger, let reason):
                    let missed = MissedAlarm(
                        id: nil, alarmId: alarmID, label: labels[alarmID] ?? "", trigger: trigger,
                        reason: reason.rawValue, recordedAt: now)
                    try missed.insert(db)
                case .ring, .stopRinging, .snoozed, .dismissed:
                    break
                }
            }
        }
    }

    /// Writes the alarms, snoozes and missed alarms of a salvage into an empty database; returns the ids of the
    /// alarms its schema refused. The id sequence goes on from the highest id the old file gave, so no id is given
    /// twice.
    static func fill(_ db: SQLiteConnection, from salvage: SalvagedStore) throws -> [Int64] {
        var refused: [Int64] = []
        var kept = Set<Int64>()
        for stored in salvage.alarms {
            var record = stored.record
            do {
                try record.insert(db)
                kept.insert(stored.alarm.id)
            } catch {
                refused.append(stored.alarm.id)
            }
        }
        for snooze in salvage.snoozes where kept.contains(snooze.alarmId) {
            try? snooze.insert(db)
        }
        for missed in salvage.missed {
            try? missed.insert(db)
        }
        let last = max(salvage.lastAlarmID, kept.max() ?? 0)
        if last > 0 {
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = 'alarm'")
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('alarm', ?)", arguments: [last])
        }
        return refused
    }
}

extension AlarmSchedule.Action {
    /// Whether the store has something to write for this action.
    var isPersistent: Bool {
        switch self {
        case .persistLookAfter, .persistSnooze, .disable, .remove, .missed, .skipSpent, .pauseEnded: true
        case .ring, .stopRinging, .snoozed, .dismissed: false
        }
    }
}
