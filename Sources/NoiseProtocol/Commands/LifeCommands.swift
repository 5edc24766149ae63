import LifeCalendar
import NoiseCore
import NoiseTime

extension Commands {
    public struct LifeShow: PlainCommand {
        public typealias Reply = LifeInfo
        public static let name = "life_show"
        public static let senders = Senders.pages
        public init() {}
    }

    /// Sets the birth date and the years the calendar counts.
    public struct LifeSet: DaemonCommand {
        public typealias Reply = LifeInfo
        public static let name = "life_set"
        public static let senders = Senders.pages
        public var birth: LocalDate
        public var years: Int

        public init(birth: LocalDate, years: Int = LifeLimits.defaultLifeYears) {
            self.birth = birth
            self.years = years
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["birth", "years"])
            let birth = try LifeArguments.date(reader, "birth", required: true)!
            let years =
                try reader.integer("years", in: LifeLimits.lifeYears, unit: "years") ?? LifeLimits.defaultLifeYears
            self.init(birth: birth, years: years)
        }
    }

    public struct HabitAdd: DaemonCommand {
        public typealias Reply = Habit
        public static let name = "habit_add"
        public static let senders = Senders.pages
        public var name: String
        public var minutes: Int

        public init(name: String, minutes: Int) {
            self.name = name
            self.minutes = minutes
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["name", "minutes"])
            let habit = try LifeArguments.habitName(reader)
            guard let minutes = try reader.integer("minutes", in: LifeLimits.habitMinutes, unit: "minutes") else {
                throw ProtocolError(
                    .invalidArgument,
                    "habit_add needs 'minutes', what one tap is worth (a whole number "
                        + "from \(LifeLimits.habitMinutes.lowerBound) to \(LifeLimits.habitMinutes.upperBound))")
            }
            self.init(name: habit, minutes: minutes)
        }

        public var habit: Habit { Habit(name: name, minutes: minutes) }
    }

    public struct HabitRemove: DaemonCommand {
        public typealias Reply = HabitRemoved
        public static let name = "habit_remove"
        public static let senders = Senders.pages
        public var name: String

        public init(name: String) { self.name = name }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            self.init(
                name: try LifeArguments.habitName(
                    try ArgumentReader(command: Self.name, args: arguments, accepted: ["name"])))
        }
    }

    public struct HabitList: PlainCommand {
        public typealias Reply = NoiseProtocol.HabitList
        public static let name = "habit_list"
        public static let senders = Senders.pages
        public init() {}
    }

    /// Adds the habit's minutes to today's bonus (`plus`), or takes them away (`minus`).
    public struct HabitTap: DaemonCommand {
        public typealias Reply = HabitTapped
        public static let name = "habit_tap"
        public static let senders = Senders.pages
        public var name: String
        /// +1 or −1.
        public var sign: Int

        public init(name: String, sign: Int) {
            self.name = name
            self.sign = sign
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["name", "sign"])
            let habit = try LifeArguments.habitName(reader)
            let sign = try reader.requiredString("sign")
            guard let value = ["+": 1, "plus": 1, "-": -1, "−": -1, "minus": -1][sign] else {
                throw ProtocolError(
                    .invalidArgument,
                    "habit_tap: 'sign' must be \"plus\" (or \"+\") or \"minus\" (or \"-\"), "
                        + "got \"\(sign.prefix(40))\"")
            }
            self.init(name: habit, sign: value)
        }

        private enum Key: String, CodingKey { case name, sign }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(name, forKey: .name)
            try container.encode(sign < 0 ? "minus" : "plus", forKey: .sign)
        }
    }

    /// Takes back the last tap.
    public struct HabitUndo: PlainCommand {
        public typealias Reply = HabitTapped
        public static let name = "habit_undo"
        public static let senders = Senders.pages
        public init() {}
    }

    /// A day's figures and its latest `limit` taps (those before tap `before`, to page back).
    public struct HabitToday: DaemonCommand {
        public typealias Reply = HabitDay
        public static let name = "habit_today"
        public static let senders = Senders.pages
        public var date: LocalDate?
        public var before: Int64?
        public var limit: Int

        public init(date: LocalDate? = nil, before: Int64? = nil, limit: Int = LifeLimits.habitDayLatestTaps) {
            self.date = date
            self.before = before
            self.limit = limit
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["date", "before", "limit"])
            let before = try reader.integer("before", in: 1...Int(Int32.max)).map(Int64.init)
            self.init(
                date: try LifeArguments.date(reader, "date"), before: before,
                limit: try reader.integer("limit", in: 1...Limits.maxListPage) ?? LifeLimits.habitDayLatestTaps)
        }
    }

    public struct HabitStats: DaemonCommand {
        public typealias Reply = LifeCalendar.HabitStats
        public static let name = "habit_stats"
        public static let senders = Senders.localOnly
        public var weeks: Int

        public init(weeks: Int = LifeLimits.defaultHabitStatsWeeks) { self.weeks = weeks }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["weeks"])
            self.init(
                weeks: try reader.integer("weeks", in: LifeLimits.habitStatsWeeks, unit: "weeks")
                    ?? LifeLimits.defaultHabitStatsWeeks)
        }
    }
}
