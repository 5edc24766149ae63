import Testing

@testable import NoiseConfig
@testable import NoiseCore

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

/// Documents the parser refuses: each with its line, column and what is wrong.
@Suite("TOML parser, refusals")
struct TOMLParserRefusalTests {
    static let badInputs: [TOMLBadInput] = [
        // Unsupported TOML features, each named.
        TOMLBadInput(#"a = """x""""#, 1, 5, #"multi-line strings (""") are not supported"#),
        TOMLBadInput("a = '''x'''", 1, 5, "multi-line literal strings (''') are not supported"),
        TOMLBadInput("a = {b = 1}", 1, 5, "inline tables ({...}) are not supported"),
        TOMLBadInput("x = 1\n[[alarms]]", 2, 1, "arrays of tables ([[name]]) are not supported"),
        TOMLBadInput(
            "day = 2024-01-01", 1, 7,
            #"dates and times are not supported here; quote it as a string, e.g. "2024-01-01""#),
        TOMLBadInput(
            "time = 07:00", 1, 8,
            #"dates and times are not supported here; quote it as a string, e.g. "07:00""#),
        TOMLBadInput("at = 1979-05-27T07:32:00Z", 1, 6, #"e.g. "1979-05-27T07:32:00Z""#),
        TOMLBadInput("t = [07:00]", 1, 6, "dates and times are not supported"),
        // Defined twice, or both a value and a table.
        TOMLBadInput("a = 1\nb = 2\na = 3", 3, 1, "key 'a' is defined twice; it was first defined on line 1"),
        TOMLBadInput("\"a\" = 1\n a = 2", 2, 2, "key 'a' is defined twice; it was first defined on line 1"),
        TOMLBadInput(
            "[audio]\ndevice = 1\n\ndevice = 2", 4, 1,
            "key 'audio.device' is defined twice; it was first defined on line 2"),
        TOMLBadInput("audio.device = 1\naudio . device = 2", 2, 1, "key 'audio.device' is defined twice"),
        TOMLBadInput(
            "[audio]\nx = 1\n[ audio ]", 3, 1,
            "table [audio] is defined twice; it was first defined on line 1"),
        TOMLBadInput("[a.b]\n[a]\n[a]", 3, 1, "table [a] is defined twice; it was first defined on line 2"),
        TOMLBadInput("audio = 1\n[audio]", 2, 1, "'audio' is already a value (line 1), so it cannot also be a table"),
        TOMLBadInput("a = 1\na.b = 2", 2, 1, "'a' is already a value (line 1), so it cannot also be a table"),
        TOMLBadInput("[a]\nb = 1\n[a.b.c]", 3, 1, "'a.b' is already a value (line 2), so it cannot also be a table"),
        TOMLBadInput("[a.b]\n[a]\nb = 1", 3, 1, "'a.b' is already a table (line 1), so it cannot also be a value"),
        TOMLBadInput("a.b = 1\na = 2", 2, 1, "'a' is already a table (line 1), so it cannot also be a value"),
        TOMLBadInput("[a]\nb.c = 1\n[a.b]", 3, 1, "table [a.b] already exists: dotted keys created it on line 2"),
        TOMLBadInput(
            "[a.b.c]\n[a]\nb.d = 1\n[a.b]", 4, 1,
            "table [a.b] already exists: dotted keys created it on line 3"),
        TOMLBadInput("[a.b]\nx = 1\n[a]\nb.y = 2", 4, 1, "'a.b' has its own header [a.b] on line 1"),
        // Strings.
        TOMLBadInput(
            #"a = "abc"#, 1, 9,
            #"the string that starts at column 5 is not closed with " before the end of the file"#),
        TOMLBadInput(
            "a = 'abc", 1, 9,
            "the string that starts at column 5 is not closed with ' before the end of the file"),
        TOMLBadInput("a = \"abc\nb = 1", 1, 9, #"the string that starts at column 5 is not closed with " on its line"#),
        TOMLBadInput("a = \"abc\r\nb = 1", 1, 9, #"is not closed with " on its line"#),
        TOMLBadInput("a = 'abc\nb = 1", 1, 9, "the string that starts at column 5 is not closed with ' on its line"),
        TOMLBadInput("a = \"abc\\\nb = 1", 1, 10, #"is not closed with " on its line"#),
        TOMLBadInput("\"a\nb\" = 1", 1, 3, "the string that starts at column 1 is not closed"),
        TOMLBadInput(
            "a = \"a\u{07}b\"", 1, 7,
            #"control character U+0007 is not allowed in a string; write it as the escape \u0007"#),
        TOMLBadInput("a = \"a\rb\"", 1, 7, "control character U+000D is not allowed in a string"),
        TOMLBadInput(
            "a = 'a\u{7F}b'", 1, 7,
            #"control character U+007F is not allowed in a string; a 'literal string'"#),
        TOMLBadInput("a = \"\u{00}\"", 1, 6, "control character U+0000 is not allowed in a string"),
        TOMLBadInput(
            #"a = "x\q""#, 1, 7,
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
        TOMLBadInput(
            "a = @", 1, 5,
            #"expected a value (a "string", a number, true or false, or an [array]), found "@""#),
        TOMLBadInput("a = yes", 1, 5, #"found yes; to give text, quote it: "yes""#),
        TOMLBadInput("a = True", 1, 5, "write true in lowercase"),
        TOMLBadInput("a = infinity", 1, 5, "found infinity"),
        TOMLBadInput(
            "a = 1 2", 1, 7,
            #"unexpected "2" after the value; only a # comment may follow it on the same line"#),
        TOMLBadInput("a = \"x\" y", 1, 9, #"unexpected "y" after the value"#),
        TOMLBadInput("a = [1] ]", 1, 9, #"unexpected "]" after the value"#),
        TOMLBadInput("a = 1,", 1, 6, #"unexpected "," after the value"#),
        TOMLBadInput("[audio] x = 1", 1, 9, #"unexpected "x" after the table header"#),
        TOMLBadInput("a = 1 \u{01}", 1, 7, "unexpected control character U+0001 after the value"),
        TOMLBadInput("a = 1\u{A0}", 1, 6, "unexpected invisible character U+00A0 after the value"),
        TOMLBadInput(
            "a = 1\n\u{FEFF}b = 2", 2, 1,
            "expected a key (letters, digits, _ and -, or a \"quoted key\"), "
                + "found invisible character U+FEFF"),
        // Arrays.
        TOMLBadInput("a = [1, 2", 1, 10, #"the array that starts at line 1, column 5 is not closed; add "]""#),
        TOMLBadInput("a = [\n  1,\n  # last\n", 4, 1, "the array that starts at line 1, column 5 is not closed"),
        TOMLBadInput(
            "a = [1, 2\nb = 3", 2, 1,
            #"expected "," or "]" after an array element, found "b" (the array starts at line 1, column 5)"#),
        TOMLBadInput("a = [1 2]", 1, 8, #"expected "," or "]" after an array element, found "2""#),
        TOMLBadInput(
            "a = [1,,2]", 1, 8,
            #"expected a value (a "string", a number, true or false, or an [array]), found ",""#),
        TOMLBadInput("a = [,]", 1, 6, #"expected a value"#),
        TOMLBadInput(
            "a = " + String(repeating: "[", count: 33), 1, 37,
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

    @Test(
        arguments: [
            // A bad byte at the start, in a string, in a comment (a truncated é), and after a byte order mark.
            ([0xFF] + Array("a = 1".utf8), 1, 1, "invalid UTF-8 (byte 0xFF at byte offset 0)"),
            (Array("a = \"".utf8) + [0xC0, 0x80, 0x22], 1, 6, "invalid UTF-8 (byte 0xC0 at byte offset 5)"),
            (Array("a = 1\n# é".utf8) + [0xC3], 2, 4, "invalid UTF-8 (byte 0xC3 at byte offset 10)"),
            (Array("k = 'x".utf8) + [0xED, 0xA0, 0x80, 0x27], 1, 7, "invalid UTF-8 (byte 0xED at byte offset 6)"),
            ([0xEF, 0xBB, 0xBF, 0x61, 0x80], 1, 2, "invalid UTF-8 (byte 0x80 at byte offset 4)"),
        ] as [([UInt8], Int, Int, String)])
    func refusesInvalidUTF8AtItsPlace(_ bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
        #expect(
            throws: TOMLSyntaxError(
                line: line, column: column,
                message: message
                    + "; save the file as UTF-8 text")
        ) {
            try TOMLDocument.parse(bytes: bytes)
        }
    }
}
