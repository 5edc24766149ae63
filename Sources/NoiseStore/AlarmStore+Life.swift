import GRDB
import LifeCalendar
import NoiseCore
import NoiseAlarms
import NoiseTime

/// The life calendar's data (docs/life.md) lives in the alarms' store: one file, one migration history, the same
/// durability (a change is on disk before the reply) and the same recovery. Dates are `YYYY-MM-DD` text.
extension AlarmStore {
    // MARK: The life

    public func life() async throws -> LifeSpan? {
        try await writer.read { db in try Self.readLife(db) }
    }

    public func setLife(_ life: LifeSpan) async throws {
        try checkWritable()
        try await writer.write { db in try Self.write(life, db) }
    }

    // MARK: Habits

    public func habits() async throws -> [Habit] {
        try await writer.read { db in try Self.readHabits(db) }
    }

    public enum HabitAdded: Sendable, Equatable {
        case added
        /// A habit of that name (ignoring case) exists: it is given back.
        case exists(Habit)
        case full
    }

    public func addHabit(_ habit: Habit) async throws -> HabitAdded {
        try checkWritable()
        return try await writer.write { db in
            if let existing = try Self.habit(named: habit.name, db) { return .exists(existing) }
            guard try Int.fetchOne(db, sql: "SELECT count(*) FROM habit")! < Limits.maxHabits else { return .full }
            try Self.write(habit, db)
            return .added
        }
    }

    /// Forgets a habit and its taps; nil when there is no such habit.
    public func removeHabit(named name: String) async throws -> HabitRemoved? {
        try checkWritable()
        return try await writer.write { db in
            guard let habit = try Self.habit(named: name, db) else { return nil }
            let taps = try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_tap WHERE habit = ?", arguments: [habit.name])!
            try db.execute(sql: "DELETE FROM habit WHERE name = ?", arguments: [habit.name])
            return HabitRemoved(removed: habit, tapsRemoved: taps)
        }
    }

    /// Records a tap of the habit named `name` (ignoring case), worth its minutes times `sign`, on `day`; nil when
    /// there is no such habit.
    public func tap(habit name: String, sign: Int, at: Double, day: LocalDate) async throws -> HabitTap? {
        try checkWritable()
        return try await writer.write { db in
            guard let habit = try Self.habit(named: name, db) else { return nil }
            var tap = HabitTap(id: 0, habit: habit.name, at: at, day: day, minutes: sign * habit.minutes)
            try Self.insert(&tap, db)
            return tap
        }
    }

    /// Takes back the latest tap; nil when there is none.
    public func undoLastTap() async throws -> HabitTap? {
        try checkWritable()
        return try await writer.write { db in
            guard let last = try Self.readTaps(db, sql: "ORDER BY id DESC LIMIT 1").first else { return nil }
            try db.execute(sql: "DELETE FROM habit_tap WHERE id = ?", arguments: [last.id])
            return last
        }
    }

    /// The taps of the days `from` through `through`, oldest first.
    public func taps(from: LocalDate, through: LocalDate) async throws -> [HabitTap] {
        try await writer.read { db in
            try Self.readTaps(db, sql: "WHERE day BETWEEN ? AND ? ORDER BY id", [from.description, through.description])
        }
    }

    /// What the day's taps come to.
    public func bonusMinutes(on day: LocalDate) async throws -> Int {
        try await writer.read { db in try Self.bonusMinutes(on: day, db) }
    }

    /// The day in figures, from the sums the store keeps per day and habit (`habit_day`), so the time does not grow
    /// with the day's taps: the bonus, the taps counted and added up per habit, and the `latest` taps (before tap
    /// `before`, when given), oldest first.
    public func tapDay(_ day: LocalDate, before: Int64? = nil, latest: Int)
        async throws -> (bonusMinutes: Int, tapCount: Int, habits: [HabitTotal], latest: [HabitTap]) {
        try await writer.read { db in
            let totals = try Row.fetchAll(db, sql: """
                SELECT habit, plus, minus, minutes FROM habit_day WHERE day = ? ORDER BY habit
                """, arguments: [day.description]).map {
                HabitTotal(habit: $0["habit"], plus: $0["plus"], minus: $0["minus"], minutes: $0["minutes"])
            }
            let latest = try Self.readTaps(db, sql: "WHERE day = ? AND id < ? ORDER BY id DESC LIMIT ?",
                                           [day.description, before ?? Int64.max, latest])
            return (totals.reduce(0) { $0 + $1.minutes }, totals.reduce(0) { $0 + $1.plus + $1.minus }, totals, latest.reversed())
        }
    }

