import GRDB
import LifeCalendar
import NoiseCore

/// The database's schema, one migration history for every store over it: `v1` the alarms, snoozes and missed
/// alarms; `v2` timers, the player's state and saved mixes; `v3` Mars alarms; `v4` pass alarms; `v5` the life
/// calendar and the gratitude diary; `v6` the day's tap sums per habit; `v7` an alarm's date, zone and the mix
/// it starts when dismissed.
extension NoiseDatabase {
    /// Shipped migrations are never edited; a change of schema is a new migration.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "alarm") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("time", .text).notNull()
                table.column("enabled", .boolean).notNull().defaults(to: true)
                table.column("label", .text).notNull().defaults(to: "")
                table.column("repeatMask", .integer).notNull().defaults(to: 0).check { $0 >= 0 && $0 <= 127 }
                table.column("sound", .text).notNull()
                table.column("volume", .double).notNull().check { $0 >= 0 && $0 <= 100 }
                table.column("rampSeconds", .double).notNull().check { $0 >= 0 && $0 <= 600 }
                table.column("snoozeMinutes", .integer).notNull().check { $0 >= 1 && $0 <= 60 }
                table.column("ringLimitSeconds", .double).notNull().check { $0 >= 10 && $0 <= 7200 }
                table.column("note", .text)
                table.column("lookAfter", .integer).notNull()
                table.column("createdAt", .integer).notNull()
            }
            try db.create(table: "snooze") { table in
                table.primaryKey("alarmId", .integer).references("alarm", onDelete: .cascade)
                table.column("ringAt", .integer).notNull()
                table.column("trigger", .integer).notNull()
            }
            try db.create(table: "missed") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("alarmId", .integer).notNull()
                table.column("label", .text).notNull()
                table.column("trigger", .integer).notNull()
                table.column("reason", .text).notNull()
                table.column("recordedAt", .integer).notNull().indexed()
            }
        }
        migrator.registerMigration("v2") { db in try migrateToV2(db) }
        migrator.registerMigration("v3") { db in
            // Mars alarms (docs/mars.md). Instants stay seconds; SQLite keeps a Mars trigger's fraction in them as REAL.
            try db.alter(table: "alarm") { table in
                table.add(column: "marsSite", .text)
                table.add(column: "marsLonEast", .double)
                table.add(column: "marsSolar", .boolean)
            }
        }
        migrator.registerMigration("v4") { db in
            // Pass alarms (docs/satellites.md): the satellite and the pass's conditions, all set or none.
            try db.alter(table: "alarm") { table in
                table.add(column: "passSatellite", .integer)
                table.add(column: "passVisible", .boolean)
                table.add(column: "passMinElevation", .double)
                table.add(column: "passLeadSeconds", .double)
            }
        }
        migrator.registerMigration("v5") { db in try migrateToV5(db) }
        migrator.registerMigration("v6") { db in try migrateToV6(db) }
        migrator.registerMigration("v7") { db in
            // docs/alarms.md: a once alarm's date (YYYY-MM-DD), the IANA zone it rings by, the mix after it.
            try db.alter(table: "alarm") { table in
                table.add(column: "date", .text)
                table.add(column: "zone", .text)
                table.add(column: "thenMix", .text)
            }
        }
        return migrator
    }

    /// Schema v2: timers (an alarm's `firesAt`), the player's state and saved mixes.
    private static func migrateToV2(_ db: Database) throws {
        try db.alter(table: "alarm") { table in table.add(column: "firesAt", .integer) }
        try db.create(table: "player") { table in
            table.primaryKey("id", .integer).check { $0 == 1 }
            table.column("masterVolume", .double).notNull().check { $0 >= 0 && $0 <= 100 }
            table.column("state", .text).notNull()
        }
        try db.create(table: "player_sound") { table in
            table.primaryKey("position", .integer)
            table.column("sound", .text).notNull()
            table.column("volume", .double).notNull().check { $0 >= 0 && $0 <= 100 }
        }
        try db.create(table: "mix") { table in
            table.primaryKey("name", .text)
        }
        try db.create(table: "mix_sound") { table in
            table.column("mix", .text).notNull().references("mix", onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("sound", .text).notNull()
            table.column("volume", .double).notNull().check { $0 >= 0 && $0 <= 100 }
            table.primaryKey(["mix", "position"])
        }
    }

    /// Schema v5: the life, habits and their taps, the gratitude diary and its full-text index (FTS5, external
    /// content kept in step by triggers, as SQLite's documentation shows), the diary's daily reminder.
    private static func migrateToV5(_ db: Database) throws {
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
    private static func migrateToV6(_ db: Database) throws {
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
