import NoiseCore
import NoiseTime

/// What a clock face shows: the wall-clock reading of one instant in one zone. Pure, so every frame of the
/// terminal clocks can be made at a fixed instant in tests.
public struct ClockReading: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    public var weekday: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// The zone's offset from UTC at that instant, in seconds (east positive).
    public var offsetSeconds: Int

    public init(
        year: Int, month: Int, day: Int, weekday: Int, hour: Int, minute: Int, second: Int, offsetSeconds: Int = 0
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
        self.second = second
        self.offsetSeconds = offsetSeconds
    }

    /// The reading of `instant` (Unix seconds) in `zone`.
    public init(instant: Int64, zone: ZoneRules) {
        let offset = zone.offset(at: instant)
        let parts = ISO8601.Parts(unix: instant, offsetSeconds: offset)
        self = .at(
            year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute,
            second: parts.second, offsetSeconds: offset)
    }

    /// A reading for tests and `--at`: a date and time with a given weekday computed from the date.
    public static func at(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0,
        offsetSeconds: Int = 0
    ) -> ClockReading {
        let days = CivilDate.days(year: year, month: month, day: day)
        return ClockReading(
            year: year, month: month, day: day, weekday: CivilDate.weekday(days: days),
            hour: hour, minute: minute, second: second, offsetSeconds: offsetSeconds)
    }

    /// The instant (Unix seconds) this reading was taken at.
    public var instant: Int64 {
        CivilDate.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
            - Int64(offsetSeconds)
    }

    /// Whether both readings fall on the same calendar day.
    public func isSameDay(as other: ClockReading) -> Bool {
        year == other.year && month == other.month && day == other.day
    }
}
