import Foundation
import GRDB
import NoiseCore
import NoiseAlarms

/// Alarms, snoozes and missed alarms in SQLite (WAL, `synchronous = FULL`): a change is on disk before the
/// call returns, so a reply sent after it survives `kill -9` and power loss. The GRDB way: a small wrapper
/// around a `DatabaseWriter` that migrates on open; tests use a real in-memory database.
public final class AlarmStore: Sendable {
    /// What the scheduler starts from.
    public struct Snapshot: Sendable {
        public var alarms: [Alarm]
        public var lookAfter: [Int64: Double]
        public var snoozes: [Int64: AlarmSchedule.Snooze]
    }

    let writer: any DatabaseWriter
    /// Why the store takes no changes (its folder is read-only, the file is damaged), or nil.
    public let readOnlyReason: String?
    /// The store's file; nil in memory.
    public let path: String?
    /// The alarms the file held that could not be read when the store was opened (they do not ring).
    public let skippedAlarmIDs: [Int64]
    /// Whether the file failed its check when the store was opened (it is then served from memory, read-only).
    public let damaged: Bool
    /// Where the damaged file was copied, or nil.
    public let corruptCopy: String?

    public convenience init(writer: any DatabaseWriter) throws {
        try self.init(writer: writer, path: nil)
    }

    private init(writer: any DatabaseWriter, path: String?) throws {
        self.writer = writer
        self.readOnlyReason = nil
        self.path = path
        self.skippedAlarmIDs = []
        self.damaged = false
        self.corruptCopy = nil
        try Self.migrator.migrate(writer)
    }

    /// A read-only store serving what `salvage` read, from memory: nothing it does can reach the file.
    init(readOnly salvage: SalvagedStore, reason: String, path: String, damaged: Bool, corruptCopy: String?) {
        let memory = try! DatabaseQueue()
        try! Self.migrator.migrate(memory)
        // Rows the schema refuses after all are skipped like unreadable ones.
        let refused = (try? memory.write { db in try Self.fill(db, from: salvage) }) ?? salvage.alarms.map(\.alarm.id)
        self.writer = memory
        self.readOnlyReason = reason
        self.path = path
        self.skippedAlarmIDs = Array(Set(salvage.skippedAlarmIDs + refused)).sorted()
        self.damaged = damaged
        self.corruptCopy = corruptCopy
    }

    /// The store when `open` failed (a read-only folder, a file that cannot be written): the alarms in the file,
    /// read-only, so they still ring; or, when the file cannot be read either, none. Every change is refused with
    /// `reason`. Never throws: the daemon runs on, and says why in `status`.
    ///
    /// What can be read is read row by row from a private copy (SQLite cannot open a WAL database in a read-only
    /// folder, and opening the file itself could write to it) and served from memory.
    public static func openReadOnly(path: String, reason: String) -> AlarmStore {
        let salvage = StoreInspection.inspectCopy(of: path, thorough: false)?.salvage ?? SalvagedStore()
        return AlarmStore(readOnly: salvage, reason: reason, path: path, damaged: false, corruptCopy: nil)
    }

    /// Removes a database file with its `-wal` and `-shm` files.
    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// What went wrong with a change, in words a user can act on.
    public static func describe(_ error: any Error) -> String {
        if let refusal = error as? ReadOnlyStore { return refusal.reason }
        guard let database = error as? DatabaseError else { return "\(error)" }
        switch database.resultCode {
        case .SQLITE_FULL: return "the disk is full; free some space and try again"
        case .SQLITE_READONLY: return "the database is read-only (\(database.message ?? "read-only"))"
        case .SQLITE_IOERR, .SQLITE_CANTOPEN: return "the database cannot be written (\(database.message ?? "I/O error"))"
        default: return database.message ?? "\(database.resultCode)"
        }
    }

    /// Thrown by every change while the store is read-only.
    public struct ReadOnlyStore: Error, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    func checkWritable() throws {
        if let readOnlyReason { throw ReadOnlyStore(reason: readOnlyReason) }
    }

