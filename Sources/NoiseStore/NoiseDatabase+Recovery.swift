import Glibc
import NoiseAlarms
import NoiseCore
import NoiseSQLite
import NoiseSystem

extension NoiseDatabase {
    /// `store_check`: SQLite's `integrity_check` and a read of every row. A store served from memory (read-only)
    /// checks its file, through a private copy; a writable one checks its own database.
    public func check() -> Health {
        let opened = current
        let inspection: StoreInspection
        if opened.readOnlyReason != nil, let path {
            inspection =
                StoreInspection.inspectCopy(of: path, thorough: true)
                ?? StoreInspection(
                    integrity: ["no private copy of \(path) could be made to check it"], salvage: SalvagedStore())
        } else {
            do {
                inspection = try opened.writer.withConnection { db in StoreInspection.inspect(db, thorough: true) }
            } catch {
                inspection = StoreInspection(integrity: [Self.describe(error)], salvage: SalvagedStore())
            }
        }
        return Health(
            path: path, sound: inspection.sound, integrity: inspection.integrity,
            alarms: inspection.salvage.alarms.count, skippedAlarms: inspection.salvage.skippedAlarmIDs,
            problems: inspection.salvage.problems, readOnlyReason: opened.readOnlyReason,
            corruptCopy: opened.corruptCopy)
    }

    /// What `check()` found: the file's soundness by SQLite's `integrity_check`, the alarms that read well and
    /// those that do not, what was wrong, why changes are refused (if they are) and where a damaged file was copied.
    public struct Health: Sendable, Equatable {
        public let path: String?
        public let sound: Bool
        public let integrity: [String]
        public let alarms: Int
        public let skippedAlarms: [Int64]
        public let problems: [String]
        public let readOnlyReason: String?
        public let corruptCopy: String?
    }

    /// What a rebuild did: whether there was anything to do, the alarms the database holds, the ids left out.
    public struct Rebuilt: Sendable {
        public let path: String
        public let recovered: Bool
        public let kept: Int
        public let dropped: [Int64]
        public let corruptCopy: String?
    }

    /// `store_recover`: for a database opened from a damaged file, a clean one from every row that could be read,
    /// written as a new file beside it, checked, then renamed over it in one step (a crash leaves one whole file
    /// or the other); the damaged file's copy stays. `lookAfter` and `snoozes` are the scheduler's, which moved
    /// on while nothing could be stored. The rebuilt file then takes the damaged one's place in this database, so
    /// the alarms', the player's and the life calendar's stores over it all go on with it, writable. A sound
    /// database is left as it is (the report says so). Synchronous, so the scheduler actor does nothing else
    /// meanwhile.
    public func rebuild(lookAfter: [Int64: Double], snoozes: [Int64: AlarmSchedule.Snooze]) throws -> Rebuilt {
        let opened = current
        guard let path else { throw ReadOnlyStore(reason: "the store is in memory; there is no file to rebuild") }
        guard opened.damaged else {
            if let readOnlyReason = opened.readOnlyReason { throw ReadOnlyStore(reason: readOnlyReason) }
            let alarms = try opened.writer.withConnection { db in try AlarmRecord.count(db) }
            return Rebuilt(path: path, recovered: false, kept: alarms, dropped: [], corruptCopy: nil)
        }
        guard let corruptCopy = opened.corruptCopy else {
            throw ReadOnlyStore(
                reason: "no copy of the damaged file \(path) could be made, so it is not replaced; "
                    + "copy it aside by hand, then restart noised")
        }
        var salvage = try opened.writer.withConnection { db in SalvagedStore.read(db) }
        salvage.lastAlarmID = max(salvage.lastAlarmID, opened.skippedAlarmIDs.max() ?? 0)
        for index in salvage.alarms.indices {
            if let instant = lookAfter[salvage.alarms[index].alarm.id] { salvage.alarms[index].lookAfter = instant }
        }
        salvage.snoozes = snoozes.map {
            SnoozeRecord(alarmId: $0.key, ringAt: $0.value.ringAt, trigger: $0.value.trigger)
        }

        let fresh = path + ".rebuilding"
        let kept = try Self.write(salvage, toNew: fresh, corruptCopy: corruptCopy)
        // The damaged file's -wal and -shm (its copy has them) must not meet the new file: SQLite would read the
        // old WAL's pages into it.
        for suffix in ["-wal", "-shm"] where unlink(path + suffix) != 0 && errno != ENOENT {
            throw LocalFile.Failure.system("remove", path + suffix)
        }
        guard rename(fresh, path) == 0 else {
            let reason = String(cString: strerror(errno))
            Self.removeDatabase(fresh)
            throw ReadOnlyStore(reason: "the rebuilt store could not be put in place of \(path) (\(reason))")
        }
        Self.syncFolder(of: path)
        let writer = try Self.writer(path: path)
        try? replace(with: Opened(writer: writer)).writer.close()
        return Rebuilt(
            path: path, recovered: true, kept: kept, dropped: opened.skippedAlarmIDs, corruptCopy: corruptCopy)
    }

    /// Writes `salvage` into a new file at `fresh` and checks it; returns how many alarms it holds. Nothing is left
    /// at `fresh` when it fails.
    private static func write(_ salvage: SalvagedStore, toNew fresh: String, corruptCopy: String) throws -> Int {
        removeDatabase(fresh)
        do {
            let connection = try SQLiteConnection(path: fresh)
            try migrator.migrate(connection)
            let refused = try connection.transaction { try fill(connection, from: salvage) }
            let integrity = try connection.fetchValues(String.self, sql: "PRAGMA integrity_check")
            let count = try AlarmRecord.count(connection)
            try connection.close()
            guard refused.isEmpty else {
                throw ReadOnlyStore(
                    reason: "alarm\(refused.count == 1 ? "" : "s") \(IDRanges.text(refused)) could be read but "
                        + "not written into a new store, which would keep fewer alarms than it read; nothing was "
                        + "replaced (the damaged file's copy is \(corruptCopy))")
            }
            guard integrity == ["ok"], count == salvage.alarms.count else {
                throw ReadOnlyStore(
                    reason: "the rebuilt store failed its own check (\(integrity.first ?? "no answer"), "
                        + "\(count) of \(salvage.alarms.count) alarms); nothing was replaced")
            }
            return count
        } catch {
            removeDatabase(fresh)
            throw error
        }
    }

    /// Writes what was salvaged into an empty database, each store its own tables; returns the ids of the alarms
    /// the schema refused.
    static func fill(_ db: SQLiteConnection, from salvage: SalvagedStore) throws -> [Int64] {
        let refused = try AlarmStore.fill(db, from: salvage)
        PlaybackStore.fill(db, from: salvage)
        try? LifeStore.fill(db, from: salvage.life)
        try? AlarmStore.write(salvage.reminder, db)
        return refused
    }

    /// A rename is durable once its folder is synced.
    private static func syncFolder(of path: String) {
        let folder = LocalFile.parentFolder(of: path)
        let descriptor = Glibc.open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = Glibc.close(descriptor)
    }
}
