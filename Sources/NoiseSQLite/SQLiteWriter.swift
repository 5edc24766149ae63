import Synchronization

/// The one connection a database is read and written through, shared behind a lock: one caller at a time, so a
/// transaction is never interleaved with another caller's statements. Its calls block the calling thread (SQLite's
/// work, and the wait for the lock); callers on Swift's cooperative pool run them on a thread of their own.
public final class SQLiteWriter: Sendable {
    private let connection: Mutex<SQLiteConnection>

    public init(_ connection: sending SQLiteConnection) {
        self.connection = Mutex(connection)
    }

    /// Runs `body` with the connection, outside any transaction (reads; migrations, which make their own).
    public func withConnection<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try connection.withLock { connection in try body(connection) }
    }

    /// Runs `body` in one transaction (`SQLiteConnection.transaction`): all of it is written, or none.
    public func write<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try withConnection { connection in try connection.transaction { try body(connection) } }
    }

    /// Closes the connection; later calls throw `misuse`.
    public func close() throws {
        try withConnection { try $0.close() }
    }
}
