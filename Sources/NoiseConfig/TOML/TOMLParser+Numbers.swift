/// Bare words in value position: numbers, booleans, `inf` and `nan`, and the dates and times TOML has but this
/// parser does not. The whole word is read first so its error can quote it whole ("invalid number 1__0").
extension TOMLParser {
    /// The characters a bare word is made of: enough to hold every number, boolean and date form, so a bad one
    /// is reported as one word and not as a good prefix followed by garbage.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "+", "-", ".", ":": true
        default: false
        }
    }

    /// The value of the digit `scalar` in `radix` (2, 8, 10 or 16), or nil.
    static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value: UInt32 =
            switch scalar {
            case "0"..."9": scalar.value - 0x30
            case "a"..."f": scalar.value - 0x61 + 10
            case "A"..."F": scalar.value - 0x41 + 10
            default: radix
            }
        return value < radix ? value : nil
    }

    /// The bare word at `index` as a value.
    mutating func word() throws(TOMLSyntaxError) -> TOMLValue {
        let start = index
        let wordColumn = column
        while let scalar = current, Self.isWordScalar(scalar) { advance() }
        let word = scalars[start..<index]
        let text = String(String.UnicodeScalarView(word))
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        guard let first = word.first,
            first == "+" || first == "-" || first == "." || first == "_"
                || Self.digitValue(first, radix: 10) != nil
        else {
            let hint =
                text.lowercased() == "true" || text.lowercased() == "false"
                ? "; write \(text.lowercased()) in lowercase" : "; to give text, quote it: \"\(text)\""
            throw error(Self.expectedValue + ", found \(text)" + hint, at: wordColumn)
        }
        if Self.isDateOrTime(word) {
            throw error(
                "dates and times are not supported here; quote it as a string, e.g. \"\(text)\"",
                at: wordColumn)
        }
        do throws(NumberProblem) {
            return try Self.number(word)
        } catch {
            throw self.error("invalid number \(text): \(error.reason)", at: wordColumn)
        }
    }

    /// `1979-05-27`, `07:00`, `07:32:00.5` and the like: a date starts with four digits and `-`, a time has `:`.
    private static func isDateOrTime(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = word.first, digitValue(first, radix: 10) != nil else { return false }
        let leadingDigits = word.prefix { digitValue($0, radix: 10) != nil }.count
        return word.contains(":") || (leadingDigits == 4 && word.dropFirst(4).first == "-")
    }

    struct NumberProblem: Error {
        var reason: String

        static let shape = NumberProblem(reason: "numbers look like 42, -7, 1_000, 0xFF, 0.5, -0.25 or 6.02e23")
        static let underscore = NumberProblem(reason: "an underscore must sit between two digits, as in 1_000")
        static let point = NumberProblem(reason: "a decimal point needs a digit on each side, as in 0.5 or 1.0")
    }

    /// An integer or float in TOML 1.0's forms, from a word that starts with a sign, a digit, `.` or `_`.
    private static func number(_ word: ArraySlice<Unicode.Scalar>) throws(NumberProblem) -> TOMLValue {
        var body = word
        let sign = body.first == "+" || body.first == "-" ? body.removeFirst() : nil
        let prefixes: [Unicode.Scalar: UInt32] = ["x": 16, "o": 8, "b": 2]
        if body.count >= 2, body.first == "0", let radix = prefixes[body[body.startIndex + 1]] {
            guard sign == nil else {
                throw NumberProblem(reason: "a hexadecimal, octal or binary number cannot have a sign")
            }
            let digits = try checkDigits(body.dropFirst(2), radix: radix, ifEmpty: .shape)
            guard let value = UInt64(digits, radix: Int(radix)), value <= UInt64(Int64.max) else {
                throw NumberProblem(reason: "integers go up to 9223372036854775807 (0x7FFFFFFFFFFFFFFF)")
            }
            return .integer(Int64(value))
        }
        let integerPart = body.prefix { $0 != "." && $0 != "e" && $0 != "E" }
        var rest = body[integerPart.endIndex...]
        let integerDigits = try checkDigits(integerPart, radix: 10, ifEmpty: rest.first == "." ? .point : .shape)
        if integerDigits.count > 1 && integerDigits.hasPrefix("0") {
            throw NumberProblem(reason: "leading zeros are not allowed")
        }
        var text = (sign.map { String($0) } ?? "") + integerDigits
        var isFloat = false
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0 != "e" && $0 != "E" }
            text += "." + (try checkDigits(fraction, radix: 10, ifEmpty: .point))
            rest = rest[fraction.endIndex...]
            isFloat = true
        }
        if rest.first == "e" || rest.first == "E" {
            // The exponent may have leading zeros (`1e06`), unlike the integer part.
            var exponent = rest.dropFirst()
            let exponentSign = exponent.first == "+" || exponent.first == "-" ? exponent.removeFirst() : nil
            let exponentDigits = try checkDigits(exponent, radix: 10, ifEmpty: .shape)
            text += "e" + (exponentSign.map { String($0) } ?? "") + exponentDigits
            isFloat = true
        }
        guard isFloat else {
            guard let value = Int64(text) else {
                throw NumberProblem(reason: "integers go from -9223372036854775808 to 9223372036854775807")
            }
            return .integer(value)
        }
        guard let value = Double(text), value.isFinite else {
            throw NumberProblem(reason: "it is too large for a number")
        }
        return .float(value)
    }

    /// The digits of `part` without their underscores, once each underscore is checked to sit between digits.
    private static func checkDigits(
        _ part: ArraySlice<Unicode.Scalar>, radix: UInt32,
        ifEmpty: NumberProblem
    ) throws(NumberProblem) -> String {
        guard !part.isEmpty else { throw ifEmpty }
        var digits = String.UnicodeScalarView()
        var previous: Unicode.Scalar = "_"  // so a leading underscore is caught like a doubled one
        for scalar in part {
            if scalar == "_" {
                guard previous != "_" else { throw .underscore }
            } else if digitValue(scalar, radix: radix) != nil {
                digits.append(scalar)
            } else {
                switch radix {
                case 16: throw NumberProblem(reason: "hexadecimal digits are 0 to 9 and A to F")
                case 8: throw NumberProblem(reason: "octal digits are 0 to 7")
                case 2: throw NumberProblem(reason: "binary digits are 0 and 1")
                default: throw .shape
                }
            }
            previous = scalar
        }
        guard previous != "_" else { throw .underscore }
        return String(digits)
    }
}
