import Testing

@testable import ClockFace
@testable import NoiseCore
@testable import NoiseTime

@Suite("World clocks")
struct WorldClockTests {
    static func zone(_ identifier: String, hours: Int, minutes: Int = 0) -> ZoneRules {
        .fixed(offsetSeconds: hours * 3600 + (hours < 0 ? -minutes : minutes) * 60, identifier: identifier)
    }

    /// 2024-11-23T15:00:00Z, a Saturday.
    static let saturdayAfternoon = ISO8601.parse("2024-11-23T15:00:00Z")!

    @Test func halfAndQuarterHourZones() {
        let london = Self.zone("Europe/London", hours: 0)
        let rows = WorldClockRow.rows(
            at: Self.saturdayAfternoon,
            zones: [
                Self.zone("Asia/Kolkata", hours: 5, minutes: 30), Self.zone("Asia/Kathmandu", hours: 5, minutes: 45),
                Self.zone("America/St_Johns", hours: -3, minutes: 30), london,
            ],
            local: london)
        #expect(rows.map(\.city) == ["Kolkata", "Kathmandu", "St Johns", "London"])
        #expect(rows.map(\.time) == ["20:30", "20:45", "11:30", "15:00"])
        #expect(rows.map(\.offset) == ["+5:30", "+5:45", "-3:30", "0"])
        #expect(rows.map(\.offsetSeconds) == [19_800, 20_700, -12_600, 0])
        #expect(rows.allSatisfy { $0.date == nil })
        #expect(rows[0].localTime == "2024-11-23T20:30:00+05:30")
    }

    @Test func theDateIsShownWhenItDiffersFromHere() {
        // 15:00 UTC is 07:00 Saturday in Los Angeles (-8) and 05:00 Sunday at Kiritimati (+14).
        let losAngeles = Self.zone("America/Los_Angeles", hours: -8)
        let kiritimati = Self.zone("Pacific/Kiritimati", hours: 14)
        let fromLosAngeles = WorldClockRow.rows(at: Self.saturdayAfternoon, zones: [kiritimati], local: losAngeles)
        #expect(
            fromLosAngeles == [
                WorldClockRow(
                    zone: "Pacific/Kiritimati", city: "Kiritimati", time: "05:00", date: "Sun 24 Nov", offset: "+22",
                    offsetSeconds: 79_200, localTime: "2024-11-24T05:00:00+14:00")
            ])
        let fromKiritimati = WorldClockRow.rows(at: Self.saturdayAfternoon, zones: [losAngeles], local: kiritimati)
        #expect(fromKiritimati.map(\.date) == ["Sat 23 Nov"])
        #expect(fromKiritimati.map(\.offset) == ["-22"])
    }

    @Test func theOffsetFollowsEachZonesRulesAtThatInstant() throws {
        // New York in summer (-4) from Berlin in summer (+2), written as POSIX rules so DST is really applied.
        let newYork = try ZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0", identifier: "America/New_York")
        let berlin = try ZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3", identifier: "Europe/Berlin")
        let july = try #require(ISO8601.parse("2024-07-01T12:00:00Z"))
        #expect(WorldClockRow.rows(at: july, zones: [newYork], local: berlin).map(\.offset) == ["-6"])
        // 2024-11-01: Berlin is back on +1, New York still on -4 for two days.
        let gap = try #require(ISO8601.parse("2024-11-01T12:00:00Z"))
        #expect(WorldClockRow.rows(at: gap, zones: [newYork], local: berlin).map(\.offset) == ["-5"])
    }

    @Test func cityNames() {
        #expect(WorldClockRow.city(of: "America/New_York") == "New York")
        #expect(WorldClockRow.city(of: "America/Argentina/Buenos_Aires") == "Buenos Aires")
        #expect(WorldClockRow.city(of: "UTC") == "UTC")
    }

    @Test func typosGetCloseZoneNames() {
        let identifiers = ["America/New_York", "Asia/Kolkata", "Europe/Berlin", "Europe/Bern", "Europe/Rome"]
        #expect(ZoneName.suggestions(for: "Europe/Berln", among: identifiers).first == "Europe/Berlin")
        #expect(ZoneName.suggestions(for: "new york", among: identifiers) == ["America/New_York"])
        #expect(
            ZoneName.unknownMessage("Europe/Berln", among: identifiers)
                .hasPrefix("unknown time zone 'Europe/Berln'; did you mean Europe/Berlin"))
        #expect(
            ZoneName.unknownMessage("Mars/Olympus", among: identifiers)
                == "unknown time zone 'Mars/Olympus'; zones are named like Europe/Berlin or America/New_York")
    }
}
