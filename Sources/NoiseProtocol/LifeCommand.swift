import LifeCalendar
import NoiseCore
import NoiseTime

/// The life calendar's requests (docs/life.md, docs/protocol.md): the stored life, habits and their taps, the
/// gratitude diary. A date a request leaves out is the daemon's today.
public enum LifeCommand: Sendable, Equatable {
    case show
    case set(birth: LocalDate, years: Int)
    case habitAdd(Habit)
    case habitRemove(name: String)
    case habitList
    /// +1 adds the habit's minutes to today's bonus, −1 takes them away.
    case habitTap(name: String, sign: Int)
    case habitUndo
    /// The day's figures and its latest `limit` taps (those before tap `before`, to page back).
    case habitToday(day: LocalDate?, before: Int64?, limit: Int)
    case habitStats(weeks: Int)
    case gratitudeWrite(text: String, day: LocalDate?, mode: GratitudeWriteMode)
    case gratitudeShow(day: LocalDate?)
    /// A page of the entries from `since` (or after `after`, the last date of the page before), oldest first.
    case gratitudeList(since: LocalDate?, after: LocalDate?, limit: Int)
    case gratitudeSearch(words: String)
    /// `gratitude_list` from the first entry: a page of what `gratitude_import` reads back.
    case gratitudeExport(after: LocalDate?, limit: Int)
    /// Entries to store; with `stage`, a batch of the import so named, held until its `last` and stored whole then.
    case gratitudeImport([GratitudeEntry], stage: String?, last: Bool)
    /// Sets the daily reminder (`time`), turns it off (`off`), or with neither says how it is.
    case gratitudeRemind(GratitudeRemindChange)

    /// The names a client sends as `cmd`.
    public static let names = ["life_show", "life_set", "habit_add", "habit_remove", "habit_list", "habit_tap", "habit_undo",
                               "habit_today", "habit_stats", "gratitude_write", "gratitude_show", "gratitude_list",
                               "gratitude_search", "gratitude_export", "gratitude_import", "gratitude_remind"]
}

/// What `gratitude_remind` changes.
public enum GratitudeRemindChange: Sendable, Equatable {
    case show
    case set(TimeOfDay)
    case off
}
