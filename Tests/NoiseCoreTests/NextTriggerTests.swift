import Foundation
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime

/// Loads a zone from the system's tz database (the test reads the file; the function under test is pure).
func zone(_ identifier: String) throws -> ZoneRules {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + identifier))
    return try ZoneRules(tzif: Array(bytes), identifier: identifier)
}

/// Unix seconds of an ISO-8601 instant with an offset, and that offset in seconds.
func instant(_ text: String) -> (seconds: Int64, offset: Int) {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    let date = formatter.date(from: text)!
    var offset = 0
    if !text.hasSuffix("Z") {
        let sign = text.dropLast(6).count < text.count && text[text.index(text.endIndex, offsetBy: -6)] == "-" ? -1 : 1
        let parts = text.suffix(5).split(separator: ":").map { Int($0)! }
        offset = sign * (parts[0] * 3600 + parts[1] * 60)
    }
    return (Int64(date.timeIntervalSince1970), offset)
}

/// Expected values come from an independent reference: Python's zoneinfo with PEP 495 fold=0 (a time in a
/// gap takes the offset before the transition, i.e. it is shifted forward by the gap; an ambiguous time is
/// its first occurrence), skipping days that do not exist; see docs/alarms.md.
struct Case: CustomTestStringConvertible, Sendable {
    var zone: String
    var time: String
    var rule: String
    var after: String
    var expect: String

    init(_ zone: String, _ time: String, _ rule: String, after: String, expect: String) {
        (self.zone, self.time, self.rule, self.after, self.expect) = (zone, time, rule, after, expect)
    }

    var testDescription: String { "\(zone) \(time) \(rule) after \(after)" }
}

