import Foundation
import NoiseSQLite
import Testing

@testable import LifeCalendar
@testable import NoiseAlarms
@testable import NoiseCatalog
@testable import NoiseCore
@testable import NoiseStore
@testable import NoiseTime

/// A store written by the GRDB-based noised opens as it was: nothing migrated again, every row kept, each value in
/// the storage class GRDB gave it, and what this code writes back is stored the same way.
///
/// `Fixtures/grdb-v7.sqlite` was made by the last GRDB-based noised (commit 9bff769) with noisectl, on the real
/// socket: weekday, dated, zoned, Mars (a site's and a longitude's), pass and `--then` alarms, one disabled, one
/// removed, one snoozed and one missed, the player paused on a three-sound mix, two saved mixes, a birth date,
/// three habits with taps and an undo, three diary entries (one imported, with a newline and quotes) and the
/// diary's reminder; then noised was stopped with SIGTERM, which folded the WAL into the file.
@Suite("A store GRDB wrote")
struct GRDBFileTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/grdb-v7.sqlite").path
    static let tables = [
        "alarm", "snooze", "missed", "player", "player_sound", "mix", "mix_sound", "life", "habit", "habit_tap",
        "habit_day", "gratitude", "reminder", "sqlite_sequence", "grdb_migrations",
    ]
    /// What the migrations after GRDB's add: `v8`, the ring an alarm skips, and `v10`, the date a paused alarm rings
    /// again from (their tables' text as `sqlite_master` keeps it); `v9`, an alarm's dawn, `v11`, whether it skips
    /// holidays, and `v12`, the dawn's mix, columns at the end of the alarm table, 0 or null in every row (read as the
    /// real and the integer their affinities make of the defaults); and their rows in `grdb_migrations`, kept as
    /// GRDB's migrator keeps them.
    static let addedSchema = [
        #"table skip: CREATE TABLE skip ("alarmId" INTEGER PRIMARY KEY REFERENCES "alarm"("id") ON DELETE CASCADE, "ringAt" REAL NOT NULL)"#,
        #"table pause: CREATE TABLE pause ("alarmId" INTEGER PRIMARY KEY REFERENCES "alarm"("id") ON DELETE CASCADE, "until" TEXT NOT NULL CHECK ("until" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'))"#,
    ]
    static let dawnColumn =
        #""dawnSeconds" DOUBLE NOT NULL DEFAULT 0 CHECK (("dawnSeconds" >= 0) AND ("dawnSeconds" <= 7200))"#
    static let holidaysColumn = #""skipHolidays" BOOLEAN NOT NULL DEFAULT 0 CHECK ("skipHolidays" IN (0, 1))"#
    static let addedMigrations: [[SQLiteValue]] = [
        [.text("v8")], [.text("v9")], [.text("v10")], [.text("v11")], [.text("v12")],
    ]

    /// GRDB's schema as the later migrations leave it.
    static func migrated(schema: [String]) -> [String] {
        let widened = schema.map {
            $0.hasPrefix("table alarm: ")
                ? String($0.dropLast()) + ", " + dawnColumn + ", " + holidaysColumn + #", "dawnMix" TEXT)"# : $0
        }
        return (widened + addedSchema).sorted()
    }

    /// GRDB's rows as the later migrations leave them (without their own rows in `grdb_migrations`).
    static func migrated(rows: [String: [[SQLiteValue]]]) -> [String: [[SQLiteValue]]] {
        var rows = rows
        rows["alarm"] = rows["alarm"]?.map { $0 + [.real(0), .integer(0), .null] }
        return rows
    }

    /// A copy of the fixture in a folder of its own: the fixture itself is never opened.
    func copy() throws -> (folder: URL, path: String) {
        let (folder, path) = temporaryStore("grdb")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: path)
        return (folder, path)
    }

    /// Rows in the stable order `contents(of:)` reads them in (by their text: `v10` comes before `v2`).
    static func inReadOrder(_ rows: [[SQLiteValue]]) -> [[SQLiteValue]] { rows.sorted { "\($0)" < "\($1)" } }

    /// Every row of every table, each value with its storage class, in a stable order; and the schema's text.
    func contents(of path: String) throws -> (rows: [String: [[SQLiteValue]]], schema: [String]) {
        let db = try SQLiteConnection(path: path)
        defer { try? db.close() }
        var rows: [String: [[SQLiteValue]]] = [:]
        for table in Self.tables {
            rows[table] = Self.inReadOrder(try db.fetchAll(sql: "SELECT * FROM \(table)").map(\.values))
        }
        let schema = try db.fetchValues(
            String.self, sql: "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master WHERE sql IS NOT NULL")
        return (rows, schema.sorted())
    }

    @Test func everyRowIsReadAndNothingIsMigratedAgain() async throws {
        let (folder, path) = try copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try contents(of: path)
        #expect(before.rows["grdb_migrations"]?.count == 7 && before.rows["alarm"]?.count == 10)

        let database = NoiseDatabase.openChecked(path: path)
        #expect(database.readOnlyReason == nil && !database.damaged && database.check().sound)
        let snapshot = try await AlarmStore(database).snapshot()
        #expect(snapshot.alarms.map(\.id) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12])
        #expect(snapshot.alarms.map(\.label).prefix(2) == ["Work", "Früh ☀"])
        #expect(snapshot.alarms[0].note == "coffee" && snapshot.alarms[0].volume == 55.5)
        #expect(AlarmRuleFields(snapshot.alarms[1].rule).zone == "Europe/Berlin")
        #expect(AlarmRuleFields(snapshot.alarms[4].rule).mars?.site == "perseverance")
        #expect(AlarmRuleFields(snapshot.alarms[5].rule).mars?.solar == true)
        #expect(AlarmRuleFields(snapshot.alarms[8].rule).pass?.minElevationDeg == 25)
        #expect(snapshot.alarms[9].thenMix == "night" && !snapshot.alarms[7].enabled)
        #expect(snapshot.snoozes.keys.sorted() == [7])
        #expect(try await AlarmStore(database).missed().map(\.alarmId) == [8])
        #expect(try await AlarmStore(database).reminder()?.time == TimeOfDay(hour: 21, minute: 30))
        let playback = try #require(try await PlaybackStore(database).playback())
        #expect(playback.state == .paused && playback.masterVolume == 73 && playback.lastMix.count == 3)
        #expect(try await PlaybackStore(database).mixes().map(\.name) == ["calm", "night"])
        let life = LifeStore(database)
        #expect(try await life.life() == LifeSpan(birth: LocalDate.parse("1990-05-17"), years: 85))
        #expect(try await life.habits().map(\.name) == ["read", "late snack", "walk"])
        #expect(try await life.bonusMinutes(on: LocalDate.parse("2026-12-07")) == 20)
        #expect(try await life.entries(since: nil).count == 3)
        #expect(try await life.search(words: "grate").matches.map(\.entry.text) == ["Grateful for the rain"])
        try database.close()

        let after = try contents(of: path)
        #expect(after.schema == Self.migrated(schema: before.schema), "no migration ran again, v8 to v12 ran once")
        var rows = Self.migrated(rows: before.rows)
        rows["grdb_migrations"] = Self.inReadOrder((rows["grdb_migrations"] ?? []) + Self.addedMigrations)
        #expect(after.rows == rows, "every row as it was")
    }

    /// Each alarm, the player's state, a mix, the life and the reminder written back with the values read: the
    /// rows are the same, each value in the class GRDB stored (a Bool 0 or 1, a Double a real, an Int an integer).
    @Test func whatIsWrittenBackIsStoredAsGRDBStoredIt() async throws {
        let (folder, path) = try copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try contents(of: path)
        let database = try NoiseDatabase.open(path: path)
        let alarms = AlarmStore(database)
        let snapshot = try await alarms.snapshot()
        for alarm in snapshot.alarms {
            #expect(try await alarms.update(alarm, lookAfter: snapshot.lookAfter[alarm.id]!))
        }
        try await alarms.setReminder(try await alarms.reminder())
        let player = PlaybackStore(database)
        try await player.savePlayback(try #require(try await player.playback()))
        for mix in try await player.mixes() { #expect(try await player.saveMix(mix)) }
        let life = LifeStore(database)
        try await life.setLife(try #require(try await life.life()))
        try database.close()
        var after = try contents(of: path)
        after.rows["grdb_migrations"]?.removeAll { Self.addedMigrations.contains($0) }
        #expect(after.rows == Self.migrated(rows: before.rows))
        #expect(after.schema == Self.migrated(schema: before.schema))
    }

    /// A new store's schema is, word for word, the one GRDB made, with the same migrations recorded, and what came
    /// after it.
    @Test func aNewStoreHasTheSchemaGRDBMade() async throws {
        let (folder, grdbPath) = try copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("fresh.sqlite").path
        try NoiseDatabase.open(path: path).close()
        let fresh = try contents(of: path)
        let grdb = try contents(of: grdbPath)
        #expect(fresh.schema == Self.migrated(schema: grdb.schema))
        let expected = Self.inReadOrder((grdb.rows["grdb_migrations"] ?? []) + Self.addedMigrations)
        #expect(fresh.rows["grdb_migrations"] == expected)
    }
}
