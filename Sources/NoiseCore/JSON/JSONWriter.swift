/// Writes a `JSONValue` as UTF-8 JSON: keys sorted (Swift's `String` `<`), so equal values give equal bytes;
/// strings escape `"`, `\` and control characters (`\b \f \n \r \t`, else `\u00xx`), everything else as is;
/// numbers as Swift's shortest `description`, integral ones without a fraction (`100`, not `100.0`).
/// A non-finite number, which JSON cannot hold, is written as `null` (the encoder refuses one before it gets here).
public enum JSONWriter {
    /// One line: no newline inside, none at the end.
    public static func write(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out, indent: nil)
        return out
    }

    /// Indented by two spaces per level, one member per line: for files people read and edit (the sound catalog).
    public static func writePretty(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out, indent: 0)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int?) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .number(let number): writeNumber(number, into: &out)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            writeMembers(items, open: "[", close: "]", into: &out, indent: indent) { item, out, inner in
                write(item, into: &out, indent: inner)
            }
        case .object(let fields):
            let separator = indent == nil ? ":" : ": "
            writeMembers(fields.sorted { $0.key < $1.key }, open: "{", close: "}", into: &out, indent: indent) { field, out, inner in
                writeString(field.key, into: &out)
                out += separator.utf8
                write(field.value, into: &out, indent: inner)
            }
        }
    }

    private static func writeMembers<Member>(_ members: [Member], open: Unicode.Scalar, close: Unicode.Scalar,
                                             into out: inout [UInt8], indent: Int?,
                                             member: (Member, inout [UInt8], Int?) -> Void) {
        out.append(UInt8(ascii: open))
        let inner = indent.map { $0 + 2 }
        for (position, item) in members.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            if let inner { out += ("\n" + String(repeating: " ", count: inner)).utf8 }
            member(item, &out, inner)
        }
        if let indent, !members.isEmpty { out += ("\n" + String(repeating: " ", count: indent)).utf8 }
        out.append(UInt8(ascii: close))
    }

    private static func writeNumber(_ number: Double, into out: inout [UInt8]) {
        guard number.isFinite else { return out += "null".utf8 }
        // Swift's shortest round-trip digits; an integral value without the `.0` it adds (`100`, `-0`).
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out += text.utf8
    }

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0x08: out += "\\b".utf8
            case 0x0C: out += "\\f".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case ..<0x20: out += "\\u00".utf8 + [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
