/// The words and numbers the clocks print, in one place.
public enum ClockText {
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]
    public static let weekdayAbbreviations = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `7 September Mon`, the date line of the original app.
    public static func dateLine(_ reading: ClockReading) -> String {
        "\(reading.day) \(monthNames[reading.month - 1]) \(weekdayAbbreviations[reading.weekday - 1])"
    }

    /// A difference between two zones' offsets in hours, as the widget's complication showed it: `0`, `+1`,
    /// `-6`, `+5:30`, `+5:45`, `-9:30`.
    public static func offsetDifference(_ seconds: Int) -> String {
        guard seconds != 0 else { return "0" }
        let sign = seconds > 0 ? "+" : "-"
        let minutes = abs(seconds) / 60
        let (hours, rest) = (minutes / 60, minutes % 60)
        return rest == 0 ? "\(sign)\(hours)" : "\(sign)\(hours):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// `07:05` or `7:05` (12-hour clocks drop the leading zero), with `:SS` when asked.
    public static func time(_ reading: ClockReading, twelveHour: Bool, seconds: Bool) -> String {
        let hour = twelveHour ? twelveHourValue(reading.hour) : reading.hour
        let head = twelveHour ? "\(hour)" : two(hour)
        return head + ":" + two(reading.minute) + (seconds ? ":" + two(reading.second) : "")
    }

    /// 0 → 12, 13 → 1.
    public static func twelveHourValue(_ hour: Int) -> Int {
        hour % 12 == 0 ? 12 : hour % 12
    }

    public static func meridiem(_ hour: Int) -> String {
        hour < 12 ? "AM" : "PM"
    }

    static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
