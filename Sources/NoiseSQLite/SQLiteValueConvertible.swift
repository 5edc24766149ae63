/// A Swift value bound as an SQL argument and read back from a column. What each type stores is what GRDB stored
/// for it, so files written before and after read the same: a `Bool` is the integer 0 or 1, an `Int` an integer,
/// a `Double` a real, a `String` text, `[UInt8]` a blob, nil NULL.
public protocol SQLiteValueConvertible: Sendable {
    var sqliteValue: SQLiteValue { get }
    /// Nil when the stored value is not one of this type (NULL, text where a number belongs, a fraction for an
    /// integer type out of its range).
    init?(sqliteValue: SQLiteValue)
}

extension SQLiteValue: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { self }
    public init?(sqliteValue: SQLiteValue) { self = sqliteValue }
}

extension Int64: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(self) }

    /// A real is cut to its whole part, as GRDB and SQLite's own `CAST` do, when it is in range.
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(let integer): self = integer
        case .real(let real) where real >= Double(Int64.min) && real < Double(Int64.max): self = Int64(real)
        default: return nil
        }
    }
}

extension Int: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
    public init?(sqliteValue: SQLiteValue) {
        guard let integer = Int64(sqliteValue: sqliteValue), let value = Int(exactly: integer) else { return nil }
        self = value
    }
}

extension Double: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .real(self) }
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(let integer): self = Double(integer)
        case .real(let real): self = real
        default: return nil
        }
    }
}

extension Bool: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
    /// Any number, true when it is not zero (SQLite's own rule for a condition).
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(let integer): self = integer != 0
        case .real(let real): self = real != 0
        default: return nil
        }
    }
}

extension String: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .text(self) }
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue else { return nil }
        self = text
    }
}

extension [UInt8]: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .blob(self) }
    public init?(sqliteValue: SQLiteValue) {
        guard case .blob(let bytes) = sqliteValue else { return nil }
        self = bytes
    }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }

    /// NULL is nil; any other value must be a `Wrapped`.
    public init?(sqliteValue: SQLiteValue) {
        if sqliteValue.isNull {
            self = .none
        } else if let value = Wrapped(sqliteValue: sqliteValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}