    static func bonusMinutes(on day: LocalDate, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(minutes), 0) FROM habit_day WHERE day = ?", arguments: [day.description]) ?? 0
    }

    // MARK: The gratitude reminder

    public func reminder() async throws -> DailyReminder? {
        try await writer.read { db in try Self.readReminder(db) }
    }

    /// Keeps the reminder (its time and how far it is dealt with), or with nil forgets it.
    public func setReminder(_ reminder: DailyReminder?) async throws {
        try checkWritable()
        try await writer.write { db in try Self.write(reminder, db) }
    }

    // MARK: Rows (the one reading and writing of these tables, for the store and its recovery alike)

    static func readLife(_ db: Database) throws -> LifeSpan? {
        guard let row = try Row.fetchOne(db, sql: "SELECT birth, years FROM life WHERE id = 1") else { return nil }
        return try LifeSpan(birth: try LocalDate.parse(row["birth"]), years: row["years"])
    }

    static func write(_ life: LifeSpan, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO life (id, birth, years) VALUES (1, ?, ?)",
                       arguments: [life.birth.description, life.years])
    }

    static func readReminder(_ db: Database) throws -> DailyReminder? {
        guard let row = try Row.fetchOne(db, sql: "SELECT time, lookAfter FROM reminder WHERE kind = 'gratitude'") else {
            return nil
        }
        return DailyReminder(time: try TimeOfDay.parse(row["time"]), lookAfter: row["lookAfter"])
    }

    static func write(_ reminder: DailyReminder?, _ db: Database) throws {
        guard let reminder else { return try db.execute(sql: "DELETE FROM reminder WHERE kind = 'gratitude'") }
        try db.execute(sql: "INSERT OR REPLACE INTO reminder (kind, time, lookAfter) VALUES ('gratitude', ?, ?)",
                       arguments: [reminder.time.description, reminder.lookAfter])
    }

    static func readHabits(_ db: Database) throws -> [Habit] {
        try Row.fetchAll(db, sql: "SELECT name, minutes FROM habit ORDER BY position").map {
            Habit(name: $0["name"], minutes: $0["minutes"])
        }
    }

    static func habit(named name: String, _ db: Database) throws -> Habit? {
        try Row.fetchOne(db, sql: "SELECT name, minutes FROM habit WHERE name = ?", arguments: [name]).map {
            Habit(name: $0["name"], minutes: $0["minutes"])
        }
    }

    static func write(_ habit: Habit, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO habit (name, minutes, position) VALUES (?, ?, (SELECT coalesce(max(position), 0) + 1 FROM habit))
            """, arguments: [habit.name, habit.minutes])
    }

    static func readTaps(_ db: Database, sql: String, _ arguments: StatementArguments = []) throws -> [HabitTap] {
        try Row.fetchAll(db, sql: "SELECT id, habit, at, day, minutes FROM habit_tap " + sql, arguments: arguments).map {
            HabitTap(id: $0["id"], habit: $0["habit"], at: $0["at"], day: try LocalDate.parse($0["day"]), minutes: $0["minutes"])
        }
    }

    /// Inserts `tap`, keeping its id when it has one (recovery) and giving it the new one otherwise.
    static func insert(_ tap: inout HabitTap, _ db: Database) throws {
        try db.execute(sql: "INSERT INTO habit_tap (id, habit, at, day, minutes) VALUES (?, ?, ?, ?, ?)",
                       arguments: [tap.id == 0 ? nil : tap.id, tap.habit, tap.at, tap.day.description, tap.minutes])
        tap.id = db.lastInsertedRowID
    }

    /// Schema v6: each day's taps added up per habit (`habit_day`), kept in step by triggers as taps come and go,
    /// so a tap and a day's figures cost the same however often the day was tapped (a sum over the day's taps took
    /// 5 ms at 20,000 of them, and grew with each).
    static func migrateToV6(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE habit_day (
                day TEXT NOT NULL,
                habit TEXT NOT NULL REFERENCES habit (name) ON DELETE CASCADE,
                plus INTEGER NOT NULL,
                minus INTEGER NOT NULL,
                minutes INTEGER NOT NULL,
                PRIMARY KEY (day, habit));
            INSERT INTO habit_day (day, habit, plus, minus, minutes)
                SELECT day, habit, SUM(minutes > 0), SUM(minutes < 0), SUM(minutes) FROM habit_tap GROUP BY day, habit;
            CREATE TRIGGER habit_tap_added AFTER INSERT ON habit_tap BEGIN
                INSERT INTO habit_day (day, habit, plus, minus, minutes)
                    VALUES (new.day, new.habit, new.minutes > 0, new.minutes < 0, new.minutes)
                    ON CONFLICT (day, habit) DO UPDATE SET plus = plus + excluded.plus, minus = minus + excluded.minus,
                                                           minutes = minutes + excluded.minutes;
            END;
            CREATE TRIGGER habit_tap_removed AFTER DELETE ON habit_tap BEGIN
                UPDATE habit_day SET plus = plus - (old.minutes > 0), minus = minus - (old.minutes < 0),
                                     minutes = minutes - old.minutes
                    WHERE day = old.day AND habit = old.habit;
                DELETE FROM habit_day WHERE day = old.day AND habit = old.habit AND plus = 0 AND minus = 0;
            END;
            """)
    }

    /// Schema v5: the life, habits and their taps, the gratitude diary and its full-text index (FTS5, external
    /// content kept in step by triggers, as SQLite's documentation shows), the diary's daily reminder.
    static func migrateToV5(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE life (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                birth TEXT NOT NULL CHECK (length(birth) = 10),
                years INTEGER NOT NULL CHECK (years BETWEEN \(Limits.lifeYears.lowerBound) AND \(Limits.lifeYears.upperBound)));
            CREATE TABLE habit (
                name TEXT PRIMARY KEY COLLATE NOCASE,
                minutes INTEGER NOT NULL CHECK (minutes BETWEEN \(Limits.habitMinutes.lowerBound) AND \(Limits.habitMinutes.upperBound)),
                position INTEGER NOT NULL);
            CREATE TABLE habit_tap (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                habit TEXT NOT NULL REFERENCES habit (name) ON DELETE CASCADE,
                at REAL NOT NULL,
                day TEXT NOT NULL CHECK (length(day) = 10),
                minutes INTEGER NOT NULL);
            CREATE INDEX habit_tap_day ON habit_tap (day);
            CREATE TABLE gratitude (
                day TEXT PRIMARY KEY CHECK (length(day) = 10),
                text TEXT NOT NULL,
                savedAt REAL NOT NULL);
            CREATE TABLE reminder (
                kind TEXT PRIMARY KEY CHECK (kind = 'gratitude'),
                time TEXT NOT NULL,
                lookAfter REAL NOT NULL);
            CREATE VIRTUAL TABLE gratitude_fts USING fts5 (
                text, content = 'gratitude', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2');
            CREATE TRIGGER gratitude_added AFTER INSERT ON gratitude BEGIN
                INSERT INTO gratitude_fts (rowid, text) VALUES (new.rowid, new.text);
            END;
            CREATE TRIGGER gratitude_removed AFTER DELETE ON gratitude BEGIN
                INSERT INTO gratitude_fts (gratitude_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
            END;
            CREATE TRIGGER gratitude_changed AFTER UPDATE ON gratitude BEGIN
                INSERT INTO gratitude_fts (gratitude_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
                INSERT INTO gratitude_fts (rowid, text) VALUES (new.rowid, new.text);
            END;
            """)
    }
}