    /// Opens (creating if needed) the database file, in WAL mode.
    public static func open(path: String) throws -> AlarmStore {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // WAL's default (NORMAL) may lose the last commits on power loss; an alarm clock must not.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return try AlarmStore(writer: DatabasePool(path: path, configuration: configuration), path: path)
    }

    /// Closes the database at shutdown, once nothing uses it any more: SQLite checkpoints the WAL into the
    /// main file and removes it, so the file is complete on its own.
    public func close() throws {
        // The writer must be the last connection to close: a read-only one cannot fold the WAL back
        // (GRDB closes the writer first, see groue/GRDB.swift#739).
        (writer as? DatabasePool)?.invalidateReadOnlyConnections()
        try writer.close()
    }

    /// A fresh database in memory, for tests.
    public static func inMemory() throws -> AlarmStore {
        try AlarmStore(writer: DatabaseQueue())
    }

    // MARK: Reading

    public func snapshot() async throws -> Snapshot {
        // Row by row, each checked (`AlarmRecord.decode`): the store was inspected when opened, so a row refused
        // here was written since by another hand; it is left out rather than stop every alarm.
        let salvage = try await writer.read { db in SalvagedStore.read(db) }
        return Snapshot(
            alarms: salvage.alarms.map(\.alarm),
            lookAfter: Dictionary(salvage.alarms.map { ($0.alarm.id, $0.lookAfter) }, uniquingKeysWith: { first, _ in first }),
            snoozes: Dictionary(salvage.snoozes.map { ($0.alarmId, AlarmSchedule.Snooze(ringAt: $0.ringAt, trigger: $0.trigger)) },
                                uniquingKeysWith: { first, _ in first }))
    }

    public func missed(limit: Int = 50) async throws -> [MissedAlarm] {
        try await writer.read { db in
            try MissedAlarm.order(Column("recordedAt").desc, Column("id").desc).limit(limit).fetchAll(db)
        }
    }

    // MARK: Writing

    /// Forgets every missed alarm; returns how many there were.
    public func clearMissed() async throws -> Int {
        try checkWritable()
        return try await writer.write { db in try MissedAlarm.deleteAll(db) }
    }

