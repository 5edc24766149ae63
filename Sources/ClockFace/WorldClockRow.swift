import NoiseTime

/// One line of `noisectl world`: a zone's city, its wall time, its date when that is not today here, and how
/// far ahead of here it is. Pure: made from an instant and zone rules, so tests pin both.
public struct WorldClockRow: Sendable, Equatable, Encodable {
    /// The IANA name, `America/New_York`.
    public var zone: String
    /// The name's last part, as people say it: `New York`.
    public var city: String
    /// `HH:MM`, 24-hour.
    public var time: String
    /// `Mon 23 Nov` when the zone's date differs from the local one, else nil.
    public var date: String?
    /// The zone's offset minus the local one, as `ClockText.offsetDifference` words it: `0`, `+1`, `-6`, `+5:30`.
    public var offset: String
    /// The same difference in seconds, for scripts.
    public var offsetSeconds: Int
    /// The zone's wall time with its offset from UTC, `2024-11-23T20:30:00+05:30`, for scripts.
    public var localTime: String

    /// The rows for `zones` at `instant` (Unix seconds), seen from the `local` zone, in the order given.
    public static func rows(at instant: Int64, zones: [ZoneRules], local: ZoneRules) -> [WorldClockRow] {
        let here = ClockReading(instant: instant, zone: local)
        return zones.map { zone in
            let reading = ClockReading(instant: instant, zone: zone)
            let difference = reading.offsetSeconds - here.offsetSeconds
            return WorldClockRow(
                zone: zone.identifier, city: city(of: zone.identifier),
                time: ClockText.time(reading, twelveHour: false, seconds: false),
                date: reading.isSameDay(as: here) ? nil : shortDate(reading),
                offset: ClockText.offsetDifference(difference), offsetSeconds: difference,
                localTime: ISO8601.format(unix: instant, offsetSeconds: reading.offsetSeconds))
        }
    }

    /// `America/Argentina/Buenos_Aires` → `Buenos Aires`; `UTC` → `UTC`.
    public static func city(of identifier: String) -> String {
        String(identifier.split(separator: "/").last ?? Substring(identifier)).replacing("_", with: " ")
    }

    /// `Mon 23 Nov`.
    public static func shortDate(_ reading: ClockReading) -> String {
        "\(ClockText.weekdayAbbreviations[reading.weekday - 1]) \(reading.day) "
            + ClockText.monthNames[reading.month - 1].prefix(3)
    }
}
