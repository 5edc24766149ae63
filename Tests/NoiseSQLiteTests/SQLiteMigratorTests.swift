import Testing

@testable import NoiseSQLite

/// Migrations run once each, recorded in GRDB's `grdb_migrations`, so files GRDB migrated are not migrated again.
@Suite("SQLite migrations")
struct SQLiteMigratorTests {
    var migrator: SQLiteMigrator {
        var migrator = SQLiteMigrator()
        migrator.register("v1") { try $0.execute(sql: "CREATE TABLE a (x)") }
        migrator.register("v2") { try $0.execute(sql: "ALTER TABLE a ADD COLUMN y") }
        migrator.register("v3") { try $0.execute(sql: "CREATE TABLE b (z)") }
        return migrator
    }

    @Test func eachMigrationRunsOnceAndIsRecordedInGRDBsTable() throws {
        let db = try SQLiteConnection.inMemory()
        try migrator.migrate(db, upTo: "v2")
        #expect(try migrator.appliedIdentifiers(db) == ["v1", "v2"])
        try migrator.migrate(db)
        try migrator.migrate(db)
        #expect(try migrator.appliedIdentifiers(db) == ["v1", "v2", "v3"])
        #expect(
            try db.fetchValue(String.self, sql: "SELECT sql FROM sqlite_master WHERE name = 'grdb_migrations'")
                == "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
    }

    @Test func aFileGRDBMigratedRunsOnlyWhatItLacks() throws {
        let db = try SQLiteConnection.inMemory()
        // As GRDB's DatabaseMigrator leaves a file after v1, with a migration a newer program added.
        try db.execute(
            sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                CREATE TABLE a (x);
                INSERT INTO grdb_migrations (identifier) VALUES ('v1'), ('v9');
                """)
        #expect(try migrator.appliedIdentifiers(db) == ["v1", "v9"])
        try migrator.migrate(db)
        #expect(try migrator.appliedIdentifiers(db).sorted() == ["v1", "v2", "v3", "v9"])
        #expect(try db.fetchAll(sql: "PRAGMA table_info(a)").map { try $0["name"] as String } == ["x", "y"])
    }

    @Test func aFailingMigrationLeavesNoTraceAndForeignKeysOn() throws {
        let db = try SQLiteConnection.inMemory()
        var failing = SQLiteMigrator()
        failing.register("v1") { db in
            try db.execute(sql: "CREATE TABLE a (x)")
            try db.execute(sql: "INSERT INTO nowhere VALUES (1)")
        }
        #expect(throws: SQLiteError.self) { try failing.migrate(db) }
        #expect(try failing.appliedIdentifiers(db).isEmpty)
        #expect(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'a'") == 0)
        #expect(try db.fetchValue(Int.self, sql: "PRAGMA foreign_keys") == 1)
    }

    @Test func aMigrationThatBreaksAForeignKeyIsRefused() throws {
        let db = try SQLiteConnection.inMemory()
        var breaking = SQLiteMigrator()
        breaking.register("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE parent (id INTEGER PRIMARY KEY);
                    CREATE TABLE child (parent INTEGER REFERENCES parent (id));
                    INSERT INTO child VALUES (7);
                    """)
        }
        do {
            try breaking.migrate(db)
            Issue.record("a dangling reference was committed")
        } catch let error as SQLiteError {
            #expect(error.code == .constraint && error.extendedCode == 787)
        }
        #expect(try breaking.appliedIdentifiers(db).isEmpty)
    }
}
