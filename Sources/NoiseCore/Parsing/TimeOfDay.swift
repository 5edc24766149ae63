/// A wall-clock time of day, as people type it: `07:00`, `7:00`, `7am`, `7:30pm`, `19:30`, `07:00:30`.
public struct TimeOfDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var input: String
        public var reason: String
        public var description: String {
            "'\(input.prefix(40))' is not a time of day (\(reason)); use 07:00, 7:00, 7am, 7:30pm, 19:30 or 07:00:30"
        }
    }

    public static func parse(_ text: String) throws(Failure) -> TimeOfDay {
        var input = Substring(text.lowercased().filter { !$0.isWhitespace })
        var meridiem: String?
        for suffix in ["am", "pm", "a", "p"] where input.hasSuffix(suffix) {
            meridiem = suffix.hasPrefix("a") ? "am" : "pm"
            input = input.dropLast(suffix.count)
            break
        }
        let parts = input.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count
        else { throw Failure(input: text, reason: "expected hours[:minutes[:seconds]]") }
        if parts.count == 1 && meridiem == nil {
            throw Failure(input: text, reason: "a bare hour needs am or pm")
        }
        if parts.count > 1 && parts.dropFirst().contains(where: { $0.count != 2 }) {
            throw Failure(input: text, reason: "minutes and seconds take two digits")
        }
        var hour = numbers[0]
        let minute = numbers.count > 1 ? numbers[1] : 0
        let second = numbers.count > 2 ? numbers[2] : 0
        if let meridiem {
            guard (1...12).contains(hour) else { throw Failure(input: text, reason: "with am/pm the hour is 1 to 12") }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard (0...23).contains(hour) else { throw Failure(input: text, reason: "hours are 0 to 23") }
        guard (0...59).contains(minute) else { throw Failure(input: text, reason: "minutes are 0 to 59") }
        guard (0...59).contains(second) else { throw Failure(input: text, reason: "seconds are 0 to 59") }
        return TimeOfDay(hour: hour, minute: minute, second: second)
    }

    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }

    public var description: String {
        second == 0 ? hhmm : withSeconds
    }

    /// `07:00:00`: the seconds shown even when 0, where a column of times to the second must not look rounded to the
    /// minute (a satellite pass's).
    public var withSeconds: String {
        hhmm + ":\(second < 10 ? "0" : "")\(second)"
    }

    private var hhmm: String {
        "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }
}

extension TimeOfDay {
    /// Encoded as text (`07:00`, `07:00:30`), the way people read and type it.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try TimeOfDay.parse(text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
