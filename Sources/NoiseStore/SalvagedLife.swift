import GRDB
import LifeCalendar
import NoiseAlarms

/// What could be read of the life calendar's tables when a store is salvaged: each table whole, or not at all
/// (its rows are few and small, and a half-read diary would look complete).
struct SalvagedLife: Sendable {
    var life: LifeSpan?
    var habits: [Habit] = []
    var taps: [HabitTap] = []
    var entries: [GratitudeEntry] = []
    var reminder: DailyReminder?

    static func read(_ db: Database, tables: [String], problems: inout [String]) -> SalvagedLife {
        var salvage = SalvagedLife()
        func attempt(_ table: String, _ what: String, _ read: () throws -> Void) {
            guard tables.contains(table) else { return }
            do { try read() } catch { problems.append("\(what) cannot be read: \(AlarmStore.describe(error))") }
        }
        attempt("life", "the life calendar's birth date") { salvage.life = try AlarmStore.readLife(db) }
        attempt("habit", "the habits") { salvage.habits = try AlarmStore.readHabits(db) }
        attempt("habit_tap", "the habits' taps") { salvage.taps = try AlarmStore.readTaps(db, sql: "ORDER BY id") }
        attempt("gratitude", "the gratitude diary") { salvage.entries = try AlarmStore.readEntries(db, sql: "ORDER BY day") }
        attempt("reminder", "the gratitude reminder") { salvage.reminder = try AlarmStore.readReminder(db) }
        return salvage
    }
}

extension AlarmStore {
    /// Writes what was salvaged into a fresh store; a tap whose habit is gone is left out.
    static func fillLife(_ db: Database, from salvage: SalvagedLife) throws {
        if let life = salvage.life { try write(life, db) }
        for habit in salvage.habits { try write(habit, db) }
        for var tap in salvage.taps where salvage.habits.contains(where: { $0.name == tap.habit }) { try insert(&tap, db) }
        for entry in salvage.entries { try write(entry, db) }
        try write(salvage.reminder, db)
    }
}