@Suite("Next trigger")
struct NextTriggerTests {
    static let cases: [Case] = [
        Case("America/New_York", "07:00", "daily", after: "2024-03-09T12:00:00Z", expect: "2024-03-10T07:00:00-04:00"),
        Case("America/New_York", "02:30", "daily", after: "2024-03-09T12:00:00Z", expect: "2024-03-10T03:30:00-04:00"),
        Case("America/New_York", "02:00", "daily", after: "2024-03-09T12:00:00Z", expect: "2024-03-10T03:00:00-04:00"),
        Case("America/New_York", "01:30", "daily", after: "2024-11-02T12:00:00Z", expect: "2024-11-03T01:30:00-04:00"),
        Case("America/New_York", "01:30", "daily", after: "2024-11-03T05:45:00Z", expect: "2024-11-04T01:30:00-05:00"),
        Case("America/New_York", "01:30", "daily", after: "2024-11-03T05:29:59Z", expect: "2024-11-03T01:30:00-04:00"),
        Case(
            "America/New_York", "07:00", "mon,tue,wed,thu,fri", after: "2024-06-07T12:00:00Z",
            expect: "2024-06-10T07:00:00-04:00"),
        Case(
            "America/New_York", "07:00", "mon,tue,wed,thu,fri", after: "2024-06-07T10:59:00Z",
            expect: "2024-06-07T07:00:00-04:00"),
        Case("America/New_York", "07:00", "daily", after: "2024-06-10T11:00:00Z", expect: "2024-06-11T07:00:00-04:00"),
        Case("America/New_York", "07:00", "daily", after: "2024-06-10T10:00:00Z", expect: "2024-06-10T07:00:00-04:00"),
        Case(
            "America/New_York", "09:00", "sat,sun", after: "2024-06-10T12:00:00Z", expect: "2024-06-15T09:00:00-04:00"),
        Case(
            "America/New_York", "09:00", "mon,wed,fri", after: "2024-06-12T14:00:00Z",
            expect: "2024-06-14T09:00:00-04:00"),
        Case("America/New_York", "09:00", "sun", after: "2024-06-16T03:59:00Z", expect: "2024-06-16T09:00:00-04:00"),
        Case(
            "America/New_York", "23:59:59", "daily", after: "2024-06-10T12:00:00Z", expect: "2024-06-10T23:59:59-04:00"),
        Case("America/New_York", "00:00", "daily", after: "2024-06-11T03:59:59Z", expect: "2024-06-11T00:00:00-04:00"),
        Case("America/New_York", "02:30", "daily", after: "2040-03-10T12:00:00Z", expect: "2040-03-11T03:30:00-04:00"),
        Case("America/New_York", "07:00", "mon", after: "2024-12-31T12:00:00Z", expect: "2025-01-06T07:00:00-05:00"),
        Case("Europe/Berlin", "02:30", "daily", after: "2024-03-30T12:00:00Z", expect: "2024-03-31T03:30:00+02:00"),
        Case("Europe/Berlin", "02:30", "daily", after: "2024-10-26T12:00:00Z", expect: "2024-10-27T02:30:00+02:00"),
        Case("Europe/Berlin", "02:30", "daily", after: "2024-10-27T01:00:00Z", expect: "2024-10-28T02:30:00+01:00"),
        Case(
            "Europe/Berlin", "06:00", "mon,tue,wed,thu,fri", after: "2024-03-29T06:00:00Z",
            expect: "2024-04-01T06:00:00+02:00"),
        Case("Europe/Berlin", "07:15", "daily", after: "2024-02-28T12:00:00Z", expect: "2024-02-29T07:15:00+01:00"),
        Case("Europe/Berlin", "07:15", "daily", after: "2024-02-29T12:00:00Z", expect: "2024-03-01T07:15:00+01:00"),
        Case("Europe/Berlin", "02:30", "daily", after: "2100-03-27T12:00:00Z", expect: "2100-03-28T03:30:00+02:00"),
        Case(
            "Australia/Lord_Howe", "02:15", "daily", after: "2024-10-05T12:00:00Z", expect: "2024-10-06T02:45:00+11:00"),
        Case(
            "Australia/Lord_Howe", "02:00", "daily", after: "2024-10-05T12:00:00Z", expect: "2024-10-06T02:30:00+11:00"),
        Case(
            "Australia/Lord_Howe", "01:45", "daily", after: "2024-04-06T10:00:00Z", expect: "2024-04-07T01:45:00+11:00"),
        Case(
            "Australia/Lord_Howe", "01:45", "daily", after: "2024-04-06T14:50:00Z", expect: "2024-04-08T01:45:00+10:30"),
        Case("Asia/Kathmandu", "07:00", "daily", after: "2024-06-10T00:00:00Z", expect: "2024-06-10T07:00:00+05:45"),
        Case(
            "Asia/Kathmandu", "00:00", "mon,tue,wed,thu,fri", after: "2024-06-07T20:00:00Z",
            expect: "2024-06-10T00:00:00+05:45"),
        Case("Pacific/Apia", "07:00", "daily", after: "2011-12-29T12:00:00Z", expect: "2011-12-29T07:00:00-10:00"),
        Case("Pacific/Apia", "07:00", "daily", after: "2011-12-29T17:00:00Z", expect: "2011-12-31T07:00:00+14:00"),
        Case("Pacific/Apia", "07:00", "fri", after: "2011-12-28T00:00:00Z", expect: "2012-01-06T07:00:00+14:00"),
        Case("Pacific/Apia", "23:30", "daily", after: "2011-12-29T12:00:00Z", expect: "2011-12-29T23:30:00-10:00"),
        Case("America/St_Johns", "02:30", "daily", after: "2024-03-09T12:00:00Z", expect: "2024-03-10T03:30:00-02:30"),
        Case("America/Santiago", "00:30", "daily", after: "2024-09-07T12:00:00Z", expect: "2024-09-08T01:30:00-03:00"),
        Case("America/Santiago", "23:30", "daily", after: "2024-04-06T12:00:00Z", expect: "2024-04-06T23:30:00-03:00"),
        Case("Europe/Dublin", "01:30", "daily", after: "2024-03-30T12:00:00Z", expect: "2024-03-31T02:30:00+01:00"),
        Case("Europe/Dublin", "01:30", "daily", after: "2024-10-26T12:00:00Z", expect: "2024-10-27T01:30:00+01:00"),
        Case("Africa/Casablanca", "02:30", "daily", after: "2024-03-09T12:00:00Z", expect: "2024-03-10T02:30:00+01:00"),
        Case("Asia/Tehran", "07:00", "daily", after: "2024-03-20T12:00:00Z", expect: "2024-03-21T07:00:00+03:30"),
        Case(
            "Pacific/Kiritimati", "07:00", "daily", after: "1994-12-30T12:00:00Z", expect: "1994-12-30T07:00:00-10:00"),
        Case(
            "Etc/UTC", "07:00", "mon,tue,wed,thu,fri", after: "2024-06-08T12:00:00Z",
            expect: "2024-06-10T07:00:00+00:00"),
        Case(
            "Pacific/Kiritimati", "07:00", "daily", after: "1994-12-30T17:00:00Z", expect: "1995-01-01T07:00:00+14:00"),
        Case("America/New_York", "07:00", "daily", after: "2024-03-10T11:00:00Z", expect: "2024-03-11T07:00:00-04:00"),
    ]

    @Test(arguments: cases)
    func matchesTheReference(_ item: Case) throws {
        let rules = try zone(item.zone)
        let trigger = NextTrigger.next(
            time: try TimeOfDay.parse(item.time), rule: try RepeatRule.parse(item.rule),
            after: instant(item.after).seconds, zone: rules)
        let expected = instant(item.expect)
        #expect(trigger == expected.seconds)
        if let trigger { #expect(rules.offset(at: trigger) == expected.offset) }
    }

    @Test func aOnceAlarmRingsAtTheNextOccurrenceOnly() throws {
        let berlin = try zone("Europe/Berlin")
        let after = instant("2024-06-10T08:00:00+02:00").seconds
        let time = TimeOfDay(hour: 7, minute: 0)
        #expect(
            NextTrigger.next(time: time, rule: .once, after: after, zone: berlin)
                == instant("2024-06-11T07:00:00+02:00").seconds)
        #expect(NextTrigger.upcoming(time: time, rule: .once, after: after, zone: berlin, count: 5).count == 1)
    }

