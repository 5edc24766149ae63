import Testing

@testable import NoiseConfig
@testable import NoiseCore

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
        TOMLGoodValue(
            "[[1, 2], [3], []]",
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
        #expect(
            document.entries.map(\.placeless) == [
                TOMLEntry(key: "volume", value: .integer(70), line: 2),
                TOMLEntry(key: "audio.device", value: .string("default"), line: 5),
                TOMLEntry(key: "audio.cache-mib", value: .integer(64), line: 6),
                TOMLEntry(key: "audio.buffer.ms", value: .integer(500), line: 7),
                TOMLEntry(key: "alarms.defaults.snooze_minutes", value: .integer(9), line: 10),
                TOMLEntry(key: "alarms.defaults.sounds", value: .array([.string("chime"), .string("bell")]), line: 11),
                TOMLEntry(key: "alarms.defaults.label", value: .string("after the array"), line: 16),
            ])
        #expect(document.tables == [TOMLTable(name: "audio", line: 4), TOMLTable(name: "alarms.defaults", line: 9)])
        let crlf = try TOMLDocument.parse(
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\r\n") + "\r\n")
        // The same entries and lines; each value's bytes lie one byte further on for each CR before it.
        #expect(crlf.entries.map(\.placeless) == document.entries.map(\.placeless) && crlf.tables == document.tables)
        #expect(
            crlf.entries.map { $0.valueBytes.lowerBound - $0.line + 1 } == document.entries.map(\.valueBytes.lowerBound)
        )
    }

    @Test func readsBytesLikeText() throws {
        let text = "[audio]\r\ndevice = \"hw:0\"\n"
        let fromBytes = try TOMLDocument.parse(bytes: Array(text.utf8))
        #expect(
            fromBytes
                == TOMLDocument(
                    entries: [
                        TOMLEntry(
                            key: "audio.device", value: .string("hw:0"), line: 2,
                            valueBytes: 18..<24, lastLine: 2)
                    ],
                    tables: [TOMLTable(name: "audio", line: 1)]))
        #expect(try TOMLDocument.parse(text) == fromBytes)
    }

    @Test func skipsALeadingByteOrderMark() throws {
        #expect(
            try TOMLDocument.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("a = 1".utf8)).entries
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
        #expect(
            TOMLSyntaxError(line: 3, column: 9, message: "expected a value").description
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
