import LifeCalendar
import NoiseCore
import NoiseTime

/// `habit_list`.
public struct HabitList: Sendable, Equatable, Codable {
    public var habits: [Habit]
    public init(habits: [Habit]) { self.habits = habits }
}

/// `habit_tap` and `habit_undo`, and the `habit_tapped` event: the tap (taken back when `undone`) and its
/// day's bonus after it.
public struct HabitTapped: Sendable, Equatable, Codable {
    public var tap: HabitTap
    public var undone: Bool
    public var bonusMinutes: Int
    public init(tap: HabitTap, undone: Bool, bonusMinutes: Int) {
        self.tap = tap
        self.undone = undone
        self.bonusMinutes = bonusMinutes
    }
}

/// `habit_today`: one day's bonus and its taps, oldest first.
public struct HabitDay: Sendable, Equatable, Codable {
    public var date: LocalDate
    public var bonusMinutes: Int
    /// How many taps the day has, and each habit's taps added up (by name).
    public var tapCount: Int
    public var habits: [HabitTotal]
    /// The day's latest taps (at most `LifeLimits.habitDayLatestTaps`), oldest first: the reply stays small however
    /// often a habit is tapped.
    public var taps: [HabitTap]
    public init(date: LocalDate, bonusMinutes: Int, tapCount: Int, habits: [HabitTotal], taps: [HabitTap]) {
        self.date = date
        self.bonusMinutes = bonusMinutes
        self.tapCount = tapCount
        self.habits = habits
        self.taps = taps
    }
}

/// `gratitude_show`: the day asked and its entry, if any.
public struct GratitudeShown: Sendable, Equatable, Codable {
    public var date: LocalDate
    @ExplicitNull public var entry: GratitudeEntry?
    public init(date: LocalDate, entry: GratitudeEntry?) {
        self.date = date
        self.entry = entry
    }
}

/// `gratitude_list`, `gratitude_export`: entries, oldest first.
public struct GratitudeEntries: Sendable, Equatable, Codable {
    public var entries: [GratitudeEntry]
    public init(entries: [GratitudeEntry]) { self.entries = entries }
}

/// `gratitude_remind`: the daily reminder's time (`HH:MM:SS`, null when off) and when it comes next.
public struct GratitudeReminder: Sendable, Equatable, Codable {
    @ExplicitNull public var time: String?
    @ExplicitNull public var next: TriggerInfo?
    /// The day passed over before `next`: it has its entry already, and the reminder notifies only for a day without.
    @ExplicitNull public var skipped: LocalDate?
    public init(time: String?, next: TriggerInfo?, skipped: LocalDate? = nil) {
        self.time = time
        self.next = next
        self.skipped = skipped
    }
}

/// The `gratitude_reminder` event: the day that has no entry yet, at the reminder's time.
public struct GratitudeReminderDue: Sendable, Equatable, Codable {
    public var date: LocalDate
    public init(date: LocalDate) { self.date = date }
}
