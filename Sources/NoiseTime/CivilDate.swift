/// Proleptic Gregorian civil date arithmetic on days since 1970-01-01 (no Foundation calendars).
///
/// Howard Hinnant's `days_from_civil` and `civil_from_days`: exact for any year an `Int64` of days can hold, and
/// free of tables, so the zone rules and the alarm scheduler share one definition of the calendar.
public enum CivilDate {
    /// Days since 1970-01-01. Months outside 1...12 roll into neighbouring years and days outside the month into
    /// neighbouring months (month 13 of 2024 is January 2025; day 0 is the last of the month before).
    public static func days(year: Int, month: Int, day: Int) -> Int64 {
        let monthIndex = Int64(month) - 1
        let carry = monthIndex >= 0 ? monthIndex / 12 : (monthIndex + 1) / 12 - 1
        let month = monthIndex - carry * 12 + 1
        let year = Int64(year) + carry - (month <= 2 ? 1 : 0)
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func date(days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }

    /// ISO weekday of a day number: 1 = Monday ... 7 = Sunday.
    public static func weekday(days: Int64) -> Int {
        // 1970-01-01 was a Thursday.
        Int(((days % 7 + 7) % 7 + 3) % 7 + 1)
    }

    /// Whether `year` has a February 29.
    /// Division rounding toward minus infinity: the day (or any unit) an instant before 1970 falls in.
    public static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }
}