    /// Stores a new alarm and returns it with its id.
    public func insert(_ alarm: Alarm, lookAfter: Double) async throws -> Alarm {
        try checkWritable()
        return try await writer.write { db in
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
    /// disabled alarm keeps no snooze, and a snooze that has come due (its ring is in progress) is over.
    @discardableResult
    public func update(_ alarm: Alarm, lookAfter: Double) async throws -> Bool {
        try checkWritable()
        return try await writer.write { db in
            guard let existing = try AlarmRecord.fetchOne(db, key: alarm.id) else { return false }
            try AlarmRecord(alarm, lookAfter: lookAfter, createdAt: existing.createdAt).update(db)
            // Not left to the scheduler's later `persistSnooze(nil)`, a second transaction: a crash between the two
            // left the alarm disabled but still snoozed, so it rang when the snooze ended (found by the kill -9
            // stress test, Tests/stress/test_crash_safety.py).
            try db.execute(sql: "DELETE FROM snooze WHERE alarmId = ? AND (? OR ringAt <= ?)",
                           arguments: [alarm.id, !alarm.enabled, lookAfter])
            return true
        }
    }

    @discardableResult
    public func delete(id: Int64) async throws -> Bool {
        try await delete(ids: [id]) == 1
    }

    /// Deletes the alarms in one transaction: all of them, or none if the write fails. Returns how many there were.
    @discardableResult
    public func delete(ids: [Int64]) async throws -> Int {
        try checkWritable()
        return try await writer.write { db in try AlarmRecord.deleteAll(db, keys: ids) }
    }

    /// Records what the scheduler decided, all in one transaction, before the scheduler acts on it.
    public func record(_ actions: [AlarmSchedule.Action], labels: [Int64: String], now: Int64) async throws {
        guard actions.contains(where: \.isPersistent) else { return }
        try checkWritable()
        return try await writer.write { db in
            for action in actions {
                switch action {
                case .persistLookAfter(let alarmID, let instant):
                    try db.execute(sql: "UPDATE alarm SET lookAfter = ? WHERE id = ?", arguments: [instant, alarmID])
                case .persistSnooze(let alarmID, let snooze?):
                    try SnoozeRecord(alarmId: alarmID, ringAt: snooze.ringAt, trigger: snooze.trigger).save(db)
                case .persistSnooze(let alarmID, nil):
                    try SnoozeRecord.deleteOne(db, key: alarmID)
                case .disable(let alarmID):
                    try db.execute(sql: "UPDATE alarm SET enabled = 0 WHERE id = ?", arguments: [alarmID])
                case .remove(let alarmID):
                    try AlarmRecord.deleteOne(db, key: alarmID)
                case .missed(let alarmID, let trigger, let reason):
                    let missed = MissedAlarm(id: nil, alarmId: alarmID, label: labels[alarmID] ?? "", trigger: trigger,
                                             reason: reason.rawValue, recordedAt: now)
                    try missed.insert(db)
                case .ring, .stopRinging, .snoozed, .dismissed:
                    break
                }
            }
        }
    }

    // MARK: Schema

    /// Shipped migrations are never edited; a change of schema is a new migration.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "alarm") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("time", .text).notNull()
                table.column("enabled", .boolean).notNull().defaults(to: true)
                table.column("label", .text).notNull().defaults(to: "")
                table.column("repeatMask", .integer).notNull().defaults(to: 0).check { $0 >= 0 && $0 <= 127 }
                table.column("sound", .text).notNull()
                table.column("volume", .double).notNull().check { $0 >= 0 && $0 <= 100 }
                table.column("rampSeconds", .double).notNull().check { $0 >= 0 && $0 <= 600 }
                table.column("snoozeMinutes", .integer).notNull().check { $0 >= 1 && $0 <= 60 }
                table.column("ringLimitSeconds", .double).notNull().check { $0 >= 10 && $0 <= 7200 }
                table.column("note", .text)
                table.column("lookAfter", .integer).notNull()
                table.column("createdAt", .integer).notNull()
            }
            try db.create(table: "snooze") { table in
                table.primaryKey("alarmId", .integer).references("alarm", onDelete: .cascade)
                table.column("ringAt", .integer).notNull()
                table.column("trigger", .integer).notNull()
            }
            try db.create(table: "missed") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("alarmId", .integer).notNull()
                table.column("label", .text).notNull()
                table.column("trigger", .integer).notNull()
                table.column("reason", .text).notNull()
                table.column("recordedAt", .integer).notNull().indexed()
            }
        }
        migrator.registerMigration("v2") { db in try migrateToV2(db) }
        migrator.registerMigration("v3") { db in
            // Mars alarms (docs/mars.md). Instants stay seconds; SQLite keeps a Mars trigger's fraction in them as REAL.
            try db.alter(table: "alarm") { table in
                table.add(column: "marsSite", .text)
                table.add(column: "marsLonEast", .double)
                table.add(column: "marsSolar", .boolean)
            }
        }
        migrator.registerMigration("v4") { db in
            // Pass alarms (docs/satellites.md): the satellite and the pass's conditions, all set or none.
            try db.alter(table: "alarm") { table in
                table.add(column: "passSatellite", .integer)
                table.add(column: "passVisible", .boolean)
                table.add(column: "passMinElevation", .double)
                table.add(column: "passLeadSeconds", .double)
            }
        }
        migrator.registerMigration("v5") { db in try migrateToV5(db) }
        migrator.registerMigration("v6") { db in try migrateToV6(db) }
        return migrator
    }
}

extension AlarmSchedule.Action {
    /// Whether the store has something to write for this action.
    var isPersistent: Bool {
        switch self {
        case .persistLookAfter, .persistSnooze, .disable, .remove, .missed: true
        case .ring, .stopRinging, .snoozed, .dismissed: false
        }
    }
}
