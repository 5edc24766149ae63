import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseDaemon
@testable import NoiseTime

/// A holidays file that cannot be read, whole or in part (docs/alarms.md, "Holidays"): each problem names its line, an
/// event with a problem is left out whole (its days ring), and the rest of the file still counts.
@Suite("Holidays: reading an iCalendar file")
struct ICalendarHolidaysTests {
    static let now: Int64 = 20_788 * 86_400

    static func calendar(_ events: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN"] + events + ["END:VCALENDAR"]).joined(separator: "\r\n")
    }

    static let good = "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261225\r\nSUMMARY:Christmas Day\r\nEND:VEVENT"

    func daysOff(_ reading: ICalendarHolidays.Reading) -> [String] {
        reading.holidays.daysOff.map(\.name)
    }

    @Test func aFileThatIsNoCalendarSaysSoAndMarksNothing() {
        let reading = ICalendarHolidays.read("[alarms]\nholidays = 1\n", now: Self.now)
        #expect(reading.holidays.isEmpty)
        #expect(reading.problems.count == 1)
        #expect(reading.problems[0].hasPrefix("line 1: no BEGIN:VCALENDAR"))
    }

    @Test func aDateThatDoesNotExistIsNamedWithItsLineAndOnlyItsEventIsLeftOut() {
        let bad = "BEGIN:VEVENT\r\nSUMMARY:Broken\r\nDTSTART:2026-13-45\r\nEND:VEVENT"
        let reading = ICalendarHolidays.read(Self.calendar(bad, Self.good), now: Self.now)
        #expect(daysOff(reading) == ["Christmas Day"])
        #expect(reading.events == 1)
        #expect(reading.problems.count == 1)
        #expect(
            reading.problems.first?.hasPrefix("line 6: DTSTART is no date: 2026-13-45 (months are 01 to 12)") == true)
        #expect(reading.problems.first?.hasSuffix("the event 'Broken' is left out") == true)
    }

    @Test func aRuleLibicalCannotReadIsNamedWithItsLineAndItsEventDoesNotCountAtAll() {
        // Read without its RRULE, the event would mark its first day only: a misread is never half used.
        let bad = "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261208\r\nRRULE:FREQ=SOMETIMES\r\nSUMMARY:Odd\r\nEND:VEVENT"
        let reading = ICalendarHolidays.read(Self.calendar(Self.good, bad), now: Self.now)
        #expect(daysOff(reading) == ["Christmas Day"])
        #expect(reading.problems.count == 1)
        #expect(
            reading.problems.first?.hasPrefix("line 10: Can't parse as RECUR value in RRULE property: FREQ=SOMETIMES")
                == true)
    }

    @Test func anExdateLibicalCannotReadLeavesItsEventOutSoNoDayItExcludesIsSkipped() {
        let bad =
            "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261207\r\nRRULE:FREQ=DAILY;COUNT=3\r\nEXDATE;VALUE=DATE:2026xx\r\n"
            + "SUMMARY:Week\r\nEND:VEVENT"
        let reading = ICalendarHolidays.read(Self.calendar(bad), now: Self.now)
        #expect(reading.holidays.isEmpty)
        #expect(reading.problems.first?.hasPrefix("line 7: ") == true)
    }

    @Test func anUnknownZoneAndARuleMoreOftenThanDailyAreRefusedWithTheirLines() {
        let zone = "BEGIN:VEVENT\r\nDTSTART;TZID=Mars/Olympus:20261210T090000\r\nSUMMARY:Away\r\nEND:VEVENT"
        let hourly = "BEGIN:VEVENT\r\nDTSTART:20261210T090000Z\r\nRRULE:FREQ=HOURLY\r\nSUMMARY:Often\r\nEND:VEVENT"
        let reading = ICalendarHolidays.read(Self.calendar(zone, hourly, Self.good), now: Self.now)
        #expect(daysOff(reading) == ["Christmas Day"])
        #expect(
            reading.problems == [
                "line 5: unknown time zone 'Mars/Olympus' (TZID); the event 'Away' is left out",
                "line 10: an RRULE more often than daily is no day off; the event 'Often' is left out",
            ])
    }

    @Test func foldedLinesAreCountedAsTheFileHasThem() {
        // The SUMMARY is folded over two lines: the bad DTEND after it is on line 8 of the file.
        let event =
            "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261224\r\nSUMMARY:A long\r\n  name\r\nDTEND;VALUE=DATE:20261232\r\n"
            + "END:VEVENT"
        let reading = ICalendarHolidays.read(Self.calendar(event), now: Self.now)
        #expect(
            reading.problems.first?.hasPrefix("line 8: DTEND is no date: 2026-12-32 (December 2026 has days 01 to 31)")
                == true)
        #expect(reading.problems.first?.hasSuffix("the event 'A long name' is left out") == true)
    }

    @Test func aNulByteAndAnEmptyCalendar() {
        #expect(ICalendarHolidays.read("BEGIN:VCALENDAR\0", now: Self.now).problems.first?.contains("NUL") == true)
        let empty = ICalendarHolidays.read(Self.calendar(), now: Self.now)
        #expect(empty.events == 0 && empty.problems.isEmpty && empty.holidays.isEmpty)
    }

    @Test func recurringDaysAreExpandedThreeYearsAheadAndNoFurther() {
        let yearly =
            "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20001225\r\nRRULE:FREQ=YEARLY\r\nSUMMARY:Christmas\r\nEND:VEVENT"
        let reading = ICalendarHolidays.read(Self.calendar(yearly), now: Self.now)
        let years = reading.holidays.daysOff.compactMap { dayOff -> Int? in
            if case .dates(let first, _) = dayOff.when { return LocalDate(dayNumber: first).year }
            return nil
        }
        // Read on 2026-12-01, the window ends on 2029-12-03 (3 × 366 days on): Christmas 2029 is past it.
        #expect(years == [2026, 2027, 2028])
    }
}

