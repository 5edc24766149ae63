import Glibc
import NoiseCore
import NoiseSQLite
import NoiseSystem
import Synchronization

/// The one SQLite database the daemon keeps (WAL, `synchronous = FULL`): a change is on disk before the call
/// returns, so a reply sent after it survives `kill -9` and power loss. It owns what is about the file as a whole:
/// opening it, its migrations, the read-only fallback, its check, its rebuild and its close. What it holds is read
/// and written by a store per domain over it (`AlarmStore`, `PlaybackStore`, `LifeStore`), all through its one
/// writer and its `read`/`write`, so they share one file, one migration history and one durability.
///
/// The GRDB way, on our own layer over SQLite (`NoiseSQLite`): a small wrapper around one `SQLiteWriter` that
/// migrates on open; tests use a real in-memory database. SQLite's calls block, so `read` and `write` run them on a
/// thread of their own (`BlockingWork`), never on Swift's cooperative pool.
public final class NoiseDatabase: Sendable {
    /// The file as it was opened. `rebuild` replaces it in place, so the stores over this database, whoever holds
    /// them, go on with the rebuilt file without being told.
    struct Opened: Sendable {
        var writer: SQLiteWriter
        /// Why the database takes no changes (its folder is read-only, the file is damaged), or nil.
        var readOnlyReason: String?
        /// The alarms the file held that could not be read when it was opened (they do not ring).
        var skippedAlarmIDs: [Int64] = []
        /// Whether the file failed its check when it was opened (it is then served from memory, read-only).
        var damaged = false
        /// Where the damaged file was copied, or nil.
        var corruptCopy: String?
    }

    private let opened: Mutex<Opened>
    /// The database's file; nil in memory.
    public let path: String?

    public var readOnlyReason: String? { current.readOnlyReason }
    public var skippedAlarmIDs: [Int64] { current.skippedAlarmIDs }
    public var damaged: Bool { current.damaged }
    public var corruptCopy: String? { current.corruptCopy }

    /// Read once per operation, so an operation never mixes two files across a rebuild.
    var current: Opened { opened.withLock { $0 } }

    /// Puts `new` in place of the file in use (a rebuild); returns the one it replaced, for the caller to close.
    func replace(with new: Opened) -> Opened {
        opened.withLock { state in
            defer { state = new }
            return state
        }
    }

    init(_ opened: Opened, path: String?) {
        self.opened = Mutex(opened)
        self.path = path
    }

    /// The database over `writer`, migrated.
    public convenience init(writer: SQLiteWriter) throws {
        try writer.withConnection { try Self.migrator.migrate($0) }
        self.init(Opened(writer: writer), path: nil)
    }

    /// A fresh database in memory, for tests.
    public static func inMemory() throws -> NoiseDatabase {
        try NoiseDatabase(writer: SQLiteWriter(.inMemory()))
    }

    /// Opens (creating if needed) the database file, in WAL mode.
    public static func open(path: String) throws -> NoiseDatabase {
        NoiseDatabase(Opened(writer: try writer(path: path)), path: path)
    }

    /// The writer of the file at `path` (its folder made, 0700, when missing), in WAL mode, migrated.
    static func writer(path: String) throws -> SQLiteWriter {
        try StoreFiles.makeFolder(of: path)
        let connection = try SQLiteConnection(path: path)
        connection.setBusyTimeout(milliseconds: 5000)
        try connection.useWriteAheadLog()
        // WAL's usual NORMAL may lose the last commits on power loss; an alarm clock must not. (Under GRDB this was
        // asked for, then overridden by its pool's own NORMAL.)
        try connection.execute(sql: "PRAGMA synchronous = FULL")
        try migrator.migrate(connection)
        return SQLiteWriter(connection)
    }

    /// Closes the database at shutdown, once nothing uses it any more: SQLite checkpoints the WAL into the
    /// main file and removes it, so the file is complete on its own.
    public func close() throws {
        try current.writer.close()
    }

    // MARK: Reading and writing, for the stores over it

    func read<T: Sendable>(_ value: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        let writer = current.writer
        return try await BlockingWork.run(name: "noised-store") { try writer.withConnection(value) }
    }

    /// One transaction; refused with `ReadOnlyStore` while the database is read-only, before anything is written.
    func write<T: Sendable>(_ updates: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        let opened = current
        if let reason = opened.readOnlyReason { throw ReadOnlyStore(reason: reason) }
        let writer = opened.writer
        return try await BlockingWork.run(name: "noised-store") { try writer.write(updates) }
    }

    // MARK: Errors

    /// Thrown by every change while the database is read-only.
    public struct ReadOnlyStore: Error, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// What went wrong with a change, in words a user can act on.
    public static func describe(_ error: any Error) -> String {
        if let refusal = error as? ReadOnlyStore { return refusal.reason }
        guard let database = error as? SQLiteError else { return "\(error)" }
        switch database.code {
        case .full: return "the disk is full; free some space and try again"
        case .readOnly: return "the database is read-only (\(database.message))"
        case .ioError, .cantOpen: return "the database cannot be written (\(database.message))"
        default: return database.message
        }
    }

    /// Removes a database file with its `-wal` and `-shm` files.
    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
