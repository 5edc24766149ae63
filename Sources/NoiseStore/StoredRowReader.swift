import GRDB

/// Why a stored row was not used: the row's id (or nil when even that could not be read) and what was wrong.
struct StoredRowProblem: Error, Sendable, CustomStringConvertible {
    var id: Int64?
    var reason: String

    var description: String { id.map { "row \($0): \(reason)" } ?? reason }
}

/// Reads the columns of one row by their storage class, as SQLite has them: a value of the wrong class (NULL in
/// a NOT NULL column, text where a number belongs, which a damaged page or a hand edit can leave) is a problem
/// naming the row and the column, not a crash or a silently wrong value.
struct StoredRowReader {
    let row: Row
    /// The row's key, read first so every problem can name the row.
    let id: Int64

    init(row: Row, key: String) throws(StoredRowProblem) {
        self.row = row
        guard case .int64(let id) = Self.value(row, key).storage else {
            throw StoredRowProblem(id: nil, reason: "a row whose \(key) is \(Self.shown(Self.value(row, key)))")
        }
        self.id = id
    }

    func integer(_ column: String) throws(StoredRowProblem) -> Int64 {
        let value = Self.value(row, column)
        if case .int64(let integer) = value.storage { return integer }
        throw problem(column, value, "an integer")
    }

    func real(_ column: String) throws(StoredRowProblem) -> Double {
        let value = Self.value(row, column)
        switch value.storage {
        case .double(let real): return real
        case .int64(let integer): return Double(integer)
        default: throw problem(column, value, "a number")
        }
    }

    func text(_ column: String) throws(StoredRowProblem) -> String {
        let value = Self.value(row, column)
        if case .string(let text) = value.storage { return text }
        throw problem(column, value, "text")
    }

    func optionalInteger(_ column: String) throws(StoredRowProblem) -> Int64? {
        let value = Self.value(row, column)
        return value.isNull ? nil : try integer(column)
    }

    func optionalReal(_ column: String) throws(StoredRowProblem) -> Double? {
        let value = Self.value(row, column)
        return value.isNull ? nil : try real(column)
    }

    func optionalText(_ column: String) throws(StoredRowProblem) -> String? {
        let value = Self.value(row, column)
        return value.isNull ? nil : try text(column)
    }

    private func problem(_ column: String, _ value: DatabaseValue, _ expected: String) -> StoredRowProblem {
        StoredRowProblem(id: id, reason: "\(column) is \(Self.shown(value)), not \(expected)")
    }

    /// NULL for a column the row does not have (a damaged schema).
    private static func value(_ row: Row, _ column: String) -> DatabaseValue {
        row.hasColumn(column) ? row[column] : .null
    }

    static func shown(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let integer): String(integer)
        case .double(let real): "\(real)"
        case .string(let text): shown(text)
        case .blob(let data): "a blob of \(data.count) bytes"
        }
    }

    /// Quoted and cut short: the text may be anything a damaged page holds.
    static func shown(_ text: String) -> String {
        let cut = text.prefix(24).map {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0.isPunctuation || $0 == " ") ? $0 : "?"
        }
        return "'" + String(cut) + (text.count > 24 ? "…" : "") + "'"
    }
}
