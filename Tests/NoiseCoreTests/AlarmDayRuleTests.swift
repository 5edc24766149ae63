import NoiseCore
import Testing

@testable import NoiseAlarms
@testable import NoiseTime

/// A date, a zone of its own and the words of `alarm add` (issue 39): the rule's cases and `AlarmMoment`, with
/// POSIX zone rules so the expected instants are worked out here by hand.
@Suite("Alarms on a date, on another zone's clock, and a while from now")
struct AlarmDayRuleTests {
    static let berlin = try! ZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3", identifier: "Europe/Berlin")
    static let newYork = try! ZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0", identifier: "America/New_York")
    static let seven = TimeOfDay(hour: 7, minute: 0)
    /// 2026-11-29 12:00:00 UTC, a Sunday.
    static let noon = Int64(20_786) * 86_400 + 12 * 3600

    @Test func aZonedAlarmRingsByItsZonesClockWhateverTheSystemZone() {
        let alarm = Alarm(id: 1, time: Self.seven, repeat: .daily, zone: "Europe/Berlin")
        let context = TriggerRule.Context(zone: Self.newYork, namedZones: ["Europe/Berlin": Self.berlin])
        // 07:00 CET on Monday 2026-11-30 is 06:00 UTC.
        #expect(alarm.rule.next(after: Double(Self.noon), in: context) == Double(20_787 * 86_400 + 6 * 3600))
        // Its zone unread: no trigger rather than one at the wrong hour.
        #expect(alarm.rule.next(after: Double(Self.noon), in: TriggerRule.Context(zone: Self.newYork)) == nil)
    }

    @Test func aDatedAlarmRingsOnceThatDayAndNeverAfter() throws {
        let date = try LocalDate.parse("2026-12-24")
        let alarm = Alarm(id: 1, rule: .onDate(date, Self.seven, zone: nil))
        let context = TriggerRule.Context(zone: Self.newYork)
        let trigger = Double(date.dayNumber * 86_400 + 12 * 3600)  // 07:00 EST is 12:00 UTC
        #expect(alarm.rule == .onDate(date, Self.seven, zone: nil) && alarm.rule.ringsOnce)
        #expect(alarm.rule.next(after: Double(Self.noon), in: context) == trigger)
        #expect(alarm.rule.next(after: trigger, in: context) == nil)
    }

    @Test func aDateInTheSpringGapIsShiftedLikeAnyWallTime() throws {
        let date = try LocalDate.parse("2027-03-28")
        let alarm = Alarm(id: 1, rule: .onDate(date, TimeOfDay(hour: 2, minute: 30), zone: "Europe/Berlin"))
        let context = TriggerRule.Context(zone: .utc, namedZones: ["Europe/Berlin": Self.berlin])
        #expect(alarm.rule.next(after: Double(Self.noon), in: context) == Double(date.dayNumber * 86_400 + 3600 + 1800))
    }

    @Test func aDateOrZoneGoesOnlyWithAWallClockAlarm() throws {
        let date = try LocalDate.parse("2026-12-24")
        func problem(_ fields: AlarmRuleFields) -> String? {
            do throws(AlarmRuleFields.Problem) { _ = try fields.rule() } catch { return error.description }
            return nil
        }
        #expect(
            problem(AlarmRuleFields(time: Self.seven, repeat: .weekdays, date: date))?.contains("rings once") == true)
        #expect(
            problem(AlarmRuleFields(time: Self.seven, firesAt: 5, zone: "Europe/Berlin"))?.contains("timer") == true)
        #expect(Alarm(id: 1, time: Self.seven, zone: "../etc/passwd").ruleProblem?.contains("not a zone name") == true)
        #expect(Alarm(id: 1, time: Self.seven, thenMix: "a b").ruleProblem?.contains("then_mix") == true)
        #expect(
            Alarm(id: 1, rule: .onDate(date, Self.seven, zone: "Europe/Berlin"), thenMix: "morning").ruleProblem == nil)
    }

    @Test func theWordsOfAlarmAdd() throws {
        let now = Self.noon  // 07:00 in New York
        #expect(
            try AlarmMoment.parse(["6:30"], now: now, zone: Self.newYork)
                == AlarmMoment(time: TimeOfDay(hour: 6, minute: 30)))
        #expect(
            try AlarmMoment.parse(["Tomorrow", "6:30am"], now: now, zone: Self.newYork)
                == AlarmMoment(time: TimeOfDay(hour: 6, minute: 30), date: try LocalDate.parse("2026-11-30")))
        #expect(
            try AlarmMoment.parse(["today", "21:00"], now: now, zone: Self.newYork).date
                == (try LocalDate.parse("2026-11-29")))
        // 45 minutes on, on New York's clock: 07:45:00.
        #expect(
            try AlarmMoment.parse(["+45m"], now: now, zone: Self.newYork)
                == AlarmMoment(time: TimeOfDay(hour: 7, minute: 45), date: try LocalDate.parse("2026-11-29")))
        // Past midnight in Berlin: the next day's date.
        #expect(
            try AlarmMoment.parse(["+11h30m"], now: now, zone: Self.berlin)
                == AlarmMoment(time: TimeOfDay(hour: 0, minute: 30), date: try LocalDate.parse("2026-11-30")))
        for words in [
            ["yesterday", "7:00"], ["+45"], ["+0s"], ["+400d"], ["7:00", "8:00", "9:00"], ["tomorrow", "25:00"], [],
        ] {
            #expect(throws: AlarmMoment.Failure.self) { try AlarmMoment.parse(words, now: now, zone: Self.newYork) }
        }
    }
}
