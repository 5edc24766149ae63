import LifeCalendar
import NoiseSQLite

/// What could be read of the life calendar's tables when a database is salvaged: each table whole, or not at all
/// (its rows are few and small, and a half-read diary would look complete).
struct SalvagedLife: Sendable {
    var life: LifeSpan?
    var habits: [Habit] = []
    var taps: [HabitTap] = []
    var entries: [GratitudeEntry] = []

    static func read(_ db: SQLiteConnection, tables: [String], problems: inout [String]) -> SalvagedLife {
        var salvage = SalvagedLife()
        func attempt<T>(_ table: String, _ what: String, _ read: () throws -> T) -> T? {
            SalvagedStore.attempt([table], what, tables: tables, problems: &problems, read)
        }
        salvage.life = attempt("life", "the life calendar's birth date") { try LifeStore.readLife(db) } ?? nil
        salvage.habits = attempt("habit", "the habits") { try LifeStore.readHabits(db) } ?? []
        salvage.taps = attempt("habit_tap", "the habits' taps") { try LifeStore.readTaps(db, sql: "ORDER BY id") } ?? []
        salvage.entries =
            attempt("gratitude", "the gratitude diary") { try LifeStore.readEntries(db, sql: "ORDER BY day") } ?? []
        return salvage
    }
}

extension LifeStore {
    /// Writes what was salvaged into an empty database; a tap whose habit is gone is left out.
    static func fill(_ db: SQLiteConnection, from salvage: SalvagedLife) throws {
        if let life = salvage.life { try write(life, db) }
        for habit in salvage.habits { try write(habit, db) }
        for var tap in salvage.taps where salvage.habits.contains(where: { $0.name == tap.habit }) {
            try insert(&tap, db)
        }
        for entry in salvage.entries { try write(entry, db) }
    }
}
