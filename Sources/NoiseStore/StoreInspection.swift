import NoiseCore
import NoiseSQLite

/// The state of a store: SQLite's own check of its pages, and a read of every row with the alarm's rules
/// (`SalvagedStore`). Sound only when both find nothing.
struct StoreInspection: Sendable {
    /// SQLite's findings, `["ok"]` when it finds none (or the error that kept the check from running).
    var integrity: [String]
    var salvage: SalvagedStore
    /// Migrations the file has that this build does not know: a newer noised wrote it.
    var newerMigrations: [String] = []

    var sound: Bool { integrity == ["ok"] && salvage.problems.isEmpty }

    /// `quick_check` at every start (it reads each page once); `integrity_check` when asked (`store_check`), which
    /// also compares the indexes with their tables.
    static func inspect(_ db: SQLiteConnection, thorough: Bool) -> StoreInspection {
        let pragma = thorough ? "integrity_check" : "quick_check"
        // Line by line: on a damaged file the pragma reports what it found, then may fail itself.
        var integrity: [String] = []
        do {
            // A finding may span lines, under a "*** in database main ***" heading: one finding a line.
            try db.forEachRow(sql: "PRAGMA \(pragma)(\(StoreLimits.maxStoreCheckLines))") { row in
                let line: String = try row[row.columns[0]]
                integrity += line.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("*** in database") }
            }
        } catch {
            integrity.append(NoiseDatabase.describe(error))
        }
        if integrity.isEmpty { integrity = ["no answer"] }
        let known = Set(NoiseDatabase.migrator.identifiers)
        let applied = (try? NoiseDatabase.migrator.appliedIdentifiers(db)) ?? []
        return StoreInspection(
            integrity: integrity, salvage: .read(db),
            newerMigrations: applied.filter { !known.contains($0) }.sorted())
    }

    /// Inspects a private copy of the file at `path` (with its `-wal`), never the file itself: a connection to a
    /// damaged file can write to it (SQLite folds the WAL back into the file when the last one closes). A file
    /// that is not there is an empty store; nil when no copy could be made.
    static func inspectCopy(of path: String, thorough: Bool) -> StoreInspection? {
        guard StoreFiles.exists(path) else {
            return StoreInspection(integrity: ["ok"], salvage: SalvagedStore())
        }
        let copy = StoreFiles.temporaryPath(suffix: ".sqlite")
        defer { NoiseDatabase.removeDatabase(copy) }
        do {
            try StoreFiles.copy(path, to: copy)
            if StoreFiles.exists(path + "-wal") { try StoreFiles.copy(path + "-wal", to: copy + "-wal") }
        } catch {
            return nil
        }
        do {
            let connection = try SQLiteConnection(path: copy)
            defer { try? connection.close() }
            return inspect(connection, thorough: thorough)
        } catch {
            return StoreInspection(integrity: [NoiseDatabase.describe(error)], salvage: SalvagedStore())
        }
    }
}