/// The pure days off: which local day an occurrence marks on the clock of the alarm asking.
@Suite("Holidays: days off on a clock")
struct HolidaysDayOffTests {
    static let berlin = try! ZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3", identifier: "Europe/Berlin")
    /// 2026-12-07, a Monday, 00:00 UTC.
    static let monday: Int64 = 20_794 * 86_400

    @Test func aFloatingEventEndingAtMidnightDoesNotMarkTheNextDay() {
        let day = Self.monday
        let holidays = Holidays([.init(.wallTimes(start: day + 9 * 3600, end: day + 86_400), name: "Work party")])
        #expect(holidays.dayOff(at: day + 7 * 3600, zone: .utc) == "Work party")
        #expect(holidays.dayOff(at: day + 86_400 + 7 * 3600, zone: .utc) == nil)
        // Floating: the same wall day in Berlin (07:00 there is 06:00 UTC).
        #expect(holidays.dayOff(at: day + 6 * 3600, zone: Self.berlin) == "Work party")
    }

    @Test func anInstantWithNoLengthMarksTheDayItFallsOnOnEachClock() {
        // 23:30 UTC on Monday is 00:30 on Tuesday in Berlin.
        let at = Self.monday + 23 * 3600 + 1800
        let holidays = Holidays([.init(.instants(start: at, end: at), name: "Midnight")])
        #expect(holidays.dayOff(at: Self.monday + 7 * 3600, zone: .utc) == "Midnight")
        #expect(holidays.dayOff(at: Self.monday + 6 * 3600, zone: Self.berlin) == nil)
        #expect(holidays.dayOff(at: Self.monday + 86_400 + 6 * 3600, zone: Self.berlin) == "Midnight")
    }

    @Test func newDaysOffMoveOnlyTheAlarmsThatSkipThemAndNothingHandledComesBack() {
        let now = Double(Self.monday)
        let skipping = Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, skipHolidays: true)
        let plain = Alarm(id: 2, time: TimeOfDay(hour: 7, minute: 0), repeat: .daily)
        var plan = AlarmSchedule(alarms: [skipping, plain], lookAfter: [:], snoozes: [:], zone: .utc, now: now)
        #expect(plan.nextTrigger(of: 1) == now + 7 * 3600)
        plan.setHolidays(Holidays([.init(.dates(first: 20_794, count: 2), name: "Days off")]))
        #expect(plan.nextTrigger(of: 1) == now + 2 * 86_400 + 7 * 3600, "Monday and Tuesday are off")
        #expect(plan.nextTrigger(of: 2) == now + 7 * 3600, "an alarm that does not skip holidays rings")
        #expect(plan.ringsOnDaysOff(of: 1, limit: 3).map(\.name) == ["Days off", "Days off"])
        #expect(plan.ringsOnDaysOff(of: 2, limit: 3).isEmpty)
        plan.setHolidays(.none)
        #expect(plan.nextTrigger(of: 1) == now + 7 * 3600, "a file gone: it rings on those days again")
    }
}
