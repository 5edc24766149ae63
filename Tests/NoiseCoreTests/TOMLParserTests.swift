import Testing
@testable import NoiseCore
@testable import NoiseConfig

/// A value written after `k = `, and what it must parse to.
struct TOMLGoodValue: Sendable, CustomTestStringConvertible {
    let source: String
    let value: TOMLValue

    init(_ source: String, _ value: TOMLValue) {
        self.source = source
        self.value = value
    }

    var testDescription: String { source }
}

/// A document the parser must refuse, and where and why.
struct TOMLBadInput: Sendable, CustomTestStringConvertible {
    let text: String
    let line: Int
    let column: Int
    let message: String

    init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        self.text = text
        self.line = line
        self.column = column
        self.message = message
    }

    var testDescription: String { text.debugDescription }
}

@Suite("TOML parser")
struct TOMLParserTests {
    // MARK: Accepted

    static let goodValues: [TOMLGoodValue] = [
        // Basic strings and their escapes.
        TOMLGoodValue(#""abc""#, .string("abc")),
        TOMLGoodValue(#""""#, .string("")),
        TOMLGoodValue(#""\" \\ \b \t \n \f \r""#, .string("\" \\ \u{08} \t \n \u{0C} \r")),
        TOMLGoodValue(#""\u00E9\u00e9 \U0001F600""#, .string("éé 😀")),
        TOMLGoodValue(#""café ☕""#, .string("café ☕")),
        TOMLGoodValue("\"a\tb\"", .string("a\tb")),
        TOMLGoodValue(#""a # not a comment""#, .string("a # not a comment")),
        TOMLGoodValue(#""it's""#, .string("it's")),
        // Literal strings: no escapes.
        TOMLGoodValue(#"'C:\path\n'"#, .string(#"C:\path\n"#)),
        TOMLGoodValue(#"'say "hi"'"#, .string(#"say "hi""#)),
        TOMLGoodValue("''", .string("")),
        // Integers.
        TOMLGoodValue("0", .integer(0)),
        TOMLGoodValue("+0", .integer(0)),
        TOMLGoodValue("-0", .integer(0)),
        TOMLGoodValue("42", .integer(42)),
        TOMLGoodValue("+17", .integer(17)),
        TOMLGoodValue("-7", .integer(-7)),
        TOMLGoodValue("1_000_000", .integer(1_000_000)),
        TOMLGoodValue("9223372036854775807", .integer(.max)),
        TOMLGoodValue("-9223372036854775808", .integer(.min)),
        TOMLGoodValue("0xDEADbeef", .integer(0xDEAD_BEEF)),
        TOMLGoodValue("0xdead_beef", .integer(0xDEAD_BEEF)),
        TOMLGoodValue("0x7FFFFFFFFFFFFFFF", .integer(.max)),
        TOMLGoodValue("0x00", .integer(0)),
        TOMLGoodValue("0o755", .integer(0o755)),
        TOMLGoodValue("0o0_7", .integer(7)),
        TOMLGoodValue("0b1101_0101", .integer(0b1101_0101)),
        // Floats.
        TOMLGoodValue("1.5", .float(1.5)),
        TOMLGoodValue("-0.25", .float(-0.25)),
        TOMLGoodValue("+1.0", .float(1)),
        TOMLGoodValue("0.0", .float(0)),
        TOMLGoodValue("1e3", .float(1000)),
        TOMLGoodValue("6.02E+23", .float(6.02e23)),
        TOMLGoodValue("1e-2", .float(0.01)),
        TOMLGoodValue("-2E-2", .float(-0.02)),
        TOMLGoodValue("6.626e-34", .float(6.626e-34)),
        TOMLGoodValue("224_617.445_991", .float(224_617.445_991)),
        TOMLGoodValue("1e0_6", .float(1e6)),
        TOMLGoodValue("1e06", .float(1e6)),
        TOMLGoodValue("0e0", .float(0)),
        TOMLGoodValue("1_0.5e1", .float(105)),
        // Booleans.
        TOMLGoodValue("true", .boolean(true)),
        TOMLGoodValue("false", .boolean(false)),
        // Arrays.
        TOMLGoodValue("[]", .array([])),
        TOMLGoodValue("[ \t ]", .array([])),
        TOMLGoodValue("[1, 2, 3]", .array([.integer(1), .integer(2), .integer(3)])),
        TOMLGoodValue("[1,2,]", .array([.integer(1), .integer(2)])),
        TOMLGoodValue(#"[ "a" , 'b' ]"#, .array([.string("a"), .string("b")])),
        TOMLGoodValue(#"[1, "x", true, 1.5]"#, .array([.integer(1), .string("x"), .boolean(true), .float(1.5)])),
        TOMLGoodValue("[[1, 2], [3], []]",
                      .array([.array([.integer(1), .integer(2)]), .array([.integer(3)]), .array([])])),
        TOMLGoodValue(#"["]", "[", ","]"#, .array([.string("]"), .string("["), .string(",")])),
    ]

    @Test(arguments: goodValues)
    func readsValue(_ good: TOMLGoodValue) throws {
        let document = try TOMLDocument.parse("k = \(good.source)")
        #expect(document.entries.map(\.placeless) == [TOMLEntry(key: "k", value: good.value, line: 1)])
    }

    @Test(arguments: [("inf", Double.infinity), ("+inf", .infinity), ("-inf", -.infinity)])
    func readsInfinity(_ source: String, _ expected: Double) throws {
        #expect(try TOMLDocument.parse("k = \(source)").entries.first?.value == .float(expected))
    }

    @Test(arguments: ["nan", "+nan", "-nan"])
    func readsNaN(_ source: String) throws {
        guard case .float(let number)? = try TOMLDocument.parse("k = \(source)").entries.first?.value else {
            Issue.record("\(source) is not read as a float")
            return
        }
        #expect(number.isNaN)
    }

    @Test(arguments: [
        ("a = 1", "a"),
        ("A-b_9 = 1", "A-b_9"),
        ("1234 = 1", "1234"),
        ("true = 1", "true"),
        ("\t a\t=\t1", "a"),
        ("a=1", "a"),
        (#""bare" = 1"#, "bare"),
        ("'lit' = 1", "lit"),
        (#""quoted key" = 1"#, #""quoted key""#),
        (#""a.b" = 1"#, #""a.b""#),
        (#""a\"b" = 1"#, #""a\"b""#),
        (#""\u00E9" = 1"#, #""é""#),
        ("a.b.c = 1", "a.b.c"),
        (#"a . "b c" . 'd' = 1"#, #"a."b c".d"#),
        ("[t]\nk = 1", "t.k"),
        ("[ t . 'u v' ]\nk = 1", #"t."u v".k"#),
        ("[t.u]\nv.w = 1", "t.u.v.w"),
    ])
    func readsKey(_ text: String, _ key: String) throws {
        #expect(try TOMLDocument.parse(text).entries.map(\.key) == [key])
    }

    @Test func readsAConfigFileWithLinesAndTables() throws {
        let text = """
            # NoiseClock settings
            volume = 70

            [audio]
            device = "default"  # ALSA device
            "cache-mib" = 64
            'buffer'.ms = 500#no space before the comment

            [ alarms . defaults ]   # a section
            snooze_minutes = 9
            sounds = [
                "chime",  # gentle
                'bell',
                # commented out: "siren",
            ]
            label = "after the array"
            """
        let document = try TOMLDocument.parse(text)
        #expect(document.entries.map(\.placeless) == [
            TOMLEntry(key: "volume", value: .integer(70), line: 2),
            TOMLEntry(key: "audio.device", value: .string("default"), line: 5),
            TOMLEntry(key: "audio.cache-mib", value: .integer(64), line: 6),
            TOMLEntry(key: "audio.buffer.ms", value: .integer(500), line: 7),
            TOMLEntry(key: "alarms.defaults.snooze_minutes", value: .integer(9), line: 10),
            TOMLEntry(key: "alarms.defaults.sounds", value: .array([.string("chime"), .string("bell")]), line: 11),
            TOMLEntry(key: "alarms.defaults.label", value: .string("after the array"), line: 16),
        ])
        #expect(document.tables == [TOMLTable(name: "audio", line: 4), TOMLTable(name: "alarms.defaults", line: 9)])
        let crlf = try TOMLDocument.parse(text.split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: "\r\n") + "\r\n")
        // The same entries and lines; each value's bytes lie one byte further on for each CR before it.
        #expect(crlf.entries.map(\.placeless) == document.entries.map(\.placeless) && crlf.tables == document.tables)
        #expect(crlf.entries.map { $0.valueBytes.lowerBound - $0.line + 1 } == document.entries.map(\.valueBytes.lowerBound))
    }

    @Test func readsBytesLikeText() throws {
        let text = "[audio]\r\ndevice = \"hw:0\"\n"
        let fromBytes = try TOMLDocument.parse(bytes: Array(text.utf8))
        #expect(fromBytes == TOMLDocument(entries: [TOMLEntry(key: "audio.device", value: .string("hw:0"), line: 2,
                                                              valueBytes: 18..<24, lastLine: 2)],
                                          tables: [TOMLTable(name: "audio", line: 1)]))
        #expect(try TOMLDocument.parse(text) == fromBytes)
    }

    @Test func skipsALeadingByteOrderMark() throws {
        #expect(try TOMLDocument.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("a = 1".utf8)).entries
            == [TOMLEntry(key: "a", value: .integer(1), line: 1, valueBytes: 7..<8, lastLine: 1)])
        #expect(try TOMLDocument.parse("\u{FEFF}[t]").tables == [TOMLTable(name: "t", line: 1)])
        // Columns count from after the mark.
        #expect(throws: TOMLSyntaxError(line: 1, column: 3, message: #"expected "=" after the key 'a', found "1""#)) {
            try TOMLDocument.parse("\u{FEFF}a 1")
        }
    }

    @Test(arguments: ["", "\n\n", "# only a comment", "  \t\r\n# two\r\n\t# comments\n   "])
    func readsAnEmptyDocument(_ text: String) throws {
        let document = try TOMLDocument.parse(text)
        #expect(document.entries.isEmpty && document.tables.isEmpty)
    }

    @Test func allowsWhatTOMLAllowsAboutTables() throws {
        // A table only named by a longer header may get its own header later.
        let implicit = try TOMLDocument.parse("[a.b]\nx = 1\n[a]\ny = 2")
        #expect(implicit.tables == [TOMLTable(name: "a.b", line: 1), TOMLTable(name: "a", line: 3)])
        #expect(implicit.entries.map(\.key) == ["a.b.x", "a.y"])
        // A table made by dotted keys may get sub-tables by header, and more dotted keys.
        let dotted = try TOMLDocument.parse("[a]\nb.c = 1\nb.d = 2\n[a.b.e]\nf = 3")
        #expect(dotted.entries.map(\.key) == ["a.b.c", "a.b.d", "a.b.e.f"])
        #expect(dotted.entries.map(\.line) == [2, 3, 5])
        // `"a"` and `a` are one key, but `"a.b"` is not `a.b`.
        #expect(try TOMLDocument.parse("\"a.b\" = 1\na.b = 2").entries.map(\.key) == [#""a.b""#, "a.b"])
    }

    // MARK: Refused

    static let badInputs: [TOMLBadInput] = [
        // Unsupported TOML features, each named.
        TOMLBadInput(#"a = """x""""#, 1, 5, #"multi-line strings (""") are not supported"#),
        TOMLBadInput("a = '''x'''", 1, 5, "multi-line literal strings (''') are not supported"),
        TOMLBadInput("a = {b = 1}", 1, 5, "inline tables ({...}) are not supported"),
        TOMLBadInput("x = 1\n[[alarms]]", 2, 1, "arrays of tables ([[name]]) are not supported"),
        TOMLBadInput("day = 2024-01-01", 1, 7,
                     #"dates and times are not supported here; quote it as a string, e.g. "2024-01-01""#),
        TOMLBadInput("time = 07:00", 1, 8,
                     #"dates and times are not supported here; quote it as a string, e.g. "07:00""#),
        TOMLBadInput("at = 1979-05-27T07:32:00Z", 1, 6, #"e.g. "1979-05-27T07:32:00Z""#),
        TOMLBadInput("t = [07:00]", 1, 6, "dates and times are not supported"),
        // Defined twice, or both a value and a table.
        TOMLBadInput("a = 1\nb = 2\na = 3", 3, 1, "key 'a' is defined twice; it was first defined on line 1"),
        TOMLBadInput("\"a\" = 1\n a = 2", 2, 2, "key 'a' is defined twice; it was first defined on line 1"),
        TOMLBadInput("[audio]\ndevice = 1\n\ndevice = 2", 4, 1,
                     "key 'audio.device' is defined twice; it was first defined on line 2"),
        TOMLBadInput("audio.device = 1\naudio . device = 2", 2, 1, "key 'audio.device' is defined twice"),
        TOMLBadInput("[audio]\nx = 1\n[ audio ]", 3, 1,
                     "table [audio] is defined twice; it was first defined on line 1"),
        TOMLBadInput("[a.b]\n[a]\n[a]", 3, 1, "table [a] is defined twice; it was first defined on line 2"),
        TOMLBadInput("audio = 1\n[audio]", 2, 1, "'audio' is already a value (line 1), so it cannot also be a table"),
        TOMLBadInput("a = 1\na.b = 2", 2, 1, "'a' is already a value (line 1), so it cannot also be a table"),
        TOMLBadInput("[a]\nb = 1\n[a.b.c]", 3, 1, "'a.b' is already a value (line 2), so it cannot also be a table"),
        TOMLBadInput("[a.b]\n[a]\nb = 1", 3, 1, "'a.b' is already a table (line 1), so it cannot also be a value"),
        TOMLBadInput("a.b = 1\na = 2", 2, 1, "'a' is already a table (line 1), so it cannot also be a value"),
        TOMLBadInput("[a]\nb.c = 1\n[a.b]", 3, 1, "table [a.b] already exists: dotted keys created it on line 2"),
        TOMLBadInput("[a.b.c]\n[a]\nb.d = 1\n[a.b]", 4, 1,
                     "table [a.b] already exists: dotted keys created it on line 3"),
        TOMLBadInput("[a.b]\nx = 1\n[a]\nb.y = 2", 4, 1, "'a.b' has its own header [a.b] on line 1"),
        // Strings.
        TOMLBadInput(#"a = "abc"#, 1, 9,
                     #"the string that starts at column 5 is not closed with " before the end of the file"#),
        TOMLBadInput("a = 'abc", 1, 9,
                     "the string that starts at column 5 is not closed with ' before the end of the file"),
        TOMLBadInput("a = \"abc\nb = 1", 1, 9, #"the string that starts at column 5 is not closed with " on its line"#),
        TOMLBadInput("a = \"abc\r\nb = 1", 1, 9, #"is not closed with " on its line"#),
        TOMLBadInput("a = 'abc\nb = 1", 1, 9, "the string that starts at column 5 is not closed with ' on its line"),
        TOMLBadInput("a = \"abc\\\nb = 1", 1, 10, #"is not closed with " on its line"#),
        TOMLBadInput("\"a\nb\" = 1", 1, 3, "the string that starts at column 1 is not closed"),
        TOMLBadInput("a = \"a\u{07}b\"", 1, 7,
                     #"control character U+0007 is not allowed in a string; write it as the escape \u0007"#),
        TOMLBadInput("a = \"a\rb\"", 1, 7, "control character U+000D is not allowed in a string"),
        TOMLBadInput("a = 'a\u{7F}b'", 1, 7,
                     #"control character U+007F is not allowed in a string; a 'literal string'"#),
        TOMLBadInput("a = \"\u{00}\"", 1, 6, "control character U+0000 is not allowed in a string"),
        TOMLBadInput(#"a = "x\q""#, 1, 7,
                     #"invalid escape \q; a string accepts \" \\ \b \t \n \f \r \uXXXX and \UXXXXXXXX"#),
        TOMLBadInput(#"a = "\e""#, 1, 6, #"invalid escape \e"#),
        TOMLBadInput("a = \"\\\tx\"", 1, 6, "invalid escape (a backslash before U+0009)"),
        TOMLBadInput(#"a = "\u12""#, 1, 6, #"\u needs exactly 4 hexadecimal digits"#),
        TOMLBadInput(#"a = "\U0001F60""#, 1, 6, #"\U needs exactly 8 hexadecimal digits"#),
        TOMLBadInput(#"a = "\uD800""#, 1, 6, #"\uD800 is not a Unicode character: surrogates (D800 to DFFF)"#),
        TOMLBadInput(#"a = "\uDfFf""#, 1, 6, #"\uDFFF is not a Unicode character"#),
        TOMLBadInput(#"a = "\U00110000""#, 1, 6, #"\U00110000 is not a Unicode character"#),
        // Keys and "=".
        TOMLBadInput("a 1", 1, 3, #"expected "=" after the key 'a', found "1""#),
        TOMLBadInput("a", 1, 2, #"expected "=" after the key 'a', found the end of the file"#),
        TOMLBadInput("a\n= 1", 1, 2, #"expected "=" after the key 'a', found the end of the line"#),
        TOMLBadInput("[t]\nk : 1", 2, 3, #"expected "=" after the key 't.k', found ":""#),
        TOMLBadInput("= 1", 1, 1, #"expected a key (letters, digits, _ and -, or a "quoted key"), found "=""#),
        TOMLBadInput("$x = 1", 1, 1, #"expected a key (letters, digits, _ and -, or a "quoted key"), found "$""#),
        TOMLBadInput("a. = 1", 1, 4, #"expected a key after ".""#),
        TOMLBadInput(#""" = 1"#, 1, 1, "a key cannot be empty"),
        TOMLBadInput("a.'' = 1", 1, 3, "a key cannot be empty"),
        TOMLBadInput("[]", 1, 2, "expected a key"),
        TOMLBadInput("[audio", 1, 7, #"expected "]" to close the table header, found the end of the file"#),
        TOMLBadInput("[audio.]", 1, 8, #"expected a key after ".""#),
        // Values.
        TOMLBadInput("a = ", 1, 5, #"expected a value (a "string", a number, true or false, or an [array])"#),
        TOMLBadInput("a =\nb = 1", 1, 4, "expected a value"),
        TOMLBadInput("a = # none", 1, 5, "expected a value"),
        TOMLBadInput("a = @", 1, 5,
                     #"expected a value (a "string", a number, true or false, or an [array]), found "@""#),
        TOMLBadInput("a = yes", 1, 5, #"found yes; to give text, quote it: "yes""#),
        TOMLBadInput("a = True", 1, 5, "write true in lowercase"),
        TOMLBadInput("a = infinity", 1, 5, "found infinity"),
        TOMLBadInput("a = 1 2", 1, 7,
                     #"unexpected "2" after the value; only a # comment may follow it on the same line"#),
        TOMLBadInput("a = \"x\" y", 1, 9, #"unexpected "y" after the value"#),
        TOMLBadInput("a = [1] ]", 1, 9, #"unexpected "]" after the value"#),
        TOMLBadInput("a = 1,", 1, 6, #"unexpected "," after the value"#),
        TOMLBadInput("[audio] x = 1", 1, 9, #"unexpected "x" after the table header"#),
        TOMLBadInput("a = 1 \u{01}", 1, 7, "unexpected control character U+0001 after the value"),
        TOMLBadInput("a = 1\u{A0}", 1, 6, "unexpected invisible character U+00A0 after the value"),
        TOMLBadInput("a = 1\n\u{FEFF}b = 2", 2, 1, "expected a key (letters, digits, _ and -, or a \"quoted key\"), "
                     + "found invisible character U+FEFF"),
        // Arrays.
        TOMLBadInput("a = [1, 2", 1, 10, #"the array that starts at line 1, column 5 is not closed; add "]""#),
        TOMLBadInput("a = [\n  1,\n  # last\n", 4, 1, "the array that starts at line 1, column 5 is not closed"),
        TOMLBadInput("a = [1, 2\nb = 3", 2, 1,
                     #"expected "," or "]" after an array element, found "b" (the array starts at line 1, column 5)"#),
        TOMLBadInput("a = [1 2]", 1, 8, #"expected "," or "]" after an array element, found "2""#),
        TOMLBadInput("a = [1,,2]", 1, 8,
                     #"expected a value (a "string", a number, true or false, or an [array]), found ",""#),
        TOMLBadInput("a = [,]", 1, 6, #"expected a value"#),
        TOMLBadInput("a = " + String(repeating: "[", count: 33), 1, 37,
                     "arrays nested more than 32 deep are not supported"),
        // Numbers.
        TOMLBadInput("a = 01", 1, 5, "invalid number 01: leading zeros are not allowed"),
        TOMLBadInput("a = -01", 1, 5, "invalid number -01: leading zeros are not allowed"),
        TOMLBadInput("a = 0_1", 1, 5, "leading zeros are not allowed"),
        TOMLBadInput("a = 00.5", 1, 5, "leading zeros are not allowed"),
        TOMLBadInput("a = 1__0", 1, 5, "invalid number 1__0: an underscore must sit between two digits"),
        TOMLBadInput("a = _1", 1, 5, "invalid number _1: an underscore must sit between two digits"),
        TOMLBadInput("a = 1_", 1, 5, "invalid number 1_: an underscore"),
        TOMLBadInput("a = 1_.5", 1, 5, "invalid number 1_.5: an underscore"),
        TOMLBadInput("a = 1e_3", 1, 5, "invalid number 1e_3: an underscore"),
        TOMLBadInput("a = 0x_1", 1, 5, "invalid number 0x_1: an underscore"),
        TOMLBadInput("a = 1.", 1, 5, "invalid number 1.: a decimal point needs a digit on each side"),
        TOMLBadInput("a = .5", 1, 5, "invalid number .5: a decimal point needs a digit on each side"),
        TOMLBadInput("a = -.5", 1, 5, "invalid number -.5: a decimal point"),
        TOMLBadInput("a = 1.e3", 1, 5, "invalid number 1.e3: a decimal point"),
        TOMLBadInput("a = +0x1", 1, 5, "invalid number +0x1: a hexadecimal, octal or binary number cannot have a sign"),
        TOMLBadInput("a = -0b1", 1, 5, "cannot have a sign"),
        TOMLBadInput("a = 0xG", 1, 5, "invalid number 0xG: hexadecimal digits are 0 to 9 and A to F"),
        TOMLBadInput("a = 0o8", 1, 5, "invalid number 0o8: octal digits are 0 to 7"),
        TOMLBadInput("a = 0b102", 1, 5, "invalid number 0b102: binary digits are 0 and 1"),
        TOMLBadInput("a = 0X1F", 1, 5, "invalid number 0X1F: numbers look like 42"),
        TOMLBadInput("a = 0x", 1, 5, "invalid number 0x: numbers look like"),
        TOMLBadInput("a = 1e", 1, 5, "invalid number 1e: numbers look like"),
        TOMLBadInput("a = 1.2.3", 1, 5, "invalid number 1.2.3: numbers look like"),
        TOMLBadInput("a = 1-2", 1, 5, "invalid number 1-2"),
        TOMLBadInput("a = +", 1, 5, "invalid number +"),
        TOMLBadInput("a = 9223372036854775808", 1, 5, "integers go from -9223372036854775808 to 9223372036854775807"),
        TOMLBadInput("a = -9223372036854775809", 1, 5, "integers go from -9223372036854775808"),
        TOMLBadInput("a = 0x8000000000000000", 1, 5, "integers go up to 9223372036854775807"),
        TOMLBadInput("a = 0x1_0000_0000_0000_0000", 1, 5, "integers go up to"),
        TOMLBadInput("a = 1e400", 1, 5, "invalid number 1e400: it is too large for a number"),
        // Line ends and comments.
        TOMLBadInput("a = 1\rb = 2", 1, 6, "a carriage return (U+000D) must be followed by a line feed"),
        TOMLBadInput("\r", 1, 1, "a carriage return (U+000D) must be followed by a line feed"),
        TOMLBadInput("a = 1\n# a\u{01}b", 2, 4, "control character U+0001 is not allowed in a comment"),
        TOMLBadInput("a = 1 # a\rb", 1, 10, "control character U+000D is not allowed in a comment"),
    ]

    @Test(arguments: badInputs)
    func refusesWithLineColumnAndReason(_ bad: TOMLBadInput) {
        do {
            let document = try TOMLDocument.parse(bad.text)
            Issue.record("accepted, giving \(document.entries)")
        } catch {
            #expect(error.line == bad.line, "\(error)")
            #expect(error.column == bad.column, "\(error)")
            #expect(error.message.contains(bad.message), "\(error)")
        }
    }

    @Test(arguments: [
        // A bad byte at the start, in a string, in a comment (a truncated é), and after a byte order mark.
        ([0xFF] + Array("a = 1".utf8), 1, 1, "invalid UTF-8 (byte 0xFF at byte offset 0)"),
        (Array("a = \"".utf8) + [0xC0, 0x80, 0x22], 1, 6, "invalid UTF-8 (byte 0xC0 at byte offset 5)"),
        (Array("a = 1\n# é".utf8) + [0xC3], 2, 4, "invalid UTF-8 (byte 0xC3 at byte offset 10)"),
        (Array("k = 'x".utf8) + [0xED, 0xA0, 0x80, 0x27], 1, 7, "invalid UTF-8 (byte 0xED at byte offset 6)"),
        ([0xEF, 0xBB, 0xBF, 0x61, 0x80], 1, 2, "invalid UTF-8 (byte 0x80 at byte offset 4)"),
    ] as [([UInt8], Int, Int, String)])
    func refusesInvalidUTF8AtItsPlace(_ bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
        #expect(throws: TOMLSyntaxError(line: line, column: column, message: message
            + "; save the file as UTF-8 text")) {
            try TOMLDocument.parse(bytes: bytes)
        }
    }

    // MARK: Rendering

    @Test(arguments: [
        (TOMLValue.string("abc"), #""abc""#),
        (.string("a\"b\\c\nd\u{01}"), #""a\"b\\c\nd\u0001""#),
        (.integer(12), "12"),
        (.integer(-7), "-7"),
        (.float(0.5), "0.5"),
        (.float(1000), "1000.0"),
        (.float(-.infinity), "-inf"),
        (.boolean(true), "true"),
        (.boolean(false), "false"),
        (.array([.string("a"), .string("b")]), #"["a", "b"]"#),
        (.array([.integer(1), .array([])]), "[1, []]"),
    ])
    func describesValue(_ value: TOMLValue, _ description: String) {
        #expect(value.description == description)
        #expect("\(value)" == description)
    }

    @Test func errorDescriptionLeadsWithThePlace() {
        #expect(TOMLSyntaxError(line: 3, column: 9, message: "expected a value").description
            == "line 3, column 9: expected a value")
    }
}

extension TOMLDocument {
    /// The tests write their files as text.
    static func parse(_ text: String) throws(TOMLSyntaxError) -> TOMLDocument { try parse(bytes: Array(text.utf8)) }
}

extension TOMLEntry {
    /// An entry as these tests write it, where its value's place in the file does not matter.
    init(key: String, value: TOMLValue, line: Int) {
        self.init(key: key, value: value, line: line, valueBytes: 0..<0, lastLine: line)
    }

    var placeless: TOMLEntry { TOMLEntry(key: key, value: value, line: line) }
}
