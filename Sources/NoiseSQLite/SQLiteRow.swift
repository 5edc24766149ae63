/// One row of a result, its values copied out of the statement, read by column name: `try row["day"]` as the
/// type the caller expects, or `row.value("day")` as SQLite stored it.
public struct SQLiteRow: Sendable, Equatable {
    public let columns: [String]
    public let values: [SQLiteValue]

    public init(columns: [String], values: [SQLiteValue]) {
        precondition(columns.count == values.count, "a row needs one value per column")
        self.columns = columns
        self.values = values
    }

    /// A row from names and values, for tests that hand a reader a row of their own.
    public init(_ pairs: [String: SQLiteValue]) {
        self.init(columns: Array(pairs.keys), values: Array(pairs.values))
    }

    public func hasColumn(_ name: String) -> Bool { columns.contains(name) }

    /// The value of the column `name` as SQLite stored it; NULL when the row has no such column.
    public func value(_ name: String) -> SQLiteValue {
        columns.firstIndex(of: name).map { values[$0] } ?? .null
    }

    /// The column `name` as a `T`; throws `mismatch` when the row has no such column or its value is not a `T`
    /// (NULL read as a non-optional type, text read as a number).
    public subscript<T: SQLiteValueConvertible>(_ name: String) -> T {
        get throws(SQLiteError) {
            guard let index = columns.firstIndex(of: name) else {
                throw SQLiteError(code: SQLiteError.Code.mismatch.rawValue, message: "no column \(name) in the row")
            }
            guard let value = T(sqliteValue: values[index]) else {
                throw SQLiteError(
                    code: SQLiteError.Code.mismatch.rawValue,
                    message: "column \(name) holds \(values[index].storageClass), not \(T.self)")
            }
            return value
        }
    }
}

extension SQLiteValue {
    /// SQLite's name of the storage class, as `typeof()` gives it.
    var storageClass: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}
