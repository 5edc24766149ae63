import NoiseCore
import NoiseTime

/// A habit and what one tap of it is worth: `habit + NAME` adds `minutes` to the day's bonus, `habit - NAME`
/// takes them away.
public struct Habit: Sendable, Equatable, Codable {
    public var name: String
    public var minutes: Int

    public init(name: String, minutes: Int) {
        self.name = name
        self.minutes = minutes
    }

    /// Why `name` cannot name a habit, or nil: 1 to `LifeLimits.maxHabitNameLength` characters, no control
    /// characters, not blank, no leading or trailing space (names are matched ignoring case).
    public static func problem(name: String) -> String? {
        if name.allSatisfy(\.isWhitespace) { return "is empty" }
        if name.count > LifeLimits.maxHabitNameLength {
            return "is longer than \(LifeLimits.maxHabitNameLength) characters"
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "has a control character"
        }
        if name.first!.isWhitespace || name.last!.isWhitespace { return "begins or ends with a space" }
        return nil
    }

    /// Why `minutes` cannot be a habit's worth, or nil.
    public static func problem(minutes: Int) -> String? {
        LifeLimits.habitMinutes.contains(minutes)
            ? nil
            : "a habit is worth \(LifeLimits.habitMinutes.lowerBound) to \(LifeLimits.habitMinutes.upperBound) minutes, got \(minutes)"
    }
}

/// One tap: when, on which local day, and the minutes it added (negative for a minus), at the habit's worth then.
/// One habit's taps on one day, added up.
public struct HabitTotal: Sendable, Equatable, Codable {
    public var habit: String
    /// Taps that added time, and taps that took it.
    public var plus: Int
    public var minus: Int
    /// What they come to.
    public var minutes: Int

    public init(habit: String, plus: Int, minus: Int, minutes: Int) {
        self.habit = habit
        self.plus = plus
        self.minus = minus
        self.minutes = minutes
    }
}

public struct HabitTap: Sendable, Equatable, Codable {
    public var id: Int64
    public var habit: String
    public var at: Double
    public var day: LocalDate
    public var minutes: Int

    public init(id: Int64, habit: String, at: Double, day: LocalDate, minutes: Int) {
        self.id = id
        self.habit = habit
        self.at = at
        self.day = day
        self.minutes = minutes
    }
}

/// One day's gratitude entry.
public struct GratitudeEntry: Sendable, Equatable, Codable {
    public var date: LocalDate
    public var text: String
    /// When it was last written (Unix seconds).
    public var savedAt: Double

    public init(date: LocalDate, text: String, savedAt: Double) {
        self.date = date
        self.text = text
        self.savedAt = savedAt
    }

    /// Why `text` cannot be an entry, or nil. A NUL is refused rather than stored: SQLite would keep only the
    /// text before it, less than was acknowledged.
    public static func problem(text: String) -> String? {
        if let position = UTF8Text.nulPosition(in: text) {
            return "an entry cannot hold a NUL character (U+0000); there is one at character \(position)"
        }
        if text.allSatisfy(\.isWhitespace) { return "an entry cannot be empty" }
        if text.utf8.count > LifeLimits.maxGratitudeBytes {
            return "an entry is at most \(LifeLimits.maxGratitudeBytes) bytes, got \(text.utf8.count)"
        }
        return nil
    }
}
