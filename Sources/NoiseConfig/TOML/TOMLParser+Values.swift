/// Values: strings, arrays, and the dispatch that names each unsupported TOML form instead of misreading it.
extension TOMLParser {
    /// Arrays nested deeper than this are refused, so a broken file cannot exhaust the stack.
    static let maxArrayDepth = 32

    /// The value at `index`. `depth` is how many arrays enclose it.
    mutating func value(depth: Int) throws(TOMLSyntaxError) -> TOMLValue {
        switch current {
        case "\""?:
            if peek(1) == "\"" && peek(2) == "\"" {
                throw error(
                    #"multi-line strings (""") are not supported; write the text on one line, "#
                        + #"with \n for a line break"#)
            }
            return .string(try basicString())
        case "'"?:
            if peek(1) == "'" && peek(2) == "'" {
                throw error(
                    #"multi-line literal strings (''') are not supported; write the text on one line, "#
                        + #"or in a "basic string" with \n for a line break"#)
            }
            return .string(try literalString())
        case "["?:
            return try array(depth: depth + 1)
        case "{"?:
            throw error("inline tables ({...}) are not supported; use a [table] header with one key = value per line")
        case let scalar? where Self.isWordScalar(scalar):
            return try word()
        default:
            let atEnd = current == nil || current == "#" || atNewline
            throw error(Self.expectedValue + (atEnd ? "" : ", found \(found)"))
        }
    }

    /// `[ value, value, ]`, over as many lines as it likes, with comments between the elements.
    private mutating func array(depth: Int) throws(TOMLSyntaxError) -> TOMLValue {
        let openLine = line
        let openColumn = column
        guard depth <= Self.maxArrayDepth else {
            throw error("arrays nested more than \(Self.maxArrayDepth) deep are not supported")
        }
        advance()
        let unclosed =
            #"the array that starts at line \#(openLine), column \#(openColumn) is not closed; "#
            + #"add "]" after its last element"#
        var elements: [TOMLValue] = []
        while true {
            try skipBlankSpace()
            if current == "]" {
                advance()
                return .array(elements)
            }
            guard current != nil else { throw error(unclosed) }
            elements.append(try value(depth: depth))
            try skipBlankSpace()
            switch current {
            case ","?:
                advance()
            case "]"?:
                advance()
                return .array(elements)
            case nil:
                throw error(unclosed)
            default:
                throw error(
                    #"expected "," or "]" after an array element, found \#(found) "#
                        + "(the array starts at line \(openLine), column \(openColumn))")
            }
        }
    }

    /// `"..."`, with escapes.
    mutating func basicString() throws(TOMLSyntaxError) -> String {
        let openColumn = column
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = current, !atNewline else { throw unterminated(openColumn, quote: "\"") }
            switch scalar {
            case "\"":
                advance()
                return String(text)
            case "\\":
                guard let escaped = try escape() else { throw unterminated(openColumn, quote: "\"") }
                text.append(escaped)
            case _ where Self.isControl(scalar):
                throw error(
                    "\(Self.describe(scalar)) is not allowed in a string; write it as the escape \\u"
                        + Self.hex(scalar.value, width: 4))
            default:
                text.append(scalar)
                advance()
            }
        }
    }

    /// `'...'`, taken as written: no escapes.
    mutating func literalString() throws(TOMLSyntaxError) -> String {
        let openColumn = column
        advance()
        let start = index
        while true {
            guard let scalar = current, !atNewline else { throw unterminated(openColumn, quote: "'") }
            if scalar == "'" {
                let text = String(String.UnicodeScalarView(scalars[start..<index]))
                advance()
                return text
            }
            if Self.isControl(scalar) {
                throw error(
                    "\(Self.describe(scalar)) is not allowed in a string; a 'literal string' cannot escape "
                        + #"it, so use a "basic string" with the escape \u"# + Self.hex(scalar.value, width: 4))
            }
            advance()
        }
    }

    /// The escape at `index` (a backslash), or nil when the line or file ends right after the backslash.
    private mutating func escape() throws(TOMLSyntaxError) -> Unicode.Scalar? {
        let escapeColumn = column
        advance()
        guard let scalar = current, !atNewline else { return nil }
        let simple: Unicode.Scalar? =
            switch scalar {
            case "\"": "\""
            case "\\": "\\"
            case "b": "\u{08}"
            case "t": "\t"
            case "n": "\n"
            case "f": "\u{0C}"
            case "r": "\r"
            default: nil
            }
        if let simple {
            advance()
            return simple
        }
        if scalar == "u" || scalar == "U" { return try unicodeEscape(escapeColumn) }
        let invisible = scalar.value <= 0x20 || scalar.value == 0x7F
        let shown = invisible ? "(a backslash before U+\(Self.hex(scalar.value, width: 4)))" : "\\\(scalar)"
        throw error(
            #"invalid escape \#(shown); a string accepts \" \\ \b \t \n \f \r \uXXXX and \UXXXXXXXX "#
                + #"(write \\ for a backslash)"#, at: escapeColumn)
    }

    /// `\uXXXX` or `\UXXXXXXXX`, at the `u` or `U`; it must name a Unicode scalar (no surrogate).
    private mutating func unicodeEscape(_ escapeColumn: Int) throws(TOMLSyntaxError) -> Unicode.Scalar {
        let letter = current == "u" ? "u" : "U"
        let count = letter == "u" ? 4 : 8
        advance()
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let scalar = current, let digit = Self.digitValue(scalar, radix: 16) else {
                let example = letter == "u" ? "\\u00E9" : "\\U0001F600"
                throw error("\\\(letter) needs exactly \(count) hexadecimal digits, e.g. \(example)", at: escapeColumn)
            }
            value = value * 16 + digit
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error(
                "\\\(letter)\(Self.hex(value, width: count)) is not a Unicode character: surrogates "
                    + "(D800 to DFFF) and values above 10FFFF are not allowed", at: escapeColumn)
        }
        return scalar
    }

    private func unterminated(_ openColumn: Int, quote: String) -> TOMLSyntaxError {
        guard current == nil else {
            return error(
                "the string that starts at column \(openColumn) is not closed with \(quote) on its line; "
                    + #"strings cannot span lines (write \n in a "basic string" for a line break)"#)
        }
        return error(
            "the string that starts at column \(openColumn) is not closed with \(quote) before the end "
                + "of the file")
    }
}
