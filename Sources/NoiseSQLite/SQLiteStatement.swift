import CSQLite

/// One prepared statement: its arguments bound by position, stepped row by row, its columns read as SQLite stored
/// them. Finalized when released. Used on the thread that holds its connection, as the connection is.
public final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    /// The statement's text, for errors.
    public let sql: String
    public private(set) lazy var columnNames: [String] = (0..<sqlite3_column_count(handle)).map {
        String(cString: sqlite3_column_name(handle, $0))
    }

    init(handle: OpaquePointer, connection: OpaquePointer) {
        self.handle = handle
        self.connection = connection
        sql = String(cString: sqlite3_sql(handle))
    }

    deinit { sqlite3_finalize(handle) }

    /// How many `?` the statement has.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Binds `arguments` to the statement's parameters in order, after resetting it; throws `SQLiteError` when
    /// their count is not the statement's.
    public func bind(_ arguments: [any SQLiteValueConvertible]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard arguments.count == parameterCount else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "the statement takes \(parameterCount) arguments, not \(arguments.count)",
                sql: sql)
        }
        for (offset, argument) in arguments.enumerated() {
            let code = bind(argument.sqliteValue, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection, sql: sql) }
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .null: return sqlite3_bind_null(handle, index)
        case .integer(let integer): return sqlite3_bind_int64(handle, index, integer)
        case .real(let real): return sqlite3_bind_double(handle, index, real)
        case .text(var text):
            // Every byte; and empty text as text, as a null pointer would bind NULL.
            if text.isEmpty { return noise_sqlite3_bind_text_copy(handle, index, "", 0) }
            return text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    noise_sqlite3_bind_text_copy(handle, index, chars.baseAddress, Int32(chars.count))
                }
            }
        case .blob(let bytes):
            guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return bytes.withUnsafeBytes {
                noise_sqlite3_bind_blob_copy(handle, index, $0.baseAddress, Int32($0.count))
            }
        }
    }

    /// Runs the statement to its next row: true when a row is there to read, false when it is done.
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, connection: connection, sql: sql)
        }
    }

    /// The value of column `index` (from 0) of the current row.
    public func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            // The pointer first, then its length: SQLite's documented order.
            let text = sqlite3_column_text(handle, index)
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(handle, index)
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let bytes, count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// The current row, copied out.
    public var row: SQLiteRow {
        SQLiteRow(columns: columnNames, values: columnNames.indices.map { value(at: Int32($0)) })
    }
}
