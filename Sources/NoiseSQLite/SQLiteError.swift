import CSQLite

/// What SQLite said when a call failed: its result code and its message, with the statement that failed. The
/// callers tell damage (`corrupt`, `notADatabase`) from a file they may not write (`readOnly`, `ioError`,
/// `cantOpen`), a full disk (`full`) and another writer (`busy`) by `code`, SQLite's primary code.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's primary result code (the low byte of the extended code).
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue & 0xFF }

        public static let error = Code(rawValue: SQLITE_ERROR)
        public static let busy = Code(rawValue: SQLITE_BUSY)
        public static let readOnly = Code(rawValue: SQLITE_READONLY)
        public static let ioError = Code(rawValue: SQLITE_IOERR)
        public static let corrupt = Code(rawValue: SQLITE_CORRUPT)
        public static let full = Code(rawValue: SQLITE_FULL)
        public static let cantOpen = Code(rawValue: SQLITE_CANTOPEN)
        public static let constraint = Code(rawValue: SQLITE_CONSTRAINT)
        /// A value of the wrong type; also ours, for a column read as a type its value is not.
        public static let mismatch = Code(rawValue: SQLITE_MISMATCH)
        public static let misuse = Code(rawValue: SQLITE_MISUSE)
        public static let notADatabase = Code(rawValue: SQLITE_NOTADB)

        /// SQLite's own words for the code (`sqlite3_errstr`).
        public var description: String { String(cString: sqlite3_errstr(rawValue)) }
    }

    public let code: Code
    /// The extended result code (`SQLITE_IOERR_WRITE`, `SQLITE_CONSTRAINT_CHECK`…).
    public let extendedCode: Int32
    /// `sqlite3_errmsg` at the time, or the code's own words when there was no connection to ask.
    public let message: String
    /// The statement that failed, when one did.
    public let sql: String?

    public init(code extendedCode: Int32, message: String? = nil, sql: String? = nil) {
        self.code = Code(rawValue: extendedCode)
        self.extendedCode = extendedCode
        self.message = message ?? String(cString: sqlite3_errstr(extendedCode))
        self.sql = sql
    }

    /// The error the connection `handle` reports for `code`.
    init(code: Int32, connection handle: OpaquePointer?, sql: String? = nil) {
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(code: code, message: message, sql: sql)
    }

    /// As GRDB wrote it: `SQLite error 11: database disk image is malformed - while executing `…``.
    public var description: String {
        "SQLite error \(code.rawValue): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
    }
}
