extension JSONParser {
    /// A number per RFC 8259's grammar, as the nearest Double. Short integers are converted exactly by hand;
    /// the rest goes through the stdlib's correctly rounded `Double(_:)`. Overflow to infinity is an error
    /// (Foundation refuses it too); underflow reads as zero.
    mutating func number() throws(JSONReadError) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in a number") }
        var integer: Int64 = 0
        var digits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zero in a number") }
            digits = 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 18 { integer = integer * 10 + Int64(bytes[index] &- UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
        }
        var simple = digits <= 15
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            simple = false
            index += 1
            try requireDigits("expected a digit after the decimal point")
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            simple = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try requireDigits("expected a digit in the exponent")
        }
        // Up to 15 digits an integer is exact in a Double, so no rounding question arises.
        if simple { return negative ? -Double(integer) : Double(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number out of range", at: start)
        }
        return value
    }

    private mutating func requireDigits(_ reason: String) throws(JSONReadError) {
        guard index < bytes.count, isDigit(bytes[index]) else { throw error(reason) }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
