import Testing
@testable import NoiseCore

@Suite("JSON reader")
struct JSONReaderTests {
    func read(_ text: String) throws(JSONReadError) -> JSONValue { try JSONReader.read(Array(text.utf8)) }

    func failure(_ bytes: [UInt8]) -> JSONReadError? {
        do {
            _ = try JSONReader.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValue() throws {
        #expect(try read("null") == .null)
        #expect(try read(" true ") == .bool(true))
        #expect(try read("\t\r\nfalse\n") == .bool(false))
        #expect(try read("0") == .number(0))
        #expect(try read("-12.5e2") == .number(-1250))
        #expect(try read("1E+2") == .number(100))
        #expect(try read("2e-1") == .number(0.2))
        #expect(try read(#""""#) == .string(""))
        #expect(try read(#""plain""#) == .string("plain"))
        #expect(try read(#""é😀 \"\\\/\b\f\n\r\t\u0041\u00e9\uD83D\uDE00\u0000""#)
            == .string("é😀 \"\\/\u{8}\u{C}\n\r\tAé😀\u{0}"))
        #expect(try read("[]") == .array([]))
        #expect(try read("[ 1 , [ ] , { } ]") == .array([.number(1), .array([]), .object([:])]))
        #expect(try read(#"{"a":{"b":[null,true,"x"]},"c":-0}"#)
            == .object(["a": .object(["b": .array([.null, .bool(true), .string("x")])]), "c": .number(0)]))
        #expect(try read("\u{FEFF}{}") == .object([:]))
    }

    @Test func duplicateKeysKeepTheLast() throws {
        #expect(try read(#"{"a":1,"a":2}"#) == .object(["a": .number(2)]))
    }

