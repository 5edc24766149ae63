import NoiseSQLite

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
    let row: SQLiteRow
    /// The row's key, read first so every problem can name the row.
    let id: Int64

    init(row: SQLiteRow, key: String) throws(StoredRowProblem) {
        self.row = row
        guard case .integer(let id) = row.value(key) else {
            throw StoredRowProblem(id: nil, reason: "a row whose \(key) is \(Self.shown(row.value(key)))")
        }
        self.id = id
    }

    func integer(_ column: String) throws(StoredRowProblem) -> Int64 {
        let value = row.value(column)
        if case .integer(let integer) = value { return integer }
        throw problem(column, value, "an integer")
    }

    func real(_ column: String) throws(StoredRowProblem) -> Double {
        let value = row.value(column)
        switch value {
        case .real(let real): return real
        case .integer(let integer): return Double(integer)
        default: throw problem(column, value, "a number")
        }
    }

    func text(_ column: String) throws(StoredRowProblem) -> String {
        let value = row.value(column)
        if case .text(let text) = value { return text }
        throw problem(column, value, "text")
    }

    func optionalInteger(_ column: String) throws(StoredRowProblem) -> Int64? {
        row.value(column).isNull ? nil : try integer(column)
    }

    func optionalReal(_ column: String) throws(StoredRowProblem) -> Double? {
        row.value(column).isNull ? nil : try real(column)
    }

    func optionalText(_ column: String) throws(StoredRowProblem) -> String? {
        row.value(column).isNull ? nil : try text(column)
    }

    private func problem(_ column: String, _ value: SQLiteValue, _ expected: String) -> StoredRowProblem {
        StoredRowProblem(id: id, reason: "\(column) is \(Self.shown(value)), not \(expected)")
    }

    /// A value as a problem shows it; a column the row does not have (a damaged schema) reads as NULL.
    static func shown(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): "\(real)"
        case .text(let text): shown(text)
        case .blob(let bytes): "a blob of \(bytes.count) bytes"
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
