/// Reads the TOML subset `config.toml` is written in: tables, keys, and string, number, boolean and array values,
/// each kept with its line. Our own rather than a package because the config layer needs every value's line,
/// and because an unsupported TOML feature must be named as such rather than misread.
///
/// It works on Unicode scalars so columns count characters as an editor does. The document structure (lines,
/// headers, keys) is here; values are in `TOMLParser+Values.swift` and `TOMLParser+Numbers.swift`.
struct TOMLParser {
    /// What a misplaced or missing value is told, so every such error lists the same accepted forms.
    static let expectedValue = #"expected a value (a "string", a number, true or false, or an [array])"#

    let scalars: [Unicode.Scalar]
    /// The scalar being looked at.
    var index = 0
    /// 1-based line of `index`.
    var line = 1
    /// Index of the first scalar of the current line, for columns.
    var lineStart = 0
    /// Byte offset of `index` in the file, for `TOMLEntry.valueBytes`.
    var offset = 0

    private var entries: [TOMLEntry] = []
    private var tables: [TOMLTable] = []
    private var namespace = TOMLNamespace()
    /// The path of the last `[table]` header, which prefixes every key after it.
    private var table: [String] = []

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        if scalars.first == "\u{FEFF}" {
            index = 1
            lineStart = 1
            offset = 3
        }
    }

    /// Hexadecimal as error messages write code points and bytes: `00E9`.
    static func hex(_ value: UInt32, width: Int) -> String { String(value, radix: 16, uppercase: true, width: width) }

    /// Decodes UTF-8 up front, so a bad byte is reported at its own place whatever construct it falls in.
    static func scalars(of bytes: some Collection<UInt8>) throws(TOMLSyntaxError) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8.ForwardParser()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                scalars.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else if !(offset == 0 && scalar == "\u{FEFF}") {
                    column += 1
                }
                offset += encoded.count
            case .emptyInput:
                return scalars
            case .error:
                let byte = bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
                throw TOMLSyntaxError(
                    line: line, column: column,
                    message: "invalid UTF-8 (byte 0x"
                        + Self.hex(UInt32(byte), width: 2) + " at byte offset \(offset)); save the file as UTF-8 text")
            }
        }
    }

    mutating func parse() throws(TOMLSyntaxError) -> TOMLDocument {
        while true {
            skipWhitespace()
            switch current {
            case nil: return TOMLDocument(entries: entries, tables: tables)
            case "#"?, "\n"?, "\r"?: try finishLine(after: "a comment")
            case "["?: try tableHeader()
            default: try keyValue()
            }
        }
    }

    // MARK: Structure

    private mutating func tableHeader() throws(TOMLSyntaxError) {
        let headerColumn = column
        advance()
        if current == "[" {
            throw error("arrays of tables ([[name]]) are not supported; use a [table] header", at: headerColumn)
        }
        let path = try key()
        guard current == "]" else {
            throw error(#"expected "]" to close the table header, found \#(found)"#)
        }
        advance()
        if let problem = namespace.openTable(path, line: line) { throw error(problem, at: headerColumn) }
        table = path
        tables.append(TOMLTable(name: TOMLNamespace.dotted(path), line: line))
        try finishLine(after: "the table header")
    }

    private mutating func keyValue() throws(TOMLSyntaxError) {
        let keyColumn = column
        let path = table + (try key())
        guard current == "=" else {
            throw error(#"expected "=" after the key '\#(TOMLNamespace.dotted(path))', found \#(found)"#)
        }
        advance()
        skipWhitespace()
        if let problem = namespace.defineValue(path, tableDepth: table.count, line: line) {
            throw error(problem, at: keyColumn)
        }
        let (keyLine, start) = (line, offset)
        let value = try value(depth: 0)
        entries.append(
            TOMLEntry(
                key: TOMLNamespace.dotted(path), value: value, line: keyLine, valueBytes: start..<offset,
                lastLine: line))
        try finishLine(after: "the value")
    }

    /// A bare, quoted or dotted key, with the whitespace around it and its dots skipped.
    private mutating func key() throws(TOMLSyntaxError) -> [String] {
        var path: [String] = []
        while true {
            skipWhitespace()
            let segmentColumn = column
            let segment: String
            switch current {
            case "\""?: segment = try basicString()
            case "'"?: segment = try literalString()
            case let scalar? where Self.isBareKeyScalar(scalar):
                let start = index
                while let next = current, Self.isBareKeyScalar(next) { advance() }
                segment = String(String.UnicodeScalarView(scalars[start..<index]))
            default:
                let place = path.isEmpty ? "" : #" after ".""#
                throw error(#"expected a key\#(place) (letters, digits, _ and -, or a "quoted key"), found \#(found)"#)
            }
            if segment.isEmpty { throw error(#"a key cannot be empty ("" or '')"#, at: segmentColumn) }
            path.append(segment)
            skipWhitespace()
            guard current == "." else { return path }
            advance()
        }
    }

    /// Ends a line: whitespace, an optional comment, then a line break or the end of the file.
    private mutating func finishLine(after what: String) throws(TOMLSyntaxError) {
        skipWhitespace()
        if current == "#" { try comment() }
        if current == nil { return }
        if try consumeNewline() { return }
        throw error("unexpected \(found) after \(what); only a # comment may follow it on the same line")
    }

    // MARK: Scanning

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// 1-based column of `index`.
    var column: Int { index - lineStart + 1 }

    /// Whether `index` is at a line break (LF or CRLF); a lone CR is not one.
    var atNewline: Bool { current == "\n" || (current == "\r" && peek(1) == "\n") }

    mutating func advance() {
        if index < scalars.count { offset += UTF8.width(scalars[index]) }
        index += 1
    }

    mutating func skipWhitespace() {
        while current == " " || current == "\t" { advance() }
    }

    /// Steps over a line break if there is one. TOML allows only LF and CRLF: a lone CR is refused.
    mutating func consumeNewline() throws(TOMLSyntaxError) -> Bool {
        if current == "\r" {
            guard peek(1) == "\n" else {
                throw error(
                    "a carriage return (U+000D) must be followed by a line feed; "
                        + "save the file with LF or CRLF line ends")
            }
            advance()
        }
        guard current == "\n" else { return false }
        advance()
        line += 1
        lineStart = index
        return true
    }

    /// Steps over a `#` comment up to (not over) the line break. TOML allows no control character but tab in it.
    mutating func comment() throws(TOMLSyntaxError) {
        advance()
        while let scalar = current, !atNewline {
            if Self.isControl(scalar) {
                throw error("\(Self.describe(scalar)) is not allowed in a comment")
            }
            advance()
        }
    }

    /// Whitespace, line breaks and comments, as allowed between the elements of an array.
    mutating func skipBlankSpace() throws(TOMLSyntaxError) {
        while true {
            skipWhitespace()
            if current == "#" { try comment() }
            guard try consumeNewline() else { return }
        }
    }

    /// What is at `index`, worded for "found ..." in a message.
    var found: String {
        guard let scalar = current else { return "the end of the file" }
        return atNewline ? "the end of the line" : Self.describe(scalar)
    }

    /// `scalar` for a message: quoted when it can be seen, by code point when it cannot (a control character, or
    /// a no-break space or byte order mark pasted in by an editor, which would otherwise look like nothing).
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + Self.hex(scalar.value, width: 4)
        if isControl(scalar) { return "control character \(code)" }
        if scalar.value > 0x20 && (scalar.properties.isWhitespace || scalar.properties.generalCategory == .format) {
            return "invisible character \(code)"
        }
        return scalar == "\"" ? #"'"'"# : "\"\(scalar)\""
    }

    func error(_ message: String, at column: Int? = nil) -> TOMLSyntaxError {
        TOMLSyntaxError(line: line, column: column ?? self.column, message: message)
    }

    /// The characters TOML allows in a bare key.
    static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }

    /// Control characters other than tab, which TOML refuses in strings and comments.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