    @Test func numbersAtTheEdges() throws {
        guard case .number(let negativeZero) = try read("-0") else { Issue.record("not a number"); return }
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try read("1e308") == .number(1e308))
        #expect(try read("1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try read("1e-320") == .number(Double("1e-320")!))
        #expect(try read("5e-324") == .number(.leastNonzeroMagnitude))
        #expect(try read("1e-400") == .number(0))
        #expect(try read("9007199254740993") == .number(9_007_199_254_740_992))
        #expect(try read("9007199254740995") == .number(9_007_199_254_740_996))
        #expect(try read("123456789012345678901234567890") == .number(1.2345678901234568e29))
        #expect(try read("0.1") == .number(0.1))
        #expect(try read("-999999999999999") == .number(-999_999_999_999_999))
        #expect(try read("0.30000000000000004") == .number(0.30000000000000004))
    }

    @Test func deepNestingUpToTheLimitIsRead() throws {
        let depth = Limits.maxJSONDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try read(text) }
    }

    static let invalid: [(String, [UInt8], String)] = [
        ("empty", [], "unexpected end of input"),
        ("whitespace only", Array("  \n".utf8), "unexpected end of input"),
        ("truncated object", Array(#"{"a":1"#.utf8), "unexpected end of input in an object"),
        ("truncated array", Array("[1,2".utf8), "unexpected end of input in an array"),
        ("truncated string", Array(#""abc"#.utf8), "unexpected end of input in a string"),
        ("truncated literal", Array("tru".utf8), "unexpected end of input in a literal"),
        ("truncated escape", Array(#""\"#.utf8), "unexpected end of input in an escape"),
        ("truncated unicode escape", Array(#""\u12"#.utf8), "unexpected end of input in a \\u escape"),
        ("trailing comma in an array", Array("[1,]".utf8), "expected a value"),
        ("trailing comma in an object", Array(#"{"a":1,}"#.utf8), "expected a string key"),
        ("missing comma", Array("[1 2]".utf8), "expected ',' or ']'"),
        ("missing colon", Array(#"{"a" 1}"#.utf8), "expected ':'"),
        ("unquoted key", Array("{a:1}".utf8), "expected a string key"),
        ("single quotes", Array("['a']".utf8), "expected a value"),
        ("leading zero", Array("01".utf8), "leading zero"),
        ("negative leading zero", Array("-012".utf8), "leading zero"),
        ("plus sign", Array("+1".utf8), "expected a value"),
        ("bare minus", Array("-".utf8), "expected a digit"),
        ("leading dot", Array(".5".utf8), "expected a value"),
        ("trailing dot", Array("1.".utf8), "expected a digit after the decimal point"),
        ("empty exponent", Array("1e".utf8), "expected a digit in the exponent"),
        ("signed empty exponent", Array("1e+".utf8), "expected a digit in the exponent"),
        ("hex number", Array("0x10".utf8), "unexpected data after the JSON value"),
        ("overflowing number", Array("1e400".utf8), "number out of range"),
        ("NaN", Array("NaN".utf8), "expected a value"),
        ("Infinity", Array("Infinity".utf8), "expected a value"),
        ("negative Infinity", Array("-Infinity".utf8), "expected a digit"),
        ("misspelled literal", Array("nul1".utf8), "invalid literal"),
        ("capitalized literal", Array("True".utf8), "expected a value"),
        ("trailing garbage", Array("{} x".utf8), "unexpected data after the JSON value"),
        ("two values", Array("1 2".utf8), "unexpected data after the JSON value"),
        ("lone high surrogate", Array(#""\uD800""#.utf8), "lone high surrogate"),
        ("high surrogate and a letter", Array(#""\uD800\u0041""#.utf8), "lone high surrogate"),
        ("lone low surrogate", Array(#""\uDC00""#.utf8), "lone low surrogate"),
        ("bad hex digit", Array(#""\u00G0""#.utf8), "invalid hex digit"),
        ("unknown escape", Array(#""\x41""#.utf8), "invalid escape"),
        ("raw newline in a string", Array("\"a\nb\"".utf8), "control character"),
        ("raw tab in a string", Array("\"a\tb\"".utf8), "control character"),
        ("raw NUL in a string", [0x22, 0x00, 0x22], "control character"),
        ("invalid UTF-8 byte", [0x22, 0xFF, 0x22], "invalid UTF-8"),
        ("lone continuation byte", [0x22, 0x80, 0x22], "invalid UTF-8"),
        ("overlong encoding", [0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8"),
        ("overlong three bytes", [0x22, 0xE0, 0x80, 0xAF, 0x22], "invalid UTF-8"),
        ("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8"),
        ("beyond U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8"),
        ("truncated sequence", [0x22, 0xE2, 0x82], "invalid UTF-8"),
        ("sequence cut by the quote", [0x22, 0xE2, 0x82, 0x22], "invalid UTF-8"),
        ("non-ASCII outside strings", [0xC3, 0xA9], "expected a value"),
        ("too deep", Array((String(repeating: "[", count: Limits.maxJSONDepth + 1)
                            + String(repeating: "]", count: Limits.maxJSONDepth + 1)).utf8), "nesting deeper than 512"),
        ("hostile depth", Array(String(repeating: "{\"a\":[", count: 100_000).utf8), "nesting deeper than 512"),
        ("comment", Array("[1] // no".utf8), "unexpected data after the JSON value"),
    ]

    @Test(arguments: invalid)
    func invalidDocumentsAreRefused(_ name: String, _ bytes: [UInt8], _ reason: String) {
        guard let error = failure(bytes) else { Issue.record("\(name): accepted"); return }
        #expect(error.reason.contains(reason), "\(name): \(error)")
        #expect((0...bytes.count).contains(error.offset), "\(name): \(error)")
    }

    @Test func errorsGiveTheOffset() {
        #expect(failure(Array("[1,]".utf8)) == JSONReadError(offset: 3, reason: "unexpected character, expected a value"))
        #expect(failure(Array(#"{"a":01}"#.utf8))?.offset == 6)
        #expect(failure([0x22, 0x61, 0xFF, 0x22])?.offset == 2)
        #expect(failure(Array(#"  "\uDC00""#.utf8))?.offset == 3)
        #expect(failure(Array("{} x".utf8))?.description == "unexpected data after the JSON value at byte 3")
    }

    @Test func nonContiguousInputIsRead() throws {
        let bytes = Array(#"{"k":["v",1]}"#.utf8)
        #expect(try JSONReader.read(bytes.lazy.map { $0 }) == .object(["k": .array([.string("v"), .number(1)])]))
        #expect(try JSONReader.read(bytes[1..<4]) == .string("k"))
    }

    @Test func readsWhatTheWriterWrites() throws {
        var random = SplitMix64(state: 42)
        for _ in 0..<300 {
            let value = JSONEncoderParityTests.randomValue(depth: 0, using: &random)
            #expect(try JSONReader.read(JSONWriter.write(value)) == value)
        }
    }
}
