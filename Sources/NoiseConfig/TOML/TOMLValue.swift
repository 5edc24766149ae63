/// One value of the TOML subset `config.toml` is written in. Kept apart from `JSONValue` because TOML tells
/// integers from floats, which the config layer needs to refuse `volume = 1.5` where a whole number is due.
public enum TOMLValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case integer(Int64)
    /// Any float TOML allows, `inf` and `nan` included; the config layer decides which it accepts.
    case float(Double)
    case boolean(Bool)
    /// Elements need not share a type (TOML 1.0 allows mixed arrays); the config layer checks them.
    case array([TOMLValue])

    /// The value as it could be written back in TOML, to quote it in error messages: `"abc"`, `12`, `0.5`,
    /// `true`, `["a", "b"]`. Strings are escaped so a control character cannot disturb a log line.
    public var description: String {
        switch self {
        case .string(let text): Self.quoted(text)
        case .integer(let number): String(number)
        case .float(let number): number.description
        case .boolean(let flag): flag ? "true" : "false"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        }
    }

    /// `text` as a TOML basic string: in double quotes, with `"`, `\` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\u{0C}": result += "\\f"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u" + TOMLParser.hex(scalar.value, width: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `value` in uppercase hexadecimal, padded with zeros to `width` digits.
}
