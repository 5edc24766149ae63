import NoiseAlarms
import NoiseCore
import NoiseSQLite
import NoiseSystem
import NoiseTime

extension NoiseDatabase {
    /// The database the daemon runs with; never throws, so no store stops the daemon (under systemd that was a
    /// restart loop with no alarms at all). A file that fails `quick_check`, or holds a row that cannot be read,
    /// is never written: it is copied aside (`copyAside`) and what can be read of it is served read-only from
    /// memory, the reason naming the file, the copy, the alarms left out and the way back (`store recover`).
    /// A file that cannot be written (a read-only folder, a full disk) is served read-only too.
    ///
    /// Two stores are served read-only and never rebuilt, as rebuilding would lose what they hold: one written by a
    /// newer noised (its schema has migrations this one does not know), and a path that is not a file at all.
    /// `now` (Unix seconds) names a damaged file's copy.
    public static func openChecked(path: String, now: Double = WallTime.seconds()) -> NoiseDatabase {
        if let kind = FileKind.of(path), kind != .regular {
            return NoiseDatabase(
                readOnly: SalvagedStore(),
                reason: "the alarm store \(path) is \(kind.described), "
                    + "not a database file; no alarm rings until it is moved away and noised restarted (a new store is made then)",
                path: path, damaged: false, corruptCopy: nil)
        }
        if StoreFiles.exists(path),
            let inspection = StoreInspection.inspectCopy(of: path, thorough: false)
        {
            if !inspection.newerMigrations.isEmpty { return newer(path: path, inspection: inspection) }
            if !inspection.sound { return damaged(path: path, inspection: inspection, now: now) }
        }
        do {
            return try open(path: path)
        } catch {
            if let database = error as? SQLiteError, [.corrupt, .notADatabase].contains(database.code) {
                // Damage no inspection saw, as no private copy could be made.
                return damaged(
                    path: path, inspection: StoreInspection(integrity: [describe(error)], salvage: SalvagedStore()),
                    now: now)
            }
            let reason =
                "the alarm store \(path) cannot be written (\(describe(error))); "
                + "alarms are read-only until that is fixed and noised restarted"
            return openReadOnly(path: path, reason: reason)
        }
    }

    /// A store from a later schema: what this noised can read of it rings, nothing is written, and `store recover`
    /// is refused (it would keep only what this noised can read).
    private static func newer(path: String, inspection: StoreInspection) -> NoiseDatabase {
        let readable = inspection.salvage.alarms.count
        let skipped = inspection.salvage.skippedAlarmIDs
        var reason =
            "the alarm store \(path) was written by a newer noised (its schema has "
            + "\(inspection.newerMigrations.joined(separator: ", ")); this noised knows up to \(migrator.identifiers.last ?? "v1")), "
            + "so it is read, never written: "
        var parts: [String] = []
        if readable > 0 { parts.append("the \(readable) alarm\(readable == 1 ? "" : "s") this noised can read ring") }
        if !skipped.isEmpty {
            parts.append(
                "alarm\(skipped.count == 1 ? "" : "s") \(IDRanges.text(skipped)) cannot be read by this noised and "
                    + (skipped.count == 1 ? "does" : "do") + " not ring")
        }
        reason += parts.isEmpty ? "it holds no alarm" : parts.joined(separator: "; ")
        reason +=
            ". Changes are refused; run the newer noised again (store recover would lose what this one cannot read)"
        return NoiseDatabase(readOnly: inspection.salvage, reason: reason, path: path, damaged: false, corruptCopy: nil)
    }

