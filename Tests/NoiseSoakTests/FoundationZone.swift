import Foundation
import Testing

/// Wall time in a zone from Foundation's `TimeZone` and `Calendar` alone (ICU's time zone data), so that the soak's
/// expectations owe nothing to the code under test (`ZoneRules`, which reads TZif files, and `NextTrigger`).
struct FoundationZone: Sendable {
    let zone: TimeZone
    private let civil: Calendar

    init(_ identifier: String) throws {
        zone = try #require(TimeZone(identifier: identifier))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        civil = calendar
    }

    /// Seconds east of UTC in effect at an instant.
    func offset(at instant: Int64) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    }

    /// The instant a wall time on a civil day (days since 1970-01-01) rings, by docs/alarms.md: the first of two
    /// occurrences (fall back); in a gap (spring forward) the offset before the gap, which shifts it forward by the
    /// gap's length (PEP 495's fold=0). Assumes at most one offset change within 36 hours.
    func instant(day: Int64, secondsOfDay: Int64) -> Int64 {
        let wall = day * 86_400 + secondsOfDay
        let before = offset(at: wall - 36 * 3600)
        let after = offset(at: wall + 36 * 3600)
        let valid = [before, after].filter { offset(at: wall - $0) == $0 }.map { wall - $0 }
        return valid.min() ?? wall - before
    }

    /// The civil day an instant falls on, locally.
    func localDay(of instant: Int64) -> Int64 {
        let wall = instant + offset(at: instant)
        return wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
    }

    /// The civil day of a date, by Foundation's Gregorian calendar.
    func day(year: Int, month: Int, day: Int) throws -> Int64 {
        let date = try #require(civil.date(from: DateComponents(year: year, month: month, day: day)))
        return Int64(date.timeIntervalSince1970) / 86_400
    }

    /// ISO weekday (Monday 1 ... Sunday 7) of a civil day, by Foundation's Gregorian calendar (which counts
    /// Sunday 1 ... Saturday 7).
    func weekday(ofDay day: Int64) -> Int {
        let sundayFirst = civil.component(.weekday, from: Date(timeIntervalSince1970: TimeInterval(day * 86_400)))
        return (sundayFirst + 5) % 7 + 1
    }

    /// The offset changes between two instants, by Foundation.
    func transitions(from start: Int64, to end: Int64) -> [Int64] {
        var found: [Int64] = []
        var cursor = Date(timeIntervalSince1970: TimeInterval(start))
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor),
            next.timeIntervalSince1970 < TimeInterval(end)
        {
            found.append(Int64(next.timeIntervalSince1970))
            cursor = next
        }
        return found
    }
}
