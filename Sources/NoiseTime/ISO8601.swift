import NoiseCore

/// ISO-8601 instants as RFC 3339 writes them (`2024-03-10T07:00:00-04:00`), without Foundation's formatters:
/// the client shows and reads trigger times with them, and the core stays free of ICU.
public enum ISO8601 {
    /// What a timestamp says: a local date and time, and the offset from UTC when it gives one.
    public struct Parts: Sendable, Equatable {
        public var year, month, day, hour, minute, second: Int
        /// Seconds east of UTC; nil when the text has no offset (a floating local time).
        public var offsetSeconds: Int?
        /// The digits after the seconds' point, as written (`"5"` for `:00.5`, `""` for none).
        public var fractionDigits: String

        public init(
            year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetSeconds: Int?,
            fractionDigits: String = ""
        ) {
            (self.year, self.month, self.day) = (year, month, day)
            (self.hour, self.minute, self.second) = (hour, minute, second)
            self.offsetSeconds = offsetSeconds
            self.fractionDigits = fractionDigits
        }

        /// The fraction of a second the digits say (`0.5` for `"5"`).
        public var fraction: Double {
            fractionDigits.reversed().reduce(0) { ($0 + Double($1.wholeNumberValue ?? 0)) / 10 }
        }

        /// The fraction as whole milliseconds, digits past the third rounded half up (`"0004999"` is 0, `"0005"`
        /// is 1, `"9996"` is 1000: the caller carries it into the second). No alarm rings finer than a
        /// millisecond, so an instant keeps no more; integer arithmetic, so `"250"` is exactly 250.
        public var roundedMilliseconds: Int {
            let digits = fractionDigits.compactMap(\.wholeNumberValue)
            let millis = (digits + [0, 0, 0]).prefix(3).reduce(0) { $0 * 10 + $1 }
            return millis + (digits.count > 3 && digits[3] >= 5 ? 1 : 0)
        }

        /// `unix` as a clock `offsetSeconds` east of UTC shows it.
        public init(unix: Int64, offsetSeconds: Int) {
            let local = unix + Int64(offsetSeconds)
            let days = CivilDate.floorDivide(local, 86_400)
            let seconds = Int(local - days * 86_400)
            let date = CivilDate.date(days: days)
            self.init(
                year: date.year, month: date.month, day: date.day,
                hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60, offsetSeconds: offsetSeconds)
        }

        /// The local date and time as seconds since 1970-01-01T00:00:00 on that local clock.
        public var wallSeconds: Int64 {
            CivilDate.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        }

        /// Unix seconds, when the offset is known.
        public var instant: Int64? { offsetSeconds.map { wallSeconds - Int64($0) } }

        public var timeOfDay: TimeOfDay { TimeOfDay(hour: hour, minute: minute, second: second) }
    }

    /// `unix` shown on a clock `offsetSeconds` east of UTC, always with a numeric offset (`+00:00` for UTC,
    /// never `Z`, so the text also says which offset the zone had). An offset with seconds (local mean time
    /// before 1900) gets them as `-04:56:02`, as Python's `isoformat` writes it.
    public static func format(unix: Int64, offsetSeconds: Int) -> String {
        let parts = Parts(unix: unix, offsetSeconds: offsetSeconds)
        let two = { (value: Int) in String(value, width: 2) }
        let year = (parts.year < 0 ? "-" : "") + String(parts.year.magnitude, width: 4)
        let offset = Int(offsetSeconds.magnitude)
        var zone = (offsetSeconds < 0 ? "-" : "+") + two(offset / 3600) + ":" + two(offset / 60 % 60)
        if offset % 60 != 0 { zone += ":" + two(offset % 60) }
        let time = two(parts.hour) + ":" + two(parts.minute) + ":" + two(parts.second)
        return "\(year)-\(two(parts.month))-\(two(parts.day))T\(time)\(zone)"
    }

    /// As `format(unix:offsetSeconds:)`, with milliseconds (`07:00:00.437`) when the instant has any.
    public static func format(seconds: Double, offsetSeconds: Int) -> String {
        let millis = Int64((seconds * 1000).rounded())
        let whole = CivilDate.floorDivide(millis, 1000)
        let text = format(unix: whole, offsetSeconds: offsetSeconds)
        let fraction = millis - whole * 1000
        guard fraction != 0 else { return text }
        // After the seconds, which end at the 19th character (20th for a year before 0).
        let split = text.index(text.startIndex, offsetBy: whole < -62_167_219_200 ? 20 : 19)
        return text[..<split] + "." + String(Int(fraction), width: 3) + text[split...]
    }

    /// Unix seconds of an instant with an offset or `Z` (`2024-03-09T12:00:00Z`, `2024-03-09T07:00:00-05:00`,
    /// `2024-03-09T12:00:00.250Z`); a fraction of a second is dropped. Nil for anything else, including a time
    /// without an offset, which names no instant.
    public static func parse(_ text: String) -> Int64? {
        parts(text)?.instant
    }

    /// Reads `YYYY-MM-DD`, then `T` (or `t`, or a space), `HH:MM`, optionally `:SS` and a fraction after `.` or
    /// `,`, then optionally `Z`, `±HH:MM`, `±HHMM` or `±HH` (or `±HH:MM:SS`, which `format` writes
    /// for offsets with seconds). Every field is range-checked, including the day
    /// against its month; a leap second (`:60`) is refused, as Unix time has none.
    public static func parts(_ text: String) -> Parts? {
        var scanner = TimestampScanner(bytes: Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2)
        else { return nil }
        var (second, fraction) = (0, "")
        if scanner.skip(":") {
            guard let value = scanner.number(digits: 2) else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                let start = scanner.index
                guard scanner.digits() > 0 else { return nil }
                fraction = String(decoding: scanner.bytes[start..<scanner.index], as: UTF8.self)
            }
        }
        var offset: Int?
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(digits: 2), hours <= 23 else { return nil }
            var (minutes, seconds) = (0, 0)
            if scanner.skip(":") {
                guard let value = scanner.number(digits: 2) else { return nil }
                minutes = value
                // Seconds only as `format` writes them for local mean time, so its output reads back.
                if scanner.skip(":") {
                    guard let value = scanner.number(digits: 2) else { return nil }
                    seconds = value
                }
            } else if !scanner.atEnd {
                guard let value = scanner.number(digits: 2) else { return nil }
                minutes = value
            }
            guard minutes <= 59, seconds <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60 + seconds)
        }
        guard scanner.atEnd, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        return Parts(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            offsetSeconds: offset, fractionDigits: fraction)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: CivilDate.isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Reads ASCII fields left to right; every method leaves the position unchanged when it does not match.
private struct TimestampScanner {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int? {
        guard bytes.count - index >= digits else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// Skips a run of digits and says how many there were.
    mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
