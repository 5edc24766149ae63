import CSQLite

/// A schema's history: named migrations, each run once, in order, in a transaction of its own with the record that
/// it ran. The record is the table GRDB's `DatabaseMigrator` kept, `grdb_migrations(identifier TEXT NOT NULL
/// PRIMARY KEY)`, with the same names: a file migrated by GRDB is known to be migrated here and the reverse, and
/// no migration ever runs twice on a file.
///
/// As GRDB did, a migration runs with foreign keys off (SQLite's procedure for changing a table) and the whole
/// file's foreign keys are checked before it commits.
public struct SQLiteMigrator: Sendable {
    public struct Migration: Sendable {
        public let identifier: String
        let migrate: @Sendable (SQLiteConnection) throws -> Void
    }

    /// The table that records the migrations run.
    public static let table = "grdb_migrations"

    public private(set) var migrations: [Migration] = []

    public init() {}

    /// The migrations' names, in order.
    public var identifiers: [String] { migrations.map(\.identifier) }

    /// Adds a migration after the others; a name is given once.
    public mutating func register(
        _ identifier: String, _ migrate: @escaping @Sendable (SQLiteConnection) throws -> Void
    ) {
        precondition(!identifiers.contains(identifier), "migration \(identifier) is registered twice")
        migrations.append(Migration(identifier: identifier, migrate: migrate))
    }

    /// Every migration the file records, known here or not (a newer program's), in the table's order; none for a
    /// file that has no record yet.
    public func appliedIdentifiers(_ db: SQLiteConnection) throws -> [String] {
        let recorded = try db.fetchValue(
            Int.self, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
            arguments: [Self.table])
        guard recorded == 1 else { return [] }
        return try db.fetchValues(String.self, sql: "SELECT identifier FROM \(Self.table)")
    }

    /// Runs the migrations the file has not run, up to and including `target` (every one when nil).
    public func migrate(_ db: SQLiteConnection, upTo target: String? = nil) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(Self.table) (identifier TEXT NOT NULL PRIMARY KEY)")
        let applied = Set(try appliedIdentifiers(db))
        let last = target.flatMap { identifiers.firstIndex(of: $0) } ?? migrations.count - 1
        precondition(target == nil || identifiers.contains(target!), "no migration is named \(target!)")
        for migration in migrations.prefix(last + 1) where !applied.contains(migration.identifier) {
            try run(migration, db)
        }
    }

    private func run(_ migration: Migration, _ db: SQLiteConnection) throws {
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        try db.transaction {
            try migration.migrate(db)
            try db.execute(sql: "INSERT INTO \(Self.table) (identifier) VALUES (?)", arguments: [migration.identifier])
            if let broken = try db.fetchOne(sql: "PRAGMA foreign_key_check") {
                let table: String = (try? broken["table"]) ?? "?"
                let parent: String = (try? broken["parent"]) ?? "?"
                throw SQLiteError(
                    code: SQLITE_CONSTRAINT | (3 << 8),  // SQLITE_CONSTRAINT_FOREIGNKEY, a macro Swift does not import
                    message: "FOREIGN KEY constraint violation - from \(table) to \(parent) in \(migration.identifier)")
            }
        }
    }
}