    private static func damaged(path: String, inspection: StoreInspection, now: Double) -> NoiseDatabase {
        let copy: Result<String, any Error> = Result { try copyAside(path, now: now) }
        let salvage = inspection.salvage
        let finding = inspection.integrity == ["ok"] ? salvage.problems.first ?? "" : inspection.integrity[0]
        var reason = "the alarm store \(path) is damaged (\(finding.prefix(160))); "
        let skipped = salvage.skippedAlarmIDs
        let readable = salvage.alarms.count
        if !skipped.isEmpty {
            reason +=
                "alarm\(skipped.count == 1 ? "" : "s") \(IDRanges.text(skipped)) could not be read and do not ring"
            reason += readable == 0 ? ". " : "; the \(readable) other\(readable == 1 ? "" : "s") ring. "
        } else {
            reason +=
                readable == 0 ? "no alarm could be read. " : "the \(readable) alarm\(readable == 1 ? "" : "s") ring. "
        }
        reason += "The file is never written: "
        switch copy {
        case .success(let copy): reason += "a copy is kept as \(copy). "
        case .failure(let error): reason += "no copy of it could be made (\(describe(error))). "
        }
        reason += "Changes are refused until you run: noisectl store recover (noisectl store check shows the details)"
        return NoiseDatabase(readOnly: salvage, reason: reason, path: path, damaged: true, corruptCopy: try? copy.get())
    }

    /// The database when `open` failed (a read-only folder, a file that cannot be written): the alarms in the file,
    /// read-only, so they still ring; or, when the file cannot be read either, none. Every change is refused with
    /// `reason`. Never throws: the daemon runs on, and says why in `status`.
    ///
    /// What can be read is read row by row from a private copy (SQLite cannot open a WAL database in a read-only
    /// folder, and opening the file itself could write to it) and served from memory.
    public static func openReadOnly(path: String, reason: String) -> NoiseDatabase {
        let salvage = StoreInspection.inspectCopy(of: path, thorough: false)?.salvage ?? SalvagedStore()
        return NoiseDatabase(readOnly: salvage, reason: reason, path: path, damaged: false, corruptCopy: nil)
    }

    /// A read-only database serving what `salvage` read, from memory: nothing it does can reach the file.
    convenience init(readOnly salvage: SalvagedStore, reason: String, path: String, damaged: Bool, corruptCopy: String?)
    {
        let memory = SQLiteWriter(try! .inMemory())
        try! memory.withConnection { try Self.migrator.migrate($0) }
        // Rows the schema refuses after all are skipped like unreadable ones.
        let refused = (try? memory.write { db in try Self.fill(db, from: salvage) }) ?? salvage.alarms.map(\.alarm.id)
        let skipped = Array(Set(salvage.skippedAlarmIDs + refused)).sorted()
        self.init(
            Opened(
                writer: memory, readOnlyReason: reason, skippedAlarmIDs: skipped, damaged: damaged,
                corruptCopy: corruptCopy),
            path: path)
    }

    /// Copies the damaged file (with its `-wal` and `-shm`) beside it as `noised.sqlite.corrupt-<UTC time>`. A
    /// copy made earlier of the same bytes is used again, so starts on the same damage do not pile up copies.
    static func copyAside(_ path: String, now: Double) throws -> String {
        let folder = LocalFile.parentFolder(of: path)
        let prefix = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...] + ".corrupt-"
        let bytes = StoreFiles.bytes(path)
        let wal = StoreFiles.bytes(path + "-wal")
        let earlier = StoreFiles.names(in: folder)
            .filter { $0.hasPrefix(prefix) && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.sorted()
        for name in earlier {
            let candidate = folder + "/" + name
            if bytes != nil, StoreFiles.bytes(candidate) == bytes, StoreFiles.bytes(candidate + "-wal") == wal {
                return candidate
            }
        }
        var copy = folder + "/" + prefix + stamp(now)
        var attempt = 1
        while StoreFiles.exists(copy) {
            attempt += 1
            copy = folder + "/" + prefix + stamp(now) + "-\(attempt)"
        }
        for suffix in ["", "-wal", "-shm"] where StoreFiles.exists(path + suffix) {
            try StoreFiles.copy(path + suffix, to: copy + suffix)
        }
        return copy
    }

    /// The copy's time, UTC, as ISO 8601's basic time (no colons, which some file systems refuse):
    /// `1970-01-01T000000Z`.
    static func stamp(_ now: Double) -> String {
        let parts = ISO8601.Parts(unix: Int64(now.rounded(.down)), offsetSeconds: 0)
        let two = { (value: Int) in String(value, width: 2) }
        return "\(String(parts.year, width: 4))-\(two(parts.month))-\(two(parts.day))T"
            + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }
}
