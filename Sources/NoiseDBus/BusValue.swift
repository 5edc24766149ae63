/// A D-Bus value noised sends: what MPRIS metadata, notification hints and method arguments are made of.
public enum BusValue: Sendable, Equatable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case byte(UInt8)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case double(Double)
    case strings([String])
    /// `a{sv}`: a dictionary of variants, in the order given.
    case dictionary([(String, BusValue)])

    /// Its D-Bus signature.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .bool: "b"
        case .byte: "y"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .double: "d"
        case .strings: "as"
        case .dictionary: "a{sv}"
        }
    }

    public static func == (lhs: BusValue, rhs: BusValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)), (.objectPath(let a), .objectPath(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.byte(let a), .byte(let b)): a == b
        case (.int32(let a), .int32(let b)): a == b
        case (.uint32(let a), .uint32(let b)): a == b
        case (.int64(let a), .int64(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.strings(let a), .strings(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }
}
