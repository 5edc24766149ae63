import NoiseTime

/// An instant as the protocol shows it: Unix seconds (a Mars alarm's with milliseconds as a fraction), the zone's
/// offset from UTC then, and the two as local time in ISO 8601. Clients read the first two: nothing re-parses text.
public struct TriggerInfo: Sendable, Equatable, Codable {
    public var unix: Double
    /// Seconds east of UTC in effect at `unix` (`offset_seconds`: 3600 for `+01:00`).
    public var offsetSeconds: Int
    /// ISO 8601 with the numeric offset in effect then: `2026-11-23T07:00:00+01:00`, for people and scripts.
    public var local: String

    public init(unix: Double, zone: ZoneRules) {
        self.unix = unix
        offsetSeconds = zone.offset(at: Int64(unix.rounded(.down)))
        local = ISO8601.format(seconds: unix, offsetSeconds: offsetSeconds)
    }

    /// The date and the time of day a clock in that zone showed at the instant.
    public var localParts: ISO8601.Parts {
        ISO8601.Parts(unix: Int64(unix.rounded(.down)), offsetSeconds: offsetSeconds)
    }

    /// The day a calendar in that zone showed at the instant.
    public var localDate: LocalDate {
        LocalDate(dayNumber: CivilDate.floorDivide(Int64(unix.rounded(.down)) + Int64(offsetSeconds), 86_400))
    }
}