    @Test func upcomingTriggersAscendAndFollowTheRule() throws {
        let newYork = try zone("America/New_York")
        let triggers = NextTrigger.upcoming(
            time: TimeOfDay(hour: 6, minute: 30), rule: .weekdays,
            after: instant("2024-03-01T00:00:00Z").seconds, zone: newYork, count: 30)
        #expect(triggers.count == 30)
        #expect(zip(triggers, triggers.dropFirst()).allSatisfy { $0 < $1 })
        for trigger in triggers {
            let day = NextTrigger.localDay(of: trigger, zone: newYork)
            #expect((1...5).contains(CivilDate.weekday(days: day)))
            let wall = trigger + Int64(newYork.offset(at: trigger)) - day * 86_400
            #expect(wall == 6 * 3600 + 30 * 60)
        }
    }

    /// Property: over many zones, times and instants, the trigger is strictly after, shows the alarm's wall
    /// time (or lies just past a gap), and no matching day in between was skipped.
    @Test(arguments: [
        "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia",
        "America/Santiago", "Europe/Dublin", "Africa/Casablanca",
    ])
    func propertiesHoldAcrossManyInstants(_ identifier: String) throws {
        let rules = try zone(identifier)
        var generator = SplitMix64(state: identifier.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
        for _ in 0..<400 {
            let after = Int64(generator.next() % (70 * 365 * 86_400)) + 946_684_800
            let time = TimeOfDay(hour: Int(generator.next() % 24), minute: Int(generator.next() % 60))
            let rule = RepeatRule(mask: UInt8(generator.next() % 128))
            guard let trigger = NextTrigger.next(time: time, rule: rule, after: after, zone: rules) else {
                Issue.record("no trigger for \(time) \(rule) after \(after)")
                continue
            }
            #expect(trigger > after)
            let day = NextTrigger.localDay(of: trigger, zone: rules)
            let wall = Int(trigger + Int64(rules.offset(at: trigger)) - day * 86_400)
            let shiftedByGap = wall != time.secondsSinceMidnight
            if shiftedByGap {
                // Only in a gap: the wall time asked for does not exist that day.
                let wanted = day * 86_400 + Int64(time.secondsSinceMidnight)
                let exists = Set([rules.offset(at: wanted - 86_400), rules.offset(at: wanted + 86_400)])
                    .contains { rules.offset(at: wanted - Int64($0)) == $0 }
                #expect(!exists, "\(identifier) \(time) rang at wall \(wall) on day \(day)")
            }
            // Nothing earlier: the previous matching day's occurrence is not after `after`.
            var earlier = day - 1
            while earlier >= NextTrigger.localDay(of: after, zone: rules) - 1 {
                if rule.isOnce || rule.contains(Weekday(rawValue: CivilDate.weekday(days: earlier))!),
                    let previous = NextTrigger.occurrence(on: earlier, at: time, zone: rules)
                {
                    #expect(previous <= after, "\(identifier): skipped day \(earlier) for \(time) \(rule)")
                }
                earlier -= 1
            }
        }
    }
}

@Suite("Repeat rules")
struct RepeatRuleTests {
    @Test(arguments: [
        ("once", "once"), ("", "once"), ("daily", "daily"), ("weekdays", "weekdays"), ("weekends", "weekends"),
        ("mon,wed,fri", "mon,wed,fri"), ("mon-fri", "weekdays"), ("sat..sun", "weekends"), ("Monday,Friday", "mon,fri"),
        ("TUE", "tue"), ("fri-mon", "mon,fri,sat,sun"), ("mon-sun", "daily"), ("thurs", "thu"), ("wed, thu", "wed,thu"),
        ("sun..tue", "mon,tue,sun"), ("Sat,SUNDAY", "weekends"), ("mon,mon", "mon"),
    ])
    func parses(_ text: String, _ canonical: String) throws {
        #expect(try RepeatRule.parse(text).description == canonical)
    }

    @Test(arguments: [
        ("funday", "'funday' is not a day"), ("mon,", "a day is missing"), ("mo", "'mo' is not a day"),
        ("mon-", "a day is missing"), ("mon-tue-wed", "not a day or a range"), ("xyz..sun", "'xyz' is not a day"),
    ])
    func refusesWithAReason(_ text: String, _ reason: String) {
        do {
            _ = try RepeatRule.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
            #expect(error.description.contains("mon-fri"))
        }
    }

    @Test func daysAreInOrder() {
        #expect(RepeatRule.weekends.days == [.saturday, .sunday])
        #expect(RepeatRule.once.days.isEmpty)
        #expect(RepeatRule.daily.contains(.wednesday))
    }
}
