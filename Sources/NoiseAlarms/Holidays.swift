import NoiseTime

/// The days off that alarms with `skipHolidays` pass over (`[alarms] holidays`, docs/alarms.md "Holidays"): the events
/// of an iCalendar file, each occurrence as the file says when it is. Which day a ring falls on is the alarm's own
/// clock's business, so the days are found here, against the zone of the alarm asking (`dayOff(at:zone:)`).
public struct Holidays: Sendable, Equatable {
    /// When an occurrence is, in the three ways a calendar says it.
    public enum When: Sendable, Hashable {
        /// Whole dates (`DTSTART;VALUE=DATE`), the same on every clock: `count` days from day number `first`.
        case dates(first: Int64, count: Int64)
        /// From one instant to another (Unix seconds; a time in UTC or in a named zone): the days it touches on the
        /// clock of the alarm asking are off.
        case instants(start: Int64, end: Int64)
        /// From one wall time to another on whatever clock reads it (a "floating" time), in wall seconds since
        /// 1970-01-01 00:00: the days it touches on that clock are off.
        case wallTimes(start: Int64, end: Int64)
    }

    /// One occurrence of a day off, with its event's name (`SUMMARY`).
    public struct DayOff: Sendable, Hashable {
        public var when: When
        public var name: String

        public init(_ when: When, name: String) {
            self.when = when
            self.name = name
        }
    }

    /// As read, in the file's order (the reader keeps each within the window it expands recurrences over).
    public let daysOff: [DayOff]
    /// The dates and wall times, by the local day they mark: the same day on every clock.
    private let byDay: [Int64: String]
    /// The instants, which mark a day that depends on the clock.
    private let spans: [(start: Int64, end: Int64, name: String)]

    public init(_ daysOff: [DayOff]) {
        self.daysOff = daysOff
        var byDay: [Int64: String] = [:]
        var spans: [(Int64, Int64, String)] = []
        for dayOff in daysOff {
            switch dayOff.when {
            case .dates(let first, let count):
                for day in first..<(first + max(count, 1)) where byDay[day] == nil { byDay[day] = dayOff.name }
            case .wallTimes(let start, let end):
                // An event with no length marks the day it is on; an end at midnight does not mark the next day.
                let first = CivilDate.floorDivide(start, 86_400)
                for day in first...CivilDate.floorDivide(max(start, end - 1), 86_400) where byDay[day] == nil {
                    byDay[day] = dayOff.name
                }
            case .instants(let start, let end):
                spans.append((start, max(end, start + 1), dayOff.name))
            }
        }
        self.byDay = byDay
        self.spans = spans
    }

    public static let none = Holidays([])

    public var isEmpty: Bool { daysOff.isEmpty }

    /// The name of the day off that `instant` falls on, on the clock of `zone`; nil on a working day. The first
    /// event in the file's order names a day two events mark.
    public func dayOff(at instant: Int64, zone: ZoneRules) -> String? {
        let day = NextTrigger.localDay(of: instant, zone: zone)
        if let name = byDay[day] { return name }
        guard !spans.isEmpty else { return nil }
        let start = LocalDate(dayNumber: day).start(in: zone)
        let end = LocalDate(dayNumber: day + 1).start(in: zone)
        return spans.first { $0.start < end && $0.end > start }?.name
    }

    public static func == (lhs: Holidays, rhs: Holidays) -> Bool { lhs.daysOff == rhs.daysOff }
}
