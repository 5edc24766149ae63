/// The `id` a client gives a request, echoed in the reply: an integer, a string, or absent (null).
public enum RequestID: Sendable, Hashable, Codable, CustomStringConvertible {
    case int(Int64)
    case string(String)
    case none

    /// Integers beyond this lose precision in JSON numbers (IEEE doubles), so they are refused: 2^53 + 1 reads as
    /// 2^53, and echoing that would answer a request the client did not send.
    static let maxExactInteger = Double((1 << 53) - 1)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .none
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .none: try container.encodeNil()
        }
    }

    public var description: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .none: "null"
        }
    }
}
