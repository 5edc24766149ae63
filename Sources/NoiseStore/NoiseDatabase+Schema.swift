import LifeCalendar
import NoiseCore
import NoiseSQLite

/// The database's schema, one migration history for every store over it: `v1` the alarms, snoozes and missed
/// alarms; `v2` timers, the player's state and saved mixes; `v3` Mars alarms; `v4` pass alarms; `v5` the life
/// calendar and the gratitude diary; `v6` the day's tap sums per habit; `v7` an alarm's date, zone and the mix
/// it starts when dismissed; `v8` the ring an alarm skips; `v9` an alarm's dawn; `v10` the date a paused alarm rings
/// again from.
extension NoiseDatabase {
    /// Shipped migrations are never edited; a change of schema is a new migration. v1 to v4 and v7 are the SQL
    /// GRDB's schema builder wrote for them, word for word, so a new file's schema is the one older files have
    /// (`sqlite_master` keeps the text; a test compares it with a file GRDB made).
    static let migrator: SQLiteMigrator = {
        var migrator = SQLiteMigrator()
        migrator.register("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE "alarm" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "time" TEXT NOT NULL, \
                    "enabled" BOOLEAN NOT NULL DEFAULT 1, "label" TEXT NOT NULL DEFAULT '', \
                    "repeatMask" INTEGER NOT NULL CHECK (("repeatMask" >= 0) AND ("repeatMask" <= 127)) DEFAULT 0, \
                    "sound" TEXT NOT NULL, "volume" DOUBLE NOT NULL CHECK (("volume" >= 0) AND ("volume" <= 100)), \
                    "rampSeconds" DOUBLE NOT NULL CHECK (("rampSeconds" >= 0) AND ("rampSeconds" <= 600)), \
                    "snoozeMinutes" INTEGER NOT NULL CHECK (("snoozeMinutes" >= 1) AND ("snoozeMinutes" <= 60)), \
                    "ringLimitSeconds" DOUBLE NOT NULL CHECK (("ringLimitSeconds" >= 10) AND ("ringLimitSeconds" <= 7200)), \
                    "note" TEXT, "lookAfter" INTEGER NOT NULL, "createdAt" INTEGER NOT NULL);
                    CREATE TABLE "snooze" ("alarmId" INTEGER PRIMARY KEY REFERENCES "alarm"("id") ON DELETE CASCADE, \
                    "ringAt" INTEGER NOT NULL, "trigger" INTEGER NOT NULL);
                    CREATE TABLE "missed" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "alarmId" INTEGER NOT NULL, \
                    "label" TEXT NOT NULL, "trigger" INTEGER NOT NULL, "reason" TEXT NOT NULL, "recordedAt" INTEGER NOT NULL);
                    CREATE INDEX "missed_on_recordedAt" ON "missed"("recordedAt");
                    """)
        }
        migrator.register("v2") { db in try migrateToV2(db) }
        migrator.register("v3") { db in
            // Mars alarms (docs/mars.md). Instants stay seconds; SQLite keeps a Mars trigger's fraction in them as REAL.
            try addColumns(to: "alarm", ["\"marsSite\" TEXT", "\"marsLonEast\" DOUBLE", "\"marsSolar\" BOOLEAN"], db)
        }
        migrator.register("v4") { db in
            // Pass alarms (docs/satellites.md): the satellite and the pass's conditions, all set or none.
            try addColumns(
                to: "alarm",
                [
                    "\"passSatellite\" INTEGER", "\"passVisible\" BOOLEAN", "\"passMinElevation\" DOUBLE",
                    "\"passLeadSeconds\" DOUBLE",
                ], db)
        }
        migrator.register("v5") { db in try migrateToV5(db) }
        migrator.register("v6") { db in try migrateToV6(db) }
        migrator.register("v7") { db in
            // docs/alarms.md: a once alarm's date (YYYY-MM-DD), the IANA zone it rings by, the mix after it.
            try addColumns(to: "alarm", ["\"date\" TEXT", "\"zone\" TEXT", "\"thenMix\" TEXT"], db)
        }
        migrator.register("v8") { db in
            // docs/alarms.md, "Skipping a ring": the instant of the one ring an alarm skips, gone with its alarm.
            try db.execute(
                sql: """
                    CREATE TABLE skip ("alarmId" INTEGER PRIMARY KEY REFERENCES "alarm"("id") ON DELETE CASCADE, \
                    "ringAt" REAL NOT NULL);
                    """)
        }
        migrator.register("v9") { db in
            // docs/alarms.md, "Dawn": seconds of dawn before each ring, up to 2 h (`AlarmDefaults.dawnRange` when this
            // was written: the text stays as shipped); the alarms set before it have none.
            try addColumns(
                to: "alarm",
                [#""dawnSeconds" DOUBLE NOT NULL DEFAULT 0 CHECK (("dawnSeconds" >= 0) AND ("dawnSeconds" <= 7200))"#],
                db)
        }
        migrator.register("v10") { db in
            // docs/alarms.md, "Pausing an alarm": the date (YYYY-MM-DD) an alarm rings again from, gone with its alarm.
            try db.execute(
                sql: """
                    CREATE TABLE pause ("alarmId" INTEGER PRIMARY KEY REFERENCES "alarm"("id") ON DELETE CASCADE, \
                    "until" TEXT NOT NULL CHECK ("until" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'));
                    """)
        }
        migrator.register("v11") { db in
            // docs/alarms.md, "Holidays": whether an alarm passes over the holidays file's days off; none did before.
            try addColumns(
                to: "alarm", [#""skipHolidays" BOOLEAN NOT NULL DEFAULT 0 CHECK ("skipHolidays" IN (0, 1))"#], db)
        }
        migrator.register("v12") { db in
            // docs/alarms.md, "Dawn": the saved mix that crossfades in over an alarm's dawn; none before.
            try addColumns(to: "alarm", [#""dawnMix" TEXT"#], db)
        }
        return migrator
    }()

    /// One `ALTER TABLE … ADD COLUMN` a column, as GRDB's `alter(table:)` wrote them (SQLite appends each
    /// column's text to the table's `CREATE TABLE` in `sqlite_master`).
    private static func addColumns(to table: String, _ columns: [String], _ db: SQLiteConnection) throws {
        for column in columns { try db.execute(sql: "ALTER TABLE \"\(table)\" ADD COLUMN \(column)") }
    }

    /// Schema v2: timers (an alarm's `firesAt`), the player's state and saved mixes.
    private static func migrateToV2(_ db: SQLiteConnection) throws {
        try addColumns(to: "alarm", ["\"firesAt\" INTEGER"], db)
        try db.execute(
            sql: """
                CREATE TABLE "player" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), \
                "masterVolume" DOUBLE NOT NULL CHECK (("masterVolume" >= 0) AND ("masterVolume" <= 100)), \
                "state" TEXT NOT NULL);
                CREATE TABLE "player_sound" ("position" INTEGER PRIMARY KEY, "sound" TEXT NOT NULL, \
                "volume" DOUBLE NOT NULL CHECK (("volume" >= 0) AND ("volume" <= 100)));
                CREATE TABLE "mix" ("name" TEXT PRIMARY KEY NOT NULL);
                CREATE TABLE "mix_sound" ("mix" TEXT NOT NULL REFERENCES "mix"("name") ON DELETE CASCADE, \
                "position" INTEGER NOT NULL, "sound" TEXT NOT NULL, \
                "volume" DOUBLE NOT NULL CHECK (("volume" >= 0) AND ("volume" <= 100)), PRIMARY KEY ("mix", "position"));
                """)
    }

    /// Schema v5: the life, habits and their taps, the gratitude diary and its full-text index (FTS5, external
    /// content kept in step by triggers, as SQLite's documentation shows), the diary's daily reminder.
    private static func migrateToV5(_ db: SQLiteConnection) throws {
        try db.execute(
            sql: """
                CREATE TABLE life (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    birth TEXT NOT NULL CHECK (length(birth) = 10),
                    years INTEGER NOT NULL CHECK (years BETWEEN \(LifeLimits.lifeYears.lowerBound) AND \(LifeLimits.lifeYears.upperBound)));
                CREATE TABLE habit (
                    name TEXT PRIMARY KEY COLLATE NOCASE,
                    minutes INTEGER NOT NULL CHECK (minutes BETWEEN \(LifeLimits.habitMinutes.lowerBound) AND \(LifeLimits.habitMinutes.upperBound)),
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

    /// Schema v6: each day's taps added up per habit (`habit_day`), kept in step by triggers as taps come and go,
    /// so a tap and a day's figures cost the same however often the day was tapped (a sum over the day's taps took
    /// 5 ms at 20,000 of them, and grew with each).
    private static func migrateToV6(_ db: SQLiteConnection) throws {
        try db.execute(
            sql: """
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
}
