/// The text of the analog face's complication: another zone's difference from local time, as the widget's small
/// dial showed it (`Kolkata +5:30`, `New York -6`).
public enum ComplicationText {
    /// `Area/City`'s label and `zoneOffset - localOffset` (both in seconds east of UTC) in hours.
    public static func zoneDifference(zone identifier: String, zoneOffset: Int, localOffset: Int) -> String {
        WorldClockRow.city(of: identifier) + " " + ClockText.offsetDifference(zoneOffset - localOffset)
    }

    /// `text` in at most `width` Unicode scalars. The last word (the offset) matters most, so a text too wide
    /// drops to it alone before anything is cut off.
    static func fitted(_ text: String, width: Int) -> String {
        let limit = max(0, width)
        guard text.unicodeScalars.count > limit else { return text }
        let last = text.split(separator: " ").last.map(String.init) ?? text
        return String(String.UnicodeScalarView(last.unicodeScalars.prefix(limit)))
    }
}
