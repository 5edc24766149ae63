/// Text that must be kept exactly as given: bytes read as UTF-8 only when they are valid and hold no NUL, never
/// with U+FFFD put in place of what could not be read, and never cut at a NUL (SQLite and C strings end there).
/// A refusal says where: the byte, the line and the column, so the text can be mended.
public enum UTF8Text {
    /// Where the bytes stopped being text, and why.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            case invalidUTF8
            case nul
        }

        public var kind: Kind
        /// Counted from 1, as `cmp` counts.
        public var byte: Int
        public var line: Int
        /// In characters, counted from 1.
        public var column: Int

        public var description: String {
            (kind == .nul ? "has a NUL character (U+0000)" : "is not valid UTF-8")
                + " at byte \(byte) (line \(line), column \(column))"
        }
    }

    /// The bytes as a string, or the first place they are not text.
    public static func decode(_ bytes: [UInt8]) -> Result<String, Problem> {
        var index = 0
        var line = 1
        var lineStart = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            guard length > 0, bytes[index] != 0 else {
                let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
                return .failure(
                    Problem(kind: length > 0 ? .nul : .invalidUTF8, byte: index + 1, line: line, column: column))
            }
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += length
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Where `text` holds a NUL, counted in characters from 1; nil when it holds none.
    public static func nulPosition(in text: String) -> Int? {
        guard let index = text.unicodeScalars.firstIndex(of: "\0") else { return nil }
        return text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index) + 1
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode's table 3-7: no overlong forms, no
    /// surrogates, nothing past U+10FFFF), or 0 when there is none.
    static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        let second: ClosedRange<UInt8>
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
