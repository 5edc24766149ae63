import CSQLite

/// One connection to an SQLite database, over the system's libsqlite3. Not thread-safe: one thread at a time uses
/// it (`SQLiteWriter` shares one behind a lock). Every call blocks, so none belongs on Swift's cooperative pool.
/// Every method that can fail throws `SQLiteError`, except where a caller's closure throws its own.
///
/// Each connection is set up as GRDB set up its own, so a file reads and writes the same as when the store was
/// built on it: extended result codes, foreign keys enforced, double-quoted strings refused, and the file checked
/// to be a database as it opens.
public final class SQLiteConnection {
    public enum OpenMode: Sendable {
        /// Reads and writes, creating the file when it is not there.
        case readWriteCreate
        /// Reads only; the file must exist.
        case readOnly
    }

    let handle: OpaquePointer
    /// Where the database is, or `:memory:`.
    public let path: String
    private var closed = false
    /// Kept alive for SQLite's commit hook (`onCommit`).
    var commitObserver: CommitObserver?

    /// Opens the database at `path`. A file that is not a database (or is damaged at its first page) throws
    /// `notADatabase` or `corrupt` here, not at the first query.
    public init(path: String, mode: OpenMode = .readWriteCreate) throws {
        var opened: OpaquePointer?
        let flags =
            SQLITE_OPEN_NOMUTEX
            | (mode == .readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            // A failed open may still give a handle, which must be closed.
            sqlite3_close(opened)
            throw SQLiteError(code: code)
        }
        handle = opened
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        let refused = noise_sqlite3_refuse_double_quoted_strings(handle)
        guard refused == SQLITE_OK else { throw SQLiteError(code: refused, connection: handle) }
        try execute(sql: "PRAGMA foreign_keys = ON")
        // SQLite opens any file without complaint; the first read of its schema says whether it is a database.
        _ = try fetchOne(sql: "SELECT * FROM sqlite_master LIMIT 1")
    }

    /// A new, empty database in memory, gone when closed.
    public static func inMemory() throws -> SQLiteConnection {
        try SQLiteConnection(path: ":memory:")
    }

    deinit {
        if !closed { sqlite3_close_v2(handle) }
    }

    /// Closes the connection. The last connection to a WAL database folds the log back into the file and removes
    /// it. Later calls throw `misuse`.
    public func close() throws {
        guard !closed else { return }
        let code = sqlite3_close(handle)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
        closed = true
    }

    /// How long a statement waits for another connection's lock before it fails with `busy`.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Puts the file in write-ahead-log mode (kept in the file: every later connection to it uses the log).
    public func useWriteAheadLog() throws {
        let mode: String? = try fetchValue(sql: "PRAGMA journal_mode = WAL")
        guard mode == "wal" else {
            throw SQLiteError(
                code: SQLITE_ERROR, message: "the journal mode stayed \(mode ?? "unknown"), not wal, at \(path)")
        }
    }

    // MARK: Statements

    /// Prepares the first statement of `sql`.
    public func prepare(sql: String) throws -> SQLiteStatement {
        guard let statement = try prepareFirst(sql).statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in the SQL", sql: sql)
        }
        return statement
    }

    /// Runs every statement of `sql` in turn, each prepared once the one before has run (a table made by the first
    /// can be written by the second); `arguments` are taken in order by the statements' parameters.
    public func execute(sql: String, arguments: [any SQLiteValueConvertible] = []) throws {
        var remaining = arguments[...]
        var rest = Substring(sql)
        while !rest.allSatisfy(\.isWhitespace) {
            let (statement, tail) = try prepareFirst(String(rest))
            rest = tail
            guard let statement else { continue }
            let count = statement.parameterCount
            // The last statement takes every argument left, checked before it runs.
            let last = rest.allSatisfy(\.isWhitespace)
            guard last ? remaining.count == count : remaining.count >= count else {
                throw SQLiteError(
                    code: SQLITE_RANGE, message: "\(remaining.count) arguments for \(count) parameters",
                    sql: statement.sql)
            }
            try statement.bind(Array(remaining.prefix(count)))
            remaining.removeFirst(count)
            while try statement.step() {}
        }
        guard remaining.isEmpty else {
            throw SQLiteError(code: SQLITE_RANGE, message: "\(remaining.count) arguments left over", sql: sql)
        }
    }

    /// The first statement of `sql` (nil for only a comment or spaces) and the text after it.
    private func prepareFirst(_ sql: String) throws -> (statement: SQLiteStatement?, tail: Substring) {
        guard !closed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the connection is closed", sql: sql) }
        let utf8 = Array(sql.utf8CString)
        return try utf8.withUnsafeBufferPointer { text in
            var prepared: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(handle, text.baseAddress, Int32(text.count), &prepared, &tail)
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: sql) }
            // The tail ends a statement, at a character's boundary.
            let used = tail.map { text.baseAddress!.distance(to: $0) } ?? text.count - 1
            let rest = sql.utf8.index(sql.utf8.startIndex, offsetBy: min(used, sql.utf8.count))
            return (prepared.map { SQLiteStatement(handle: $0, connection: handle) }, sql[rest...])
        }
    }

    // MARK: What the last statements did

    /// Rows changed by the last INSERT, UPDATE or DELETE (not those changed by its triggers or cascades).
    public var changes: Int { Int(sqlite3_changes(handle)) }
    /// Rows changed since the connection opened.
    public var totalChanges: Int { Int(sqlite3_total_changes(handle)) }
    /// The rowid given by the last INSERT.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    /// Whether a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
