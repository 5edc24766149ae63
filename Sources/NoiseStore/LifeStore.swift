import LifeCalendar
import NoiseCore
import NoiseSQLite
import NoiseTime

/// The life calendar's part of the database (docs/life.md): the birth date, habits and their taps, and the
/// gratitude diary (`LifeStore+Diary`), in the same file as the alarms (one migration history, the same durability:
/// a change is on disk before the reply, the same recovery). The life desk is the one that holds it, and through it
/// reaches no other table. Dates are `YYYY-MM-DD` text.
public struct LifeStore: Sendable {
    let database: NoiseDatabase

    public init(_ database: NoiseDatabase) {
        self.database = database
    }

    // MARK: The life

    public func life() async throws -> LifeSpan? {
        try await database.read { db in try Self.readLife(db) }
    }

    public func setLife(_ life: LifeSpan) async throws {
        try await database.write { db in try Self.write(life, db) }
    }

    // MARK: Habits

    public func habits() async throws -> [Habit] {
        try await database.read { db in try Self.readHabits(db) }
    }

    public enum HabitAdded: Sendable, Equatable {
        case added
        /// A habit of that name (ignoring case) exists: it is given back.
        case exists(Habit)
        case full
    }

    public func addHabit(_ habit: Habit) async throws -> HabitAdded {
        try await database.write { db in
            if let existing = try Self.habit(named: habit.name, db) { return .exists(existing) }
            guard try db.fetchValue(Int.self, sql: "SELECT count(*) FROM habit")! < LifeLimits.maxHabits else {
                return .full
            }
            try Self.write(habit, db)
            return .added
        }
    }

    /// Forgets a habit and its taps; nil when there is no such habit.
    public func removeHabit(named name: String) async throws -> HabitRemoved? {
        try await database.write { db in
            guard let habit = try Self.habit(named: name, db) else { return nil }
            let taps = try db.fetchValue(
                Int.self, sql: "SELECT count(*) FROM habit_tap WHERE habit = ?", arguments: [habit.name])!
            try db.execute(sql: "DELETE FROM habit WHERE name = ?", arguments: [habit.name])
            return HabitRemoved(removed: habit, tapsRemoved: taps)
        }
    }

    /// Records a tap of the habit named `name` (ignoring case), worth its minutes times `sign`, on `day`; nil when
    /// there is no such habit.
    public func tap(habit name: String, sign: Int, at: Double, day: LocalDate) async throws -> HabitTap? {
        try await database.write { db in
            guard let habit = try Self.habit(named: name, db) else { return nil }
            var tap = HabitTap(id: 0, habit: habit.name, at: at, day: day, minutes: sign * habit.minutes)
            try Self.insert(&tap, db)
            return tap
        }
    }

    /// Takes back the latest tap; nil when there is none.
    public func undoLastTap() async throws -> HabitTap? {
        try await database.write { db in
            guard let last = try Self.readTaps(db, sql: "ORDER BY id DESC LIMIT 1").first else { return nil }
            try db.execute(sql: "DELETE FROM habit_tap WHERE id = ?", arguments: [last.id])
            return last
        }
    }

    /// The taps of the days `from` through `through`, oldest first.
    public func taps(from: LocalDate, through: LocalDate) async throws -> [HabitTap] {
        try await database.read { db in
            try Self.readTaps(
                db, sql: "WHERE day BETWEEN ? AND ? ORDER BY id", [from.description, through.description])
        }
    }

    /// What the day's taps come to.
    public func bonusMinutes(on day: LocalDate) async throws -> Int {
        try await database.read { db in try Self.bonusMinutes(on: day, db) }
    }

    /// The day in figures, from the sums the store keeps per day and habit (`habit_day`), so the time does not grow
    /// with the day's taps: the bonus, the taps counted and added up per habit, and the `latest` taps (before tap
    /// `before`, when given), oldest first.
    public func tapDay(
        _ day: LocalDate, before: Int64? = nil, latest: Int
    )
        async throws -> (bonusMinutes: Int, tapCount: Int, habits: [HabitTotal], latest: [HabitTap])
    {
        try await database.read { db in
            let totals = try db.fetchAll(
                sql: "SELECT habit, plus, minus, minutes FROM habit_day WHERE day = ? ORDER BY habit",
                arguments: [day.description]
            ).map { row throws(SQLiteError) in
                try HabitTotal(habit: row["habit"], plus: row["plus"], minus: row["minus"], minutes: row["minutes"])
            }
            let latest = try Self.readTaps(
                db, sql: "WHERE day = ? AND id < ? ORDER BY id DESC LIMIT ?",
                [day.description, before ?? Int64.max, latest])
            return (
                totals.reduce(0) { $0 + $1.minutes }, totals.reduce(0) { $0 + $1.plus + $1.minus }, totals,
                latest.reversed()
            )
        }
    }

    static func bonusMinutes(on day: LocalDate, _ db: SQLiteConnection) throws -> Int {
        try db.fetchValue(
            sql: "SELECT COALESCE(SUM(minutes), 0) FROM habit_day WHERE day = ?", arguments: [day.description]) ?? 0
    }

    // MARK: Rows (the one reading and writing of these tables, for the store and its recovery alike)

    static func readLife(_ db: SQLiteConnection) throws -> LifeSpan? {
        guard let row = try db.fetchOne(sql: "SELECT birth, years FROM life WHERE id = 1") else { return nil }
        return try LifeSpan(birth: try LocalDate.parse(row["birth"]), years: row["years"])
    }

    static func write(_ life: LifeSpan, _ db: SQLiteConnection) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO life (id, birth, years) VALUES (1, ?, ?)",
            arguments: [life.birth.description, life.years])
    }

    static func readHabits(_ db: SQLiteConnection) throws -> [Habit] {
        try db.fetchAll(sql: "SELECT name, minutes FROM habit ORDER BY position").map(habit)
    }

    static func habit(named name: String, _ db: SQLiteConnection) throws -> Habit? {
        try db.fetchOne(sql: "SELECT name, minutes FROM habit WHERE name = ?", arguments: [name]).map(habit)
    }

    private static func habit(_ row: SQLiteRow) throws -> Habit {
        try Habit(name: row["name"], minutes: row["minutes"])
    }

    static func write(_ habit: Habit, _ db: SQLiteConnection) throws {
        try db.execute(
            sql: """
                INSERT INTO habit (name, minutes, position) VALUES (?, ?, (SELECT coalesce(max(position), 0) + 1 FROM habit))
                """, arguments: [habit.name, habit.minutes])
    }

    static func readTaps(
        _ db: SQLiteConnection, sql: String, _ arguments: [any SQLiteValueConvertible] = []
    ) throws -> [HabitTap] {
        try db.fetchAll(sql: "SELECT id, habit, at, day, minutes FROM habit_tap " + sql, arguments: arguments).map {
            try HabitTap(
                id: $0["id"], habit: $0["habit"], at: $0["at"], day: LocalDate.parse($0["day"]), minutes: $0["minutes"])
        }
    }

    /// Inserts `tap`, keeping its id when it has one (recovery) and giving it the new one otherwise.
    static func insert(_ tap: inout HabitTap, _ db: SQLiteConnection) throws {
        try db.execute(
            sql: "INSERT INTO habit_tap (id, habit, at, day, minutes) VALUES (?, ?, ?, ?, ?)",
            arguments: [tap.id == 0 ? nil : tap.id, tap.habit, tap.at, tap.day.description, tap.minutes])
        tap.id = db.lastInsertedRowID
    }
}
