#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import NoiseCore
@testable import NoiseProtocol

/// The wire format is Foundation's `JSONEncoder` configured as the protocol first was (snake_case keys, sorted,
/// slashes not escaped): `JSONCoding.line` must give the same bytes, so scripts written against earlier replies
/// keep working. Foundation is an independent oracle here, not used by the programs.
@Suite("JSON wire format, against Foundation's encoder")
struct JSONEncoderParityTests {
    static func foundation(_ value: any Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    static func ours(_ value: any Encodable) throws -> [UInt8] {
        try JSONCoding.line(value)
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func everyProtocolTypeEncodesByteForByteAsFoundation() throws {
        let expected = try JSONSamples.lines(Self.foundation)
        let actual = try JSONSamples.lines(Self.ours)
        #expect(expected.count == actual.count)
        for (want, got) in zip(expected, actual) {
            #expect(text(got) == text(want))
        }
    }

    @Test func repliesAndEventsEncodeAsFoundation() throws {
        for id in JSONSamples.ids {
            for status in JSONSamples.statuses {
                #expect(text(try Replies.success(id: id, data: status)) == text(try Self.foundation(Replies.Success(id: id, data: status))))
            }
            for error in JSONSamples.errors {
                #expect(text(Replies.failure(id: id, error: error)) == text(try Self.foundation(Replies.Failure(id: id, error: error))))
            }
            #expect(text(try Replies.success(id: id, data: JSONSamples.soundInfos))
                == text(try Self.foundation(Replies.Success(id: id, data: JSONSamples.soundInfos))))
            #expect(text(try Replies.success(id: id, data: JSONSamples.alarmInfos))
                == text(try Self.foundation(Replies.Success(id: id, data: JSONSamples.alarmInfos))))
        }
        for info in JSONSamples.alarmInfos {
            #expect(text(try Replies.event(EventName.alarmRinging, data: info))
                == text(try Self.foundation(Replies.EventLine(event: EventName.alarmRinging, data: info))))
        }
    }

    @Test func randomJSONValuesEncodeAsFoundation() throws {
        var random = SplitMix64(state: 0x5EED)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &random)
            #expect(text(try Self.ours(value)) == text(try Self.foundation(value)))
        }
    }

    @Test func snakeCaseMatchesFoundation() throws {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        struct OneKey: Encodable {
            var name: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: Key(stringValue: name))
            }
        }
        let names = ["fooBar", "URLValue", "myURL", "a1B", "_leading", "trailing_", "ABC", "aBC", "already_snake",
                     "fooBAR2baz", "x", "", "äÖx", "oneTWOThree", "uptimeSeconds", "wakeFromSuspend", "ΣίσυφοςΟδύσσεια",
                     "aǅb", "lastOnset", "HTTPServer2Go"]
        for name in names {
            #expect(text(try Self.ours(OneKey(name: name))) == text(try Self.foundation(OneKey(name: name))), "\(name)")
        }
    }

    @Test func numbersEncodeAsFoundation() throws {
        var random = SplitMix64(state: 0x7407)
        var numbers = JSONSamples.numbers
        for _ in 0..<4_000 {
            let number = Double(Int64.random(in: -10_000_000_000_000...10_000_000_000_000, using: &random)) / 1000
            numbers += [number, number.nextUp, number.nextDown]
        }
        #expect(text(try Self.ours(numbers)) == text(try Self.foundation(numbers)))
    }

    @Test func nonFiniteNumbersAreRefusedLikeFoundation() {
        for number in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONCoding.line([number]) }
            #expect(throws: EncodingError.self) { try JSONCoding.line(SleepTimerInfo(remainingSeconds: number, fadeOutSeconds: 0)) }
            #expect(throws: EncodingError.self) { try JSONCoding.line(OnsetInfo(writtenSeconds: number, heardSeconds: 0)) }
        }
    }

    @Test func nestedContainersAndSuperEncodersWork() throws {
        struct Nested: Encodable {
            enum Keys: String, CodingKey { case outerKey, listKey, superKey }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .outerKey)
                try inner.encode("v", forKey: .listKey)
                var list = container.nestedUnkeyedContainer(forKey: .listKey)
                try list.encode(1)
                var deeper = list.nestedContainer(keyedBy: Keys.self)
                try deeper.encodeNil(forKey: .outerKey)
                var array = list.nestedUnkeyedContainer()
                try array.encode(Float(0.1))
                try list.encode("after")
                try Float(2.5).encode(to: container.superEncoder(forKey: .superKey))
                try "base".encode(to: container.superEncoder())
            }
        }
        #expect(text(try Self.ours(Nested())) == text(try Self.foundation(Nested())))
    }

    /// Trees of every JSON kind with strings full of escapes and numbers of every size.
    static func randomValue(depth: Int, using random: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            let choices: [Double] = [Double(Int.random(in: -1000...1000, using: &random)),
                                     Double.random(in: -1e6...1e6, using: &random),
                                     Double(bitPattern: random.next()), JSONSamples.numbers.randomElement(using: &random)!]
            let number = choices.randomElement(using: &random)!
            return .number(number.isFinite ? number : 1)
        case 3: return .string(randomString(using: &random))
        case 4: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            var fields: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                fields[randomString(using: &random)] = randomValue(depth: depth + 1, using: &random)
            }
            return .object(fields)
        }
    }

    static func randomString(using random: inout SplitMix64) -> String {
        let pool: [Unicode.Scalar] = ["a", "B", "z", "_", "-", "0", "9", "\"", "\\", "/", " ", "\u{0}", "\u{8}", "\u{9}", "\u{A}",
                                      "\u{C}", "\u{D}", "\u{1F}", "\u{7F}", "é", "\u{301}", "Ω", "\u{2028}", "😀", "\u{FEFF}"]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &random) { scalars.append(pool.randomElement(using: &random)!) }
        return String(scalars)
    }
}
