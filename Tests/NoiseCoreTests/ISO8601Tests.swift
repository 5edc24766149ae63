import Foundation
import Testing

@testable import NoiseCore
@testable import NoiseTime

@Suite("ISO-8601 instants")
struct ISO8601Tests {
    @Test(arguments: [
        (Int64(1_710_068_400), -14_400, "2024-03-10T07:00:00-04:00"),
        (0, 0, "1970-01-01T00:00:00+00:00"),
        (-1, 0, "1969-12-31T23:59:59+00:00"),
        (1_718_000_000, 20_700, "2024-06-10T11:58:20+05:45"),
        (1_709_164_800, 0, "2024-02-29T00:00:00+00:00"),
        (1_704_067_199, 50_400, "2024-01-01T13:59:59+14:00"),
        (1_704_067_199, -12_600, "2023-12-31T20:29:59-03:30"),
        // New York's local mean time before 1883: an offset with seconds.
        (-3_000_000_000, -17_762, "1874-12-07T13:43:58-04:56:02"),
        (253_402_300_799, 0, "9999-12-31T23:59:59+00:00"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00+00:00"),
    ])
    func formats(_ unix: Int64, _ offset: Int, _ text: String) {
        #expect(ISO8601.format(unix: unix, offsetSeconds: offset) == text)
    }

    @Test(arguments: [
        ("2024-03-09T12:00:00Z", Int64(1_709_985_600)),
        ("2024-03-09T07:00:00-05:00", 1_709_985_600),
        ("2024-03-09T12:00:00+00:00", 1_709_985_600),
        ("2024-03-09T17:45:00+05:45", 1_709_985_600),
        ("2024-03-09T12:00:00.999Z", 1_709_985_600),
        ("2024-03-09T12:00:00,5Z", 1_709_985_600),
        ("2024-03-09t12:00:00z", 1_709_985_600),
        ("2024-03-09 12:00:00Z", 1_709_985_600),
        ("2024-03-09T12:00Z", 1_709_985_600),
        ("2024-03-09T07:00:00-0500", 1_709_985_600),
        ("2024-03-09T07:00:00-05", 1_709_985_600),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("1969-12-31T23:59:59.5Z", -1),
        ("1970-01-01T00:00:00Z", 0),
        ("1874-12-07T13:43:58-04:56:02", -3_000_000_000),
    ])
    func parses(_ text: String, _ unix: Int64) {
        #expect(ISO8601.parse(text) == unix)
    }

    @Test(arguments: [
        "", "2024-03-09T12:00:00", "2024-03-09", "2024-03-09T12:00:00 Z", "2024-3-09T12:00:00Z",
        "2024-03-9T12:00:00Z", "2024-02-30T12:00:00Z", "2023-02-29T12:00:00Z", "2024-04-31T00:00:00Z",
        "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z", "2024-03-00T00:00:00Z", "2024-03-09T24:00:00Z",
        "2024-03-09T12:60:00Z", "2024-03-09T23:59:60Z", "2024-03-09T12:00:00.Z", "2024-03-09T12:00:00+24:00",
        "2024-03-09T12:00:00+05:60", "2024-03-09T12:00:00+5:00", "2024-03-09T12:00:00Zjunk",
        "2024-03-09T12:00:00-05:00:60", "2024-03-09T12:00:00-0500:00", "2024-03-09X12:00:00Z", "+2024-03-09T12:00:00Z",
        "2024-03-09T12:00:00+",
        "２０２４-03-09T12:00:00Z",
    ])
    func refuses(_ text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test func keepsTheWallTimeOfATextWithoutAnOffset() throws {
        let parts = try #require(ISO8601.parts("2019-05-01T07:30:15"))
        #expect(parts.offsetSeconds == nil)
        #expect(parts.instant == nil)
        #expect(parts.timeOfDay == TimeOfDay(hour: 7, minute: 30, second: 15))
        #expect(ISO8601.parts("1969-12-31T23:00:00+02:00")?.timeOfDay == TimeOfDay(hour: 23, minute: 0))
    }

    @Test func partsAreTheFieldsAsWritten() {
        let expected = ISO8601.Parts(
            year: 2024, month: 3, day: 10, hour: 7, minute: 0, second: 0, offsetSeconds: -14_400)
        #expect(ISO8601.parts("2024-03-10T07:00:00-04:00") == expected)
        #expect(ISO8601.Parts(unix: 1_710_068_400, offsetSeconds: -14_400) == expected)
        #expect(expected.instant == 1_710_068_400)
        #expect(ISO8601.Parts(unix: -1, offsetSeconds: 0).timeOfDay == TimeOfDay(hour: 23, minute: 59, second: 59))
    }

    /// Issue 51, item 19: an instant keeps milliseconds exactly; digits past them are rounded, half up.
    @Test(arguments: [
        ("", 0), ("5", 500), ("25", 250), ("001", 1), ("001000", 1), ("0004999", 0), ("0005", 1),
        ("123456789", 123), ("123500000", 124), ("9994", 999), ("9995", 1000), ("999999999", 1000),
    ])
    func roundsTheFractionToMilliseconds(_ digits: String, _ millis: Int) {
        let parts = ISO8601.Parts(
            year: 2024, month: 6, day: 3, hour: 7, minute: 0, second: 0, offsetSeconds: 0,
            fractionDigits: digits)
        #expect(parts.roundedMilliseconds == millis, "\(digits)")
    }

    /// Against Foundation's formatter, an independent implementation, on instants from 1900 to 2100.
    @Test func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let unix = Int64.random(in: -2_208_988_800...4_102_444_800, using: &generator)
            let offset = Int.random(in: -12 * 4...14 * 4, using: &generator) * 900
            let ours = ISO8601.format(unix: unix, offsetSeconds: offset)
            formatter.timeZone = TimeZone(secondsFromGMT: offset)
            var theirs = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(unix)))
            if theirs.hasSuffix("Z") { theirs = String(theirs.dropLast()) + "+00:00" }
            #expect(ours == theirs)
            #expect(ISO8601.parse(ours) == unix)
        }
    }
}
