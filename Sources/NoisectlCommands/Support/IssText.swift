import ClockFace
import NoiseCore
import NoiseTime
import Orbits

/// How satellite views write numbers, times and ages.
enum IssText {
    /// `%W.Pf`: right-aligned in `width`.
    static func fixed(_ value: Double, _ places: Int, width: Int) -> String {
        let text = value.fixed(places)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// ISO 8601 in UTC with milliseconds and Z: `2024-01-01T12:00:00.123Z`.
    static func utc(_ unix: Double) -> String {
        let millis = Int64((unix * 1000).rounded())
        let whole = CivilDate.floorDivide(millis, 1000)
        let text = ISO8601.format(unix: whole, offsetSeconds: 0)
        return text.dropLast(6) + "." + String(Int(millis - whole * 1000), width: 3) + "Z"
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

    /// "elements of 2024-01-01 (3.2 days old)", with the warning past a week.
    static func age(of set: OrbitalElements, now: Double) -> String {
        let days = (now - set.epochUnix) / 86_400
        var text = "elements from \(utc(set.epochUnix).prefix(16))Z, \(days.fixed(1)) days old"
        if abs(days) > 7 { text += "; past 7 days predictions may be off by minutes (noisectl iss elements import FILE)" }
        return text
    }
}
