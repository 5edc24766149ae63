import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseDaemon
@testable import NoiseTime

/// Holidays against a hand-worked table (docs/alarms.md, "Holidays"): one iCalendar file read by libical, and the next
/// ring of alarms that skip its days off, worked out on a calendar by hand. Fixed dates, yearly, monthly and RDATE
/// rules with an EXDATE, a holiday on a weekend, events in another zone (named, from a VTIMEZONE, in UTC, floating),
/// and alarms across daylight-saving changes.
@Suite("Holidays: a hand-worked table")
struct HolidayTableTests {
    static let ics = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//NoiseClock tests//EN
        BEGIN:VTIMEZONE
        TZID:Asia/Tokyo
        BEGIN:STANDARD
        DTSTART:19700101T000000
        TZOFFSETFROM:+0900
        TZOFFSETTO:+0900
        TZNAME:JST
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VEVENT
        UID:eve
        DTSTART;VALUE=DATE:20261224
        SUMMARY:Christmas Eve
        END:VEVENT
        BEGIN:VEVENT
        UID:christmas
        DTSTART;VALUE=DATE:20261225
        DTEND;VALUE=DATE:20261226
        RRULE:FREQ=YEARLY
        SUMMARY:Christmas Day
        END:VEVENT
        BEGIN:VEVENT
        UID:boxing
        DTSTART;VALUE=DATE:20261226
        RRULE:FREQ=YEARLY
        SUMMARY:Boxing Day
        END:VEVENT
        BEGIN:VEVENT
        UID:new-year
        DTSTART;VALUE=DATE:20270101
        RRULE:FREQ=YEARLY
        SUMMARY:New Year's Day
        END:VEVENT
        BEGIN:VEVENT
        UID:easter
        DTSTART;VALUE=DATE:20270402
        DTEND;VALUE=DATE:20270406
        SUMMARY:Easter
        END:VEVENT
        BEGIN:VEVENT
        UID:team
        DTSTART;VALUE=DATE:20270104
        RRULE:FREQ=MONTHLY;BYDAY=1MO;COUNT=6
        EXDATE;VALUE=DATE:20270201
        SUMMARY:Team day
        END:VEVENT
        BEGIN:VEVENT
        UID:bridge
        DTSTART;VALUE=DATE:20270514
        RDATE;VALUE=DATE:20270604
        SUMMARY:Bridge day
        END:VEVENT
        BEGIN:VEVENT
        UID:new-york
        DTSTART;TZID=America/New_York:20270309T200000
        DTEND;TZID=America/New_York:20270309T230000
        SUMMARY:Evening in New York
        END:VEVENT
        BEGIN:VEVENT
        UID:tokyo
        DTSTART;TZID=Asia/Tokyo:20270511T090000
        DTEND;TZID=Asia/Tokyo:20270511T120000
        SUMMARY:Morning in Tokyo
        END:VEVENT
        BEGIN:VEVENT
        UID:party
        DTSTART:20270716T230000Z
        DTEND:20270717T010000Z
        SUMMARY:Late party
        END:VEVENT
        BEGIN:VEVENT
        UID:floating
        DTSTART:20270820T090000
        DTEND:20270820T170000
        SUMMARY:Floating day
        END:VEVENT
        BEGIN:VEVENT
        UID:spring-ny
        DTSTART;VALUE=DATE:20270314
        SUMMARY:Spring Sunday
        END:VEVENT
        BEGIN:VEVENT
        UID:after-spring
        DTSTART;VALUE=DATE:20270329
        SUMMARY:Monday after
        END:VEVENT
        BEGIN:VEVENT
        UID:autumn
        DTSTART;VALUE=DATE:20271030
        SUMMARY:Autumn Saturday
        END:VEVENT
        END:VCALENDAR
        """

    static let berlin = try! ZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3", identifier: "Europe/Berlin")
    static let newYork = try! ZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0", identifier: "America/New_York")
    /// 2026-12-01 00:00 UTC: the file is read then, so its recurring days are expanded to late 2029.
    static let readAt: Int64 = 20_788 * 86_400

    static let reading = ICalendarHolidays.read(ics, now: readAt)
    static let context = TriggerRule.Context(
        zone: .utc, namedZones: ["Europe/Berlin": berlin, "America/New_York": newYork], holidays: reading.holidays)

    /// The alarms of the table, by letter.
    static let alarms: [String: TriggerRule] = [
        "A": .wallClock(TimeOfDay(hour: 7, minute: 0), .weekdays, zone: nil),
        "B": .wallClock(TimeOfDay(hour: 7, minute: 0), .weekdays, zone: "Europe/Berlin"),
        "C": .wallClock(TimeOfDay(hour: 7, minute: 0), .weekdays, zone: "America/New_York"),
        "D": .wallClock(TimeOfDay(hour: 2, minute: 30), .daily, zone: "Europe/Berlin"),
        "E": .wallClock(TimeOfDay(hour: 7, minute: 0), .daily, zone: nil),
        "F": .wallClock(TimeOfDay(hour: 7, minute: 0), try! RepeatRule.parse("mon,wed,fri"), zone: nil),
        "H": .wallClock(TimeOfDay(hour: 7, minute: 0), .daily, zone: "Europe/Berlin"),
        "J": .wallClock(TimeOfDay(hour: 2, minute: 30), .daily, zone: "America/New_York"),
    ]

    /// (alarm, after this wall time on its clock, its next ring on its clock, why): worked out by hand.
    static let table: [(String, String, String, String)] = [
        ("A", "2026-12-22 08:00", "2026-12-23 07:00", "a working Wednesday"),
        ("A", "2026-12-23 08:00", "2026-12-28 07:00", "Christmas Eve (Thu) and Day (Fri), then the weekend"),
        ("B", "2026-12-23 08:00", "2026-12-28 07:00", "whole dates are the same days on every clock"),
        ("F", "2026-12-23 08:00", "2026-12-28 07:00", "mon,wed,fri: Friday 25 is Christmas Day"),
        ("A", "2026-12-30 08:00", "2026-12-31 07:00", "New Year's Eve is a working day"),
        ("A", "2026-12-31 08:00", "2027-01-05 07:00", "New Year's Day (Fri), Team day (first Monday)"),
        ("C", "2026-12-31 08:00", "2027-01-05 07:00", "the same in New York"),
        ("A", "2027-01-29 08:00", "2027-02-01 07:00", "EXDATE takes February's Team day away"),
        ("A", "2027-02-26 08:00", "2027-03-02 07:00", "March's Team day (Mon 1)"),
        ("A", "2027-03-09 08:00", "2027-03-11 07:00", "20:00-23:00 in New York is 01:00-04:00 UTC on the 10th"),
        ("C", "2027-03-08 08:00", "2027-03-10 07:00", "in New York the evening is Tuesday the 9th's"),
        ("B", "2027-03-09 08:00", "2027-03-11 07:00", "in Berlin it is 02:00-05:00 on the 10th"),
        ("J", "2027-03-13 01:00", "2027-03-13 02:30", "Saturday before New York's spring change: no day off"),
        ("J", "2027-03-13 08:00", "2027-03-15 02:30", "Spring Sunday falls on New York's change, 02:30 missing"),
        ("D", "2027-03-27 08:00", "2027-03-28 03:30", "Berlin's change: 02:30 is in the gap, rung at 03:30"),
        ("D", "2027-03-28 08:00", "2027-03-30 02:30", "Monday after is off"),
        ("A", "2027-04-01 08:00", "2027-04-06 07:00", "Easter, Friday 2 to Monday 5 (DTEND exclusive)"),
        ("A", "2027-05-09 08:00", "2027-05-10 07:00", "a Monday with no day off"),
        ("A", "2027-05-10 08:00", "2027-05-12 07:00", "09:00-12:00 Tokyo (a VTIMEZONE) is 00:00-03:00 UTC on 11th"),
        ("B", "2027-05-10 08:00", "2027-05-12 07:00", "in Berlin 02:00-05:00 on the 11th"),
        ("C", "2027-05-09 08:00", "2027-05-11 07:00", "in New York 20:00-23:00 on Monday the 10th"),
        ("A", "2027-05-13 08:00", "2027-05-17 07:00", "Bridge day (DTSTART, Fri 14)"),
        ("A", "2027-06-03 08:00", "2027-06-08 07:00", "Bridge day (RDATE, Fri 4), Team day (Mon 7)"),
        ("A", "2027-07-02 08:00", "2027-07-05 07:00", "COUNT=6 ended in June: July's first Monday rings"),
        ("E", "2027-07-15 08:00", "2027-07-18 07:00", "23:00-01:00 UTC touches the 16th and the 17th"),
        ("B", "2027-07-15 08:00", "2027-07-16 07:00", "in Berlin it is 01:00-03:00 on Saturday the 17th"),
        ("H", "2027-07-16 08:00", "2027-07-18 07:00", "so a daily Berlin alarm passes over the 17th only"),
        ("A", "2027-08-19 08:00", "2027-08-23 07:00", "a floating time marks the same wall day everywhere"),
        ("C", "2027-08-19 08:00", "2027-08-23 07:00", "in New York too"),
        ("D", "2027-10-29 08:00", "2027-10-31 02:30", "Autumn Saturday, then 02:30 twice: the first rings"),
        ("A", "2027-12-23 08:00", "2027-12-24 07:00", "Christmas Eve was not yearly"),
        ("F", "2027-12-22 08:00", "2027-12-24 07:00", "nor for mon,wed,fri"),
        ("A", "2027-12-24 08:00", "2027-12-27 07:00", "Christmas and Boxing Day on the weekend move nothing"),
        ("E", "2027-12-24 08:00", "2027-12-27 07:00", "a daily alarm passes over both"),
        ("E", "2028-12-24 08:00", "2028-12-27 07:00", "2028: Christmas Monday, Boxing Day Tuesday"),
    ]

    static func zone(of rule: TriggerRule) -> ZoneRules { context.rules(named: rule.zoneName)! }

    /// A wall time on a clock as an instant (the first, when it comes twice).
    static func instant(_ text: String, _ zone: ZoneRules) -> Double {
        let parts = text.split(separator: " ")
        let date = try! LocalDate.parse(String(parts[0]))
        return Double(
            NextTrigger.occurrence(on: date.dayNumber, at: try! TimeOfDay.parse(String(parts[1])), zone: zone)!)
    }

    /// An instant as a wall time on a clock.
    static func wall(_ instant: Double, _ zone: ZoneRules) -> String {
        let seconds = Int64(instant)
        let local = seconds + Int64(zone.offset(at: seconds))
        let minutes = CivilDate.floorDivide(local, 60) % (24 * 60)
        let time = TimeOfDay(hour: Int(minutes / 60), minute: Int(minutes % 60))
        return "\(LocalDate(unix: seconds, zone: zone)) \(time)"
    }

    @Test func theFileIsReadWhole() {
        #expect(Self.reading.problems == [])
        #expect(Self.reading.events == 14)
    }

    @Test(arguments: 0..<table.count)
    func nextRing(_ index: Int) {
        let (letter, after, expected, why) = Self.table[index]
        let rule = Self.alarms[letter]!
        let zone = Self.zone(of: rule)
        let ring = rule.next(after: Self.instant(after, zone), skipping: nil, skipsHolidays: true, in: Self.context)
        #expect(ring.map { Self.wall($0, zone) } == expected, "\(letter) after \(after): \(why)")
    }

    @Test func withoutSkippingHolidaysTheSameAlarmRingsOnThem() {
        let rule = Self.alarms["A"]!
        let ring = rule.next(after: Self.instant("2026-12-23 08:00", .utc), skipping: nil, in: Self.context)
        #expect(ring.map { Self.wall($0, .utc) } == "2026-12-24 07:00")
    }

    @Test func theRingsPassedOverAreNamedFirstEventFirst() {
        let rule = Self.alarms["A"]!
        let after = Self.instant("2027-04-01 08:00", .utc)
        let next = rule.next(after: after, skipping: nil, skipsHolidays: true, in: Self.context)!
        let passed = rule.ringsOnDaysOff(after: after, before: next, limit: 5, in: Self.context)
        #expect(passed.map { Self.wall($0.trigger, .utc) } == ["2027-04-02 07:00", "2027-04-05 07:00"])
        // Monday 5 April is Easter and the Team day: the event earlier in the file names it.
        #expect(passed.map(\.name) == ["Easter", "Easter"])
    }
}
