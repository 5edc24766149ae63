import Foundation
import GRDB
import NoiseCore

/// Alarms, snoozes and missed alarms in SQLite (WAL, `synchronous = FULL`): a change is on disk before the
/// call returns, so a reply sent after it survives `kill -9` and power loss. The GRDB way: a small wrapper
/// around a `DatabaseWriter` that migrates on open; tests use a real in-memory database.
public final class AlarmStore: Sendable {
    /// What the scheduler starts from.
    public struct Snapshot: Sendable {
        public var alarms: [Alarm]
        public var lookAfter: [Int64: Int64]
        public var snoozes: [Int64: AlarmSchedule.Snooze]
    }

    private let writer: any DatabaseWriter
    /// Why the store takes no changes (its folder is read-only, or the file could not be opened), or nil.
    public let readOnlyReason: String?

    public init(writer: any DatabaseWriter) throws {
        self.writer = writer
        self.readOnlyReason = nil
        self.temporaryCopy = nil
        try Self.migrator.migrate(writer)
    }

    /// A private copy the read-only store reads, removed on close.
    private let temporaryCopy: String?

    private init(readOnly writer: any DatabaseWriter, reason: String, temporaryCopy: String? = nil) {
        self.writer = writer
        self.readOnlyReason = reason
        self.temporaryCopy = temporaryCopy
    }

    /// The store when `open` failed (a read-only folder, a file that cannot be written): the alarms in the file,
    /// read-only, so they still ring; or, when the file cannot be read either, none. Every change is refused with
    /// `reason`. Never throws: the daemon runs on, and says why in `status`.
    ///
    /// SQLite cannot open a WAL database in a read-only folder (it needs to create the `-shm` file), so the
    /// store reads a private copy in the temporary folder (with the `-wal` file, if one was left).
    public static func openReadOnly(path: String, reason: String) -> AlarmStore {
        let files = FileManager.default
        let copy = files.temporaryDirectory.appendingPathComponent("noised-\(ProcessInfo.processInfo.processIdentifier)-readonly.sqlite").path
        removeCopy(copy)
        if files.fileExists(atPath: path), (try? files.copyItem(atPath: path, toPath: copy)) != nil {
            if files.fileExists(atPath: path + "-wal") { try? files.copyItem(atPath: path + "-wal", toPath: copy + "-wal") }
            if let queue = try? DatabaseQueue(path: copy),
               (try? queue.read({ db in try Self.migrator.hasCompletedMigrations(db) })) == true {
                return AlarmStore(readOnly: queue, reason: reason, temporaryCopy: copy)
            }
            removeCopy(copy)
        }
        // Nothing readable: an empty schema in memory, still refusing changes (accepting them would lose them).
        let empty = try! DatabaseQueue()
        try! Self.migrator.migrate(empty)
        return AlarmStore(readOnly: empty, reason: reason)
    }

    private static func removeCopy(_ copy: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
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

    private func checkWritable() throws {
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
        return try AlarmStore(writer: DatabasePool(path: path, configuration: configuration))
    }

    /// Closes the database at shutdown, once nothing uses it any more: SQLite checkpoints the WAL into the
    /// main file and removes it, so the file is complete on its own.
    public func close() throws {
        // The writer must be the last connection to close: a read-only one cannot fold the WAL back
        // (GRDB closes the writer first, see groue/GRDB.swift#739).
        (writer as? DatabasePool)?.invalidateReadOnlyConnections()
        if readOnlyReason != nil {
            try writer.close()
            if let temporaryCopy { Self.removeCopy(temporaryCopy) }
            return
        }
        try writer.close()
    }

    /// A fresh database in memory, for tests.
    public static func inMemory() throws -> AlarmStore {
        try AlarmStore(writer: DatabaseQueue())
    }

    // MARK: Reading

    public func snapshot() async throws -> Snapshot {
        try await writer.read { db in
            let rows = try AlarmRecord.fetchAll(db)
            let snoozes = try SnoozeRecord.fetchAll(db)
            return Snapshot(
                alarms: rows.compactMap(\.alarm),
                lookAfter: Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.id.map { ($0, row.lookAfter) } }),
                snoozes: Dictionary(uniqueKeysWithValues: snoozes.map {
                    ($0.alarmId, AlarmSchedule.Snooze(ringAt: $0.ringAt, trigger: $0.trigger))
                }))
        }
    }

    public func missed(limit: Int = 50) async throws -> [MissedAlarm] {
        try await writer.read { db in
            try MissedAlarm.order(Column("recordedAt").desc, Column("id").desc).limit(limit).fetchAll(db)
        }
    }

    public func integrityCheck() async throws -> String {
        try await writer.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "no answer" }
    }

    // MARK: Writing

    /// Stores a new alarm and returns it with its id.
    public func insert(_ alarm: Alarm, lookAfter: Int64) async throws -> Alarm {
        try checkWritable()
        return try await writer.write { db in
            var record = AlarmRecord(alarm, lookAfter: lookAfter, createdAt: lookAfter)
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
    public func update(_ alarm: Alarm, lookAfter: Int64) async throws -> Bool {
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
        try checkWritable()
        return try await writer.write { db in try AlarmRecord.deleteOne(db, key: id) }
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
                case .missed(let alarmID, let trigger, let reason):
                    var missed = MissedAlarm(id: nil, alarmId: alarmID, label: labels[alarmID] ?? "", trigger: trigger,
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
        return migrator
    }
}

extension AlarmSchedule.Action {
    /// Whether the store has something to write for this action.
    var isPersistent: Bool {
        switch self {
        case .persistLookAfter, .persistSnooze, .disable, .missed: true
        case .ring, .stopRinging, .snoozed, .dismissed: false
        }
    }
}
