import ClockFace
import NoiseCore
import NoiseTime
import Orbits

/// How satellite views write numbers, times and durations (UTC instants and the elements' age: `SatelliteView`).
enum IssText {
    /// `%W.Pf`: right-aligned in `width`.
    static func fixed(_ value: Double, _ places: Int, width: Int) -> String {
        let text = value.fixed(places)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func day(_ unix: Double, _ zone: ZoneRules) -> String {
        WorldClockRow.shortDate(ClockReading(instant: Int64(unix.rounded(.down)), zone: zone))
    }

    /// `21:04:37` in the zone, always to the second (`17:09:00`, never `17:09`): the second the instant falls in,
    /// as a clock shows it and as `day` counts the date (17:08:59.6 is `17:08:59`).
    static func clock(_ unix: Double, _ zone: ZoneRules) -> String {
        let whole = Int64(unix.rounded(.down))
        return ISO8601.Parts(unix: whole, offsetSeconds: zone.offset(at: whole)).timeOfDay.withSeconds
    }

    /// `6 min 12 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60) min \(whole % 60) s" : "\(whole) s"
    }
}
