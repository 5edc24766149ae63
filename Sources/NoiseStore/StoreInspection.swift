import Foundation
import GRDB
import NoiseCore

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
    static func inspect(_ db: Database, thorough: Bool) -> StoreInspection {
        let pragma = thorough ? "integrity_check" : "quick_check"
        // Line by line: on a damaged file the pragma reports what it found, then may fail itself.
        var integrity: [String] = []
        do {
            let lines = try String.fetchCursor(db, sql: "PRAGMA \(pragma)(\(StoreLimits.maxStoreCheckLines))")
            // A finding may span lines, under a "*** in database main ***" heading: one finding a line.
            while let line = try lines.next() {
                integrity += line.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("*** in database") }
            }
        } catch {
            integrity.append(NoiseDatabase.describe(error))
        }
        if integrity.isEmpty { integrity = ["no answer"] }
        let known = Set(NoiseDatabase.migrator.migrations)
        let applied = (try? String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) ?? []
        return StoreInspection(
            integrity: integrity, salvage: .read(db),
            newerMigrations: applied.filter { !known.contains($0) }.sorted())
    }

    /// Inspects a private copy of the file at `path` (with its `-wal`), never the file itself: a connection to a
    /// damaged file can write to it (SQLite folds the WAL back into the file when the last one closes). A file
    /// that is not there is an empty store; nil when no copy could be made.
    static func inspectCopy(of path: String, thorough: Bool) -> StoreInspection? {
        let files = FileManager.default
        guard files.fileExists(atPath: path) else {
            return StoreInspection(integrity: ["ok"], salvage: SalvagedStore())
        }
        let copy = files.temporaryDirectory
            .appendingPathComponent("noised-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).sqlite")
            .path
        defer { NoiseDatabase.removeDatabase(copy) }
        do {
            try files.copyItem(atPath: path, toPath: copy)
            if files.fileExists(atPath: path + "-wal") {
                try files.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
            }
        } catch {
            return nil
        }
        do {
            let queue = try DatabaseQueue(path: copy)
            defer { try? queue.close() }
            return queue.inDatabase { db in inspect(db, thorough: thorough) }
        } catch {
            return StoreInspection(integrity: [NoiseDatabase.describe(error)], salvage: SalvagedStore())
        }
    }
}
