/// Writes a `JSONValue` as compact UTF-8 JSON, byte for byte as the protocol's Foundation configuration did
/// (`JSONCoding.encoder()`: sorted keys, slashes not escaped), so switching encoders changes no reply:
/// - keys sorted by Swift's `String` `<` (what Foundation's `.sortedKeys` does for JSONEncoder);
/// - strings escape `"` and `\`, use `\b \f \n \r \t`, and `\u00xx` (lowercase hex) for other controls;
///   everything else, DEL and U+2028 included, is written as is;
/// - numbers as `Double.description` without a trailing `.0` (`100`, `0.1`, `1e+16`, `-0`).
public enum JSONWriter {
    public static func write(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        write(value, into: &out)
        return out
    }

    /// `[a,b,…]`, each item written by `element`; shared by both trees (`JSONValue`, `EncodedJSON`).
    static func writeArray<Item>(_ items: [Item], into out: inout [UInt8], element: (Item, inout [UInt8]) -> Void) {
        out.append(UInt8(ascii: "["))
        for (position, item) in items.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            element(item, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    public static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): writeNumber(number, into: &out)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            writeArray(items, into: &out) { item, out in write(item, into: &out) }
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (position, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                writeString(field.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(field.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Below 2^53 an integral Double prints as its integer (Swift's description does the same, plus `.0`), which
    /// is done here without building a String. `JSONValueEncoder` refuses non-finite numbers as Foundation does;
    /// a hand-built value holding one is written as `null`, so the output is always JSON.
    static func writeNumber(_ number: Double, into out: inout [UInt8]) {
        guard number.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if number.magnitude < 9_007_199_254_740_992, number.rounded(.towardZero) == number {
            if number == 0, number.sign == .minus { out.append(UInt8(ascii: "-")) }
            writeInteger(Int64(number), into: &out)
            return
        }
        if writeThousandths(number, into: &out) { return }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }

    /// A number that is exactly the Double nearest to some n/1000 (an uptime to the millisecond, a volume of 12.5,
    /// a fade of 0.25 s) is written as that decimal without building a String; false for any other, left to
    /// `description`. It is the same text: below 2^33 two decimals that are both multiples of 0.001 are farther
    /// apart than the Double's precision, so no shorter decimal reads back as the same number, and Swift writes the
    /// shortest one there is (the parity tests compare the two on a sweep of values).
    static func writeThousandths(_ number: Double, into out: inout [UInt8]) -> Bool {
        guard number.magnitude < 8_589_934_592 else { return false }
        let thousandths = (number * 1000).rounded()
        guard thousandths / 1000 == number else { return false }
        if number.sign == .minus { out.append(UInt8(ascii: "-")) }
        let magnitude = Int64(thousandths.magnitude)
        writeInteger(magnitude / 1000, into: &out)
        var fraction = magnitude % 1000
        guard fraction != 0 else { return true }
        out.append(UInt8(ascii: "."))
        var divisor: Int64 = 100
        while fraction != 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
        return true
    }

    private static func writeInteger(_ integer: Int64, into out: inout [UInt8]) {
        if integer < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        var digits: (UInt64, UInt64) = (0, 0)  // 16 bytes of scratch: enough for 2^53's 16 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[15 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
                magnitude /= 10
                count += 1
            } while magnitude > 0
            out.append(contentsOf: scratch[(16 - count)...])
        }
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for (offset, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                runStart = offset + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    // Foundation's form: \u00 and two lowercase hex digits (control characters are below 0x20).
                    out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                            UInt8(ascii: "0") + (byte >> 4), hexDigit(byte & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
