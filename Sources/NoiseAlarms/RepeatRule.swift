/// On which days an alarm rings: a set of weekdays, or none for an alarm that rings once.
public struct RepeatRule: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Bit `n-1` set for ISO weekday `n`.
    public private(set) var mask: UInt8

    public init(mask: UInt8) {
        self.mask = mask & 0x7F
    }

    public init(_ days: some Sequence<Weekday>) {
        self.init(mask: days.reduce(0) { $0 | UInt8(1 << ($1.rawValue - 1)) })
    }

    public static let once = RepeatRule(mask: 0)
    public static let daily = RepeatRule(mask: 0x7F)
    public static let weekdays = RepeatRule([.monday, .tuesday, .wednesday, .thursday, .friday])
    public static let weekends = RepeatRule([.saturday, .sunday])

    public var isOnce: Bool { mask == 0 }
    public var days: [Weekday] { Weekday.allCases.filter(contains) }

    public func contains(_ day: Weekday) -> Bool {
        mask & UInt8(1 << (day.rawValue - 1)) != 0
    }

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var input: String
        public var reason: String
        public var description: String {
            "repeat '\(input.prefix(40))': \(reason); use once, daily, weekdays, weekends, a list like mon,wed,fri "
                + "or a range like mon-fri or sat..sun (full day names too, any case); "
                + "a Mars alarm: once or sols"
        }
    }

    /// Parses `once`, `daily`, `weekdays`, `weekends`, lists and ranges (`mon,wed,fri`, `mon-fri`, `sat..sun`,
    /// `fri-mon` wrapping over the weekend), with full or short day names in any case.
    public static func parse(_ text: String) throws(Failure) -> RepeatRule {
        let input = text.lowercased().filter { !$0.isWhitespace }
        switch input {
        case "once", "never", "": return .once
        // A Mars alarm's every day is every sol.
        case "daily", "everyday", "always", "sols", "everysol": return .daily
        case "weekdays", "workdays": return .weekdays
        case "weekends", "weekend": return .weekends
        default: break
        }
        var days = Set<Weekday>()
        for part in input.split(separator: ",", omittingEmptySubsequences: false) {
            let separator = part.contains("..") ? ".." : "-"
            let bounds = part.split(separator: separator, omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count) else {
                throw Failure(input: text, reason: "'\(part)' is not a day or a range")
            }
            var named: [Weekday] = []
            for bound in bounds {
                guard let day = Weekday.named(bound) else {
                    throw Failure(
                        input: text, reason: bound.isEmpty ? "a day is missing" : "'\(bound.prefix(20))' is not a day")
                }
                named.append(day)
            }
            var day = named[0]
            days.insert(day)
            // A range walks forward and may wrap past Sunday: fri-mon is fri, sat, sun, mon.
            while day != named[named.count - 1] {
                day = Weekday(rawValue: day.rawValue % 7 + 1)!
                days.insert(day)
            }
        }
        return RepeatRule(days)
    }

    /// The canonical spelling: once, daily, weekdays, weekends, or a list like `mon,wed,fri`.
    public var description: String {
        switch self {
        case .once: "once"
        case .daily: "daily"
        case .weekdays: "weekdays"
        case .weekends: "weekends"
        default: days.map(\.shortName).joined(separator: ",")
        }
    }
}
