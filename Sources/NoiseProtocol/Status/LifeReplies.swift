import LifeCalendar
import NoiseCore
import NoiseTime

/// `habit_list`.
public struct HabitList: Sendable, Equatable, Codable {
    public var habits: [Habit]
    public init(habits: [Habit]) { self.habits = habits }
}

/// `habit_remove`: the habit and how many of its taps went with it.
public struct HabitRemoved: Sendable, Equatable, Codable {
    public var removed: Habit
    public var tapsRemoved: Int
    public init(removed: Habit, tapsRemoved: Int) {
        self.removed = removed
        self.tapsRemoved = tapsRemoved
    }
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
    /// The day's latest taps (at most `Limits.habitDayLatestTaps`), oldest first: the reply stays small however
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

/// `gratitude_write` and the `gratitude_saved` event: the entry as saved, and whether it was new, replaced an
/// entry or was appended to one.
public struct GratitudeSaved: Sendable, Equatable, Codable {
    public var entry: GratitudeEntry
    /// `new`, `replace` or `append`: what was done.
    public var action: String
    public init(entry: GratitudeEntry, action: String) {
        self.entry = entry
        self.action = action
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

/// `gratitude_search`: the matching entries, best first, each with the words found marked in a snippet.
public struct GratitudeMatches: Sendable, Equatable, Codable {
    public struct Match: Sendable, Equatable, Codable {
        public var entry: GratitudeEntry
        /// The part of the text around the words, the words in [brackets].
        public var snippet: String
        public init(entry: GratitudeEntry, snippet: String) {
            self.entry = entry
            self.snippet = snippet
        }
    }

    public var matches: [Match]
    public init(matches: [Match]) { self.matches = matches }
}

/// `gratitude_import`: what each entry did. An entry equal to the stored one changes nothing; one saved later
/// than the stored one replaces it; an older one is kept out (`kept`), so importing twice changes nothing.
public struct GratitudeImported: Sendable, Equatable, Codable {
    public var added: Int
    public var replaced: Int
    public var unchanged: Int
    public var kept: Int
    /// A staged import's batch before its last: the entries held so far (nothing is stored yet); absent otherwise.
    public var staged: Int?
    public init(added: Int = 0, replaced: Int = 0, unchanged: Int = 0, kept: Int = 0, staged: Int? = nil) {
        self.added = added
        self.replaced = replaced
        self.unchanged = unchanged
        self.kept = kept
        self.staged = staged
    }
}

/// `gratitude_remind`: the daily reminder's time (`HH:MM:SS`, null when off) and when it comes next.
public struct GratitudeReminder: Sendable, Equatable, Codable {
    @ExplicitNull public var time: String?
    @ExplicitNull public var next: TriggerInfo?
    public init(time: String?, next: TriggerInfo?) {
        self.time = time
        self.next = next
    }
}

/// The `gratitude_reminder` event: the day that has no entry yet, at the reminder's time.
public struct GratitudeReminderDue: Sendable, Equatable, Codable {
    public var date: LocalDate
    public init(date: LocalDate) { self.date = date }
}
