import NoiseTime

/// Habit statistics over a span of days, computed from the taps (never stored): per day, and per habit per day.
public struct HabitStats: Sendable, Equatable, Codable {
    public struct Day: Sendable, Equatable, Codable {
        public var date: LocalDate
        /// The day's bonus: the sum of its taps.
        public var minutes: Int
        public var taps: Int
    }

    public struct PerHabit: Sendable, Equatable, Codable {
        public var name: String
        /// The habit's worth now.
        public var worth: Int
        public var minutes: Int
        public var plus: Int
        public var minus: Int
        /// Minutes per day, one for each of `days`.
        public var daily: [Int]
    }

    public var from: LocalDate
    public var through: LocalDate
    public var days: [Day]
    public var habits: [PerHabit]
    public var minutes: Int

    /// The days `from` through `through`, each with its taps' minutes; a habit appears when it exists now or
    /// was tapped in the span.
    public init(habits: [Habit], taps: [HabitTap], from: LocalDate, through: LocalDate) {
        self.from = from
        self.through = through
        let count = max(0, Int(from.days(to: through)) + 1)
        var days = (0..<count).map { Day(date: from.adding(days: Int64($0)), minutes: 0, taps: 0) }
        var perHabit = habits.map {
            PerHabit(
                name: $0.name, worth: $0.minutes, minutes: 0, plus: 0, minus: 0,
                daily: Array(repeating: 0, count: count))
        }
        for tap in taps {
            let index = Int(from.days(to: tap.day))
            guard (0..<count).contains(index) else { continue }
            days[index].minutes += tap.minutes
            days[index].taps += 1
            let habit: Int
            if let known = perHabit.firstIndex(where: { $0.name.lowercased() == tap.habit.lowercased() }) {
                habit = known
            } else {
                perHabit.append(
                    PerHabit(
                        name: tap.habit, worth: abs(tap.minutes), minutes: 0, plus: 0, minus: 0,
                        daily: Array(repeating: 0, count: count)))
                habit = perHabit.count - 1
            }
            perHabit[habit].minutes += tap.minutes
            perHabit[habit].daily[index] += tap.minutes
            if tap.minutes >= 0 { perHabit[habit].plus += 1 } else { perHabit[habit].minus += 1 }
        }
        self.days = days
        self.habits = perHabit
        self.minutes = days.reduce(0) { $0 + $1.minutes }
    }

    /// A sparkline of `values`, one block character each, scaled from the lowest to the highest (a flat line
    /// when they are all equal). Negative days sit below zero's level.
    public static func sparkline(_ values: [Int]) -> String {
        let blocks = Array("▁▂▃▄▅▆▇█")
        guard let low = values.min(), let high = values.max(), high > low else {
            return String(repeating: blocks[0], count: values.count)
        }
        return String(values.map { blocks[(($0 - low) * (blocks.count - 1) + (high - low) / 2) / (high - low)] })
    }
}
