/// A plain calendar date in the user's own zone (no time, no offset): a birthday, the day a diary entry is for.
/// Stored and sent as `YYYY-MM-DD`; ordered and counted by its day number (days since 1970-01-01).
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Why a text is not a date, with what is accepted.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var input: String
        public var reason: String
        public var description: String {
            "'\(input.prefix(40))' is not a date (\(reason)); use YYYY-MM-DD, such as 1990-01-31"
        }
    }

    /// A date that exists: months 1 to 12, days 1 to the month's length, years 1 to 9999.
    public init(year: Int, month: Int, day: Int) throws(Failure) {
        let text = Self.format(year, month, day)
        guard (1...9999).contains(year) else { throw Failure(input: text, reason: "years are 1 to 9999") }
        guard (1...12).contains(month) else { throw Failure(input: text, reason: "months are 01 to 12") }
        let length = Self.length(ofMonth: month, in: year)
        guard (1...length).contains(day) else {
            throw Failure(input: text, reason: "\(Self.monthNames[month - 1]) \(year) has days 01 to \(length)")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    public init(dayNumber: Int64) {
        (year, month, day) = CivilDate.date(days: dayNumber)
    }

    /// The date in a zone at an instant.
    public init(unix: Int64, zone: ZoneRules) {
        self.init(dayNumber: CivilDate.floorDivide(unix + Int64(zone.offset(at: unix)), 86_400))
    }

    /// Reads exactly `YYYY-MM-DD`.
    public static func parse(_ text: String) throws(Failure) -> LocalDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { throw Failure(input: text, reason: "expected four digits, two and two, joined by '-'") }
        return try LocalDate(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int64 { CivilDate.days(year: year, month: month, day: day) }

    public func adding(days: Int64) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// Days from `self` to `other` (negative when `other` is earlier).
    public func days(to other: LocalDate) -> Int64 { other.dayNumber - dayNumber }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int { CivilDate.weekday(days: dayNumber) }

    /// The first instant of this date in a zone (its midnight, or the first moment after a gap at midnight).
    public func start(in zone: ZoneRules) -> Int64 {
        let wall = dayNumber * 86_400
        // The offset before and after the day's start can differ; the later guess is right unless midnight is skipped.
        let guess = wall - Int64(zone.offset(at: wall))
        let settled = wall - Int64(zone.offset(at: guess))
        return LocalDate(unix: settled, zone: zone) == self ? settled : guess
    }

    public var description: String { Self.format(year, month, day) }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { self = try Self.parse(text) } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: CivilDate.isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    private static func format(_ year: Int, _ month: Int, _ day: Int) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
