/// Reading rows: one at a time as SQLite reaches them (`forEachRow`, which keeps what it read before a failure:
/// on a damaged file a scan stops at the first bad page), all of them, the first, or the first column's values.
extension SQLiteConnection {
    /// Calls `body` with each row of `sql` in turn; throws when a step fails, after the rows before it.
    public func forEachRow(
        sql: String, arguments: [any SQLiteValueConvertible] = [], _ body: (SQLiteRow) throws -> Void
    ) throws {
        let statement = try prepare(sql: sql)
        try statement.bind(arguments)
        while try statement.step() { try body(statement.row) }
    }

    public func fetchAll(sql: String, arguments: [any SQLiteValueConvertible] = []) throws -> [SQLiteRow] {
        var rows: [SQLiteRow] = []
        try forEachRow(sql: sql, arguments: arguments) { rows.append($0) }
        return rows
    }

    /// The first row, or nil when there is none.
    public func fetchOne(sql: String, arguments: [any SQLiteValueConvertible] = []) throws -> SQLiteRow? {
        let statement = try prepare(sql: sql)
        try statement.bind(arguments)
        return try statement.step() ? statement.row : nil
    }

    /// The first column of the first row as a `T` (`SELECT count(*) …`); nil when there is no row or it is NULL,
    /// `mismatch` when it is not a `T`.
    public func fetchValue<T: SQLiteValueConvertible>(
        _ type: T.Type = T.self, sql: String, arguments: [any SQLiteValueConvertible] = []
    ) throws -> T? {
        guard let row = try fetchOne(sql: sql, arguments: arguments), let value = row.values.first, !value.isNull
        else { return nil }
        return try row[row.columns[0]] as T
    }

    /// The first column of every row as a `T`; `mismatch` when one is not.
    public func fetchValues<T: SQLiteValueConvertible>(
        _ type: T.Type = T.self, sql: String, arguments: [any SQLiteValueConvertible] = []
    ) throws -> [T] {
        try fetchAll(sql: sql, arguments: arguments).map { row throws(SQLiteError) in try row[row.columns[0]] as T }
    }
}
