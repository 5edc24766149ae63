import Glibc
import Synchronization
import Testing

@testable import NoiseSQLite

/// Opening, errors with SQLite's codes, transactions, the commit hook and the lock-guarded writer.
@Suite("SQLite connections")
struct SQLiteConnectionTests {
    /// A new folder under the temporary folder; the test removes it.
    func folder() -> String {
        var template = Array("/tmp/noise-sqlite-XXXXXX".utf8CString)
        return String(cString: mkdtemp(&template)!)
    }

    func remove(_ folder: String) { _ = system("rm -rf '\(folder)'") }

    @Test func aFileIsMadeInWALModeWithItsRowsDurableAcrossConnections() throws {
        let folder = folder()
        defer { remove(folder) }
        let db = try SQLiteConnection(path: folder + "/a.sqlite")
        try db.useWriteAheadLog()
        try db.execute(sql: "PRAGMA synchronous = FULL")
        #expect(try db.fetchValue(Int.self, sql: "PRAGMA synchronous") == 2)
        #expect(try db.fetchValue(Int.self, sql: "PRAGMA foreign_keys") == 1)
        try db.execute(
            sql: "CREATE TABLE t (x); INSERT INTO t VALUES (?); INSERT INTO t VALUES (?)", arguments: [1, 2])
        try db.close()
        #expect(access(folder + "/a.sqlite-wal", F_OK) != 0, "the last connection folds the log back and removes it")
        let again = try SQLiteConnection(path: folder + "/a.sqlite", mode: .readOnly)
        #expect(try again.fetchValue(String.self, sql: "PRAGMA journal_mode") == "wal")
        #expect(try again.fetchValues(Int.self, sql: "SELECT x FROM t") == [1, 2])
    }

    @Test func readOnlyRefusesChangesWithReadOnlyAndAMissingFileCannotOpen() throws {
        let folder = folder()
        defer { remove(folder) }
        try SQLiteConnection(path: folder + "/r.sqlite").execute(sql: "CREATE TABLE t (x)")
        let reader = try SQLiteConnection(path: folder + "/r.sqlite", mode: .readOnly)
        do {
            try reader.execute(sql: "INSERT INTO t VALUES (1)")
            Issue.record("a read-only connection wrote")
        } catch let error as SQLiteError {
            #expect(error.code == .readOnly && error.message == "attempt to write a readonly database")
            #expect(error.sql == "INSERT INTO t VALUES (1)")
        }
        #expect(throws: SQLiteError(code: 14)) {  // SQLITE_CANTOPEN
            try SQLiteConnection(path: folder + "/missing.sqlite", mode: .readOnly)
        }
    }

    @Test func aFileThatIsNotADatabaseFailsAsItOpens() throws {
        let folder = folder()
        defer { remove(folder) }
        let path = folder + "/text.sqlite"
        let file = fopen(path, "w")!
        fputs(String(repeating: "not a database at all. ", count: 100), file)
        fclose(file)
        do {
            _ = try SQLiteConnection(path: path)
            Issue.record("a text file opened as a database")
        } catch let error as SQLiteError {
            #expect(error.code == .notADatabase && error.message == "file is not a database")
            #expect(error.description.hasPrefix("SQLite error 26: file is not a database"))
        }
    }

    @Test func errorsCarryTheCodeTheExtendedCodeAndTheMessage() throws {
        let db = try SQLiteConnection.inMemory()
        try db.execute(sql: "CREATE TABLE t (x INTEGER NOT NULL CHECK (x > 0))")
        do {
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [-1])
        } catch let error as SQLiteError {
            #expect(error.code == .constraint && error.extendedCode == 275)  // SQLITE_CONSTRAINT_CHECK
            #expect(error.message == "CHECK constraint failed: x > 0")
        }
        #expect(throws: SQLiteError.self) { try db.execute(sql: "SELECT \"no such column\" FROM t") }
        #expect(SQLiteError.Code.busy.description == "database is locked")
    }

    @Test func aTransactionCommitsWholeOrRollsBackWhenItsBodyThrows() throws {
        struct Refused: Error {}
        let db = try SQLiteConnection.inMemory()
        try db.execute(sql: "CREATE TABLE t (x)")
        #expect(throws: Refused.self) {
            try db.transaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                throw Refused()
            }
        }
        #expect(!db.isInTransaction)
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                try db.execute(sql: "INSERT INTO nowhere VALUES (3)")
            }
        }
        #expect(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM t") == 0)
        let rowID = try db.transaction {
            try db.execute(sql: "INSERT INTO t VALUES (4)")
            return db.lastInsertedRowID
        }
        #expect(rowID == 1 && db.changes == 1)
        #expect(try db.fetchValues(Int.self, sql: "SELECT x FROM t") == [4])
    }

    @Test func theCommitHookCountsEveryCommit() throws {
        let db = try SQLiteConnection.inMemory()
        let commits = Mutex(0)
        db.onCommit { commits.withLock { $0 += 1 } }
        try db.execute(sql: "CREATE TABLE t (x)")
        try db.transaction {
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        _ = try? db.transaction { () throws -> Void in throw SQLiteError(code: 1) }
        #expect(commits.withLock { $0 } == 2)
    }

    @Test func theWriterSharesOneConnectionAndClosesIt() throws {
        let writer = SQLiteWriter(try .inMemory())
        try writer.withConnection { try $0.execute(sql: "CREATE TABLE t (x)") }
        let count = try writer.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return try db.fetchValue(Int.self, sql: "SELECT count(*) FROM t") ?? 0
        }
        #expect(count == 1)
        try writer.close()
        do {
            _ = try writer.withConnection { try $0.fetchValue(Int.self, sql: "SELECT 1") }
            Issue.record("a closed connection answered")
        } catch let error as SQLiteError {
            #expect(error.code == .misuse)
        }
    }
}
