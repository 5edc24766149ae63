import Testing

@testable import NoiseCore
@testable import NoiseProtocol
@testable import NoiseTime

/// An instant in a reply carries the zone's offset then, so a client shows it without parsing the ISO text.
@Suite("Instants in replies")
struct TriggerInfoTests {
    @Test func theOffsetInEffectThenGivesTheLocalDateAndTime() throws {
        let berlin = try ZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3", identifier: "Europe/Berlin")
        // 2026-11-23 07:00 in Berlin (winter, +01:00) and 2026-07-01 07:00 (summer, +02:00).
        let winter = TriggerInfo(unix: 1_795_413_600, zone: berlin)
        #expect(winter.offsetSeconds == 3600 && winter.local == "2026-11-23T07:00:00+01:00")
        #expect(
            winter.localDate.description == "2026-11-23" && winter.localParts.timeOfDay == TimeOfDay(hour: 7, minute: 0)
        )
        let summer = TriggerInfo(unix: 1_782_882_000, zone: berlin)
        #expect(summer.offsetSeconds == 7200 && summer.local == "2026-07-01T07:00:00+02:00")
        #expect(summer.localParts.hour == 7 && summer.localDate.description == "2026-07-01")
    }

    @Test func aMarsAlarmsMillisecondsStayInTheUnixSeconds() throws {
        let kathmandu = try ZoneRules(posix: "<+0545>-5:45", identifier: "Asia/Kathmandu")
        // 23:59:59.750 local on 2026-11-22: the date is the local one, not UTC's, and the fraction is kept.
        let late = TriggerInfo(unix: 1_795_371_299.75, zone: kathmandu)
        #expect(late.offsetSeconds == 20_700 && late.local == "2026-11-22T23:59:59.750+05:45")
        #expect(
            late.localDate.description == "2026-11-22"
                && late.localParts.timeOfDay == TimeOfDay(hour: 23, minute: 59, second: 59))
        #expect(String(decoding: try JSONCoding.line(late), as: UTF8.self).contains(#""offset_seconds":20700"#))
    }
}
