extension JSONParser {
    /// A string, starting at its opening quote. Plain ASCII strings (the protocol's usual keys and values) are
    /// sliced straight out of the input; others are unescaped into a scratch buffer with UTF-8 checked byte by byte.
    mutating func string() throws(JSONReadError) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &scratch)
            case 0..<0x20:
                throw error("control character in a string (it must be escaped)")
            case 0x80...:
                let length = try utf8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            default:
                scratch.append(byte)
                index += 1
            }
        }
        throw error("unexpected end of input in a string")
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode Table 3-7), or an error.
    private func utf8Sequence() throws(JSONReadError) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw error("invalid UTF-8")
        }
        guard bytes.count - index >= length else { throw error("invalid UTF-8 (truncated sequence)") }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { throw error("invalid UTF-8") }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { throw error("invalid UTF-8") }
        return length
    }

    private mutating func escape(into scratch: inout [UInt8]) throws(JSONReadError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw error("unexpected end of input in an escape") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xDC00...0xDFFF).contains(code) { throw error("lone low surrogate in a \\u escape", at: start) }
            if (0xD800...0xDBFF).contains(code) {
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("lone high surrogate in a \\u escape", at: start)
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("lone high surrogate in a \\u escape", at: start) }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            // Surrogates are excluded above, so the scalar always exists.
            scratch.append(contentsOf: String(Character(Unicode.Scalar(code)!)).utf8)
        default:
            throw error("invalid escape in a string", at: start)
        }
    }

    private mutating func hex4() throws(JSONReadError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("unexpected end of input in a \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }
}
