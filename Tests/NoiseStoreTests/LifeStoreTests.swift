import Foundation
import NoiseSQLite
import Testing

@testable import LifeCalendar
@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore
@testable import NoiseTime

/// The v5 migration (the life calendar): a v4 store upgrades in place; habits, taps and the diary with its
/// full-text index; export and import round trips; the data survives a damaged file's rebuild.
@Suite("Life store")
struct LifeStoreTests {
    let day = try! LocalDate.parse("2026-11-27")

    func saved(_ written: LifeStore.EntryWritten) throws -> GratitudeSaved {
        guard case .saved(let saved) = written else { throw CancellationError() }
        return saved
    }

    @Test func aVersion4StoreWithAPassAlarmUpgradesInPlace() async throws {
        let (folder, path) = temporaryStore("life")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let db = try SQLiteConnection(path: path)
            try NoiseDatabase.migrator.migrate(db, upTo: "v4")
            do {
                try db.execute(
                    sql: """
                        INSERT INTO alarm (id, time, enabled, label, repeatMask, sound, volume, rampSeconds, snoozeMinutes,
                                           ringLimitSeconds, note, lookAfter, createdAt, passSatellite, passVisible,
                                           passMinElevation, passLeadSeconds)
                        VALUES (3, '00:00', 1, 'ISS', 127, 'classic', 80, 30, 9, 600, NULL, 1795000000, 1794000000,
                                25544, 1, 30, 300)
                        """)
            }
        }
        let database = try NoiseDatabase.open(path: path)
        let store = LifeStore(database)
        #expect(try await AlarmStore(database).snapshot().alarms.map(\.pass?.satellite) == [25544])
        #expect(try await store.life() == nil && database.check().sound)
        try await store.setLife(LifeSpan(birth: LocalDate.parse("1990-01-01"), years: 85))
        #expect(try await store.life() == LifeSpan(birth: LocalDate.parse("1990-01-01"), years: 85))
    }

    @Test func habitsAreMatchedIgnoringCaseAndTheirTapsGoWithThem() async throws {
        let store = LifeStore(try .inMemory())
        #expect(try await store.addHabit(Habit(name: "Reading", minutes: 15)) == .added)
        #expect(
            try await store.addHabit(Habit(name: "reading", minutes: 5)) == .exists(Habit(name: "Reading", minutes: 15))
        )
        #expect(try await store.addHabit(Habit(name: "Scrolling", minutes: 10)) == .added)
        let plus = try #require(try await store.tap(habit: "READING", sign: 1, at: 100, day: day))
        #expect(plus.habit == "Reading" && plus.minutes == 15 && plus.day == day)
        _ = try await store.tap(habit: "scrolling", sign: -1, at: 101, day: day)
        #expect(try await store.tap(habit: "nope", sign: 1, at: 102, day: day) == nil)
        #expect(try await store.taps(from: day, through: day).map(\.minutes) == [15, -10])
        #expect(try await store.undoLastTap()?.habit == "Scrolling")
        #expect(try await store.taps(from: day, through: day).map(\.minutes) == [15])
        #expect(
            try await store.removeHabit(named: "reading")
                == HabitRemoved(removed: Habit(name: "Reading", minutes: 15), tapsRemoved: 1))
        #expect(try await store.taps(from: day, through: day).isEmpty)
        #expect(try await store.undoLastTap() == nil)
        #expect(try await store.habits() == [Habit(name: "Scrolling", minutes: 10)])
        for index in 1..<LifeLimits.maxHabits { _ = try await store.addHabit(Habit(name: "h\(index)", minutes: 1)) }
        #expect(try await store.addHabit(Habit(name: "one more", minutes: 1)) == .full)
    }

    @Test func aDayHasOneEntryReplacedOrAppendedToOnlyWhenAsked() async throws {
        let store = LifeStore(try .inMemory())
        let first = try saved(try await store.writeEntry("The walk", day: day, at: 10, mode: .new))
        #expect(first.action == "new" && first.entry == GratitudeEntry(date: day, text: "The walk", savedAt: 10))
        #expect(try await store.writeEntry("Other", day: day, at: 11, mode: .new) == .exists(first.entry))
        #expect(
            try saved(try await store.writeEntry("and tea", day: day, at: 12, mode: .append)).entry.text
                == "The walk\nand tea")
        #expect(try saved(try await store.writeEntry("Rain", day: day, at: 13, mode: .replace)).action == "replace")
        #expect(try await store.entry(for: day) == GratitudeEntry(date: day, text: "Rain", savedAt: 13))
        let long = String(repeating: "x", count: LifeLimits.maxGratitudeBytes - 2)
        #expect(
            try await store.writeEntry(long, day: day, at: 14, mode: .append)
                == .tooLong(
                    "an entry is at most \(LifeLimits.maxGratitudeBytes) bytes, got \(LifeLimits.maxGratitudeBytes + 3)"
                ))
        #expect(try await store.entry(for: day)?.text == "Rain", "a refused append changes nothing")
    }

    @Test func searchFindsWordsByPrefixIgnoringCaseAndAccentsAndFollowsChanges() async throws {
        let store = LifeStore(try .inMemory())
        _ = try await store.writeEntry("Grateful for the CAFÉ by the river", day: day, at: 1, mode: .new)
        _ = try await store.writeEntry("A quiet evening", day: day.adding(days: -1), at: 2, mode: .new)
        #expect(try await store.search(words: "cafe").matches.map(\.entry.date) == [day])
        #expect(try await store.search(words: "grate riv").matches.first?.snippet.contains("[Grateful]") == true)
        #expect(try await store.search(words: "river evening").matches.isEmpty, "every word must appear")
        // The user's words are words, not FTS5 syntax.
        for words in ["\"", "quiet OR", "NEAR(", "*", "a:b", "-quiet"] {
            _ = try await store.search(words: words)
        }
        #expect(try await store.search(words: "-quiet").matches.count == 1)
        #expect(try await store.search(words: "\"").matches.isEmpty)
        _ = try await store.writeEntry("Snow", day: day, at: 3, mode: .replace)
        #expect(try await store.search(words: "river").matches.isEmpty, "the old text left the index")
        #expect(try await store.search(words: "snow").matches.count == 1)
    }

    @Test func exportImportRoundTripsAndImportingTwiceChangesNothing() async throws {
        let source = LifeStore(try .inMemory())
        for offset in 0..<30 {
            _ = try await source.writeEntry(
                "Day \(offset): \"quotes\", commas\nand lines", day: day.adding(days: Int64(-offset)),
                at: 1_795_000_000 + Double(offset), mode: .new)
        }
        let exported = try await source.entries(since: nil)
        #expect(exported.count == 30 && exported.first!.date < exported.last!.date)
        let json = try JSONCoding.line(exported)
        let read = try JSONCoding.decode([GratitudeEntry].self, from: json)
        #expect(read == exported)
        let target = LifeStore(try .inMemory())
        #expect(try await target.importEntries(read) == GratitudeImported(added: 30))
        #expect(try await target.entries(since: nil) == exported)
        #expect(try await target.importEntries(read) == GratitudeImported(unchanged: 30))
        // An older copy of an entry never overwrites newer writing; a newer one does.
        _ = try await target.writeEntry("Rewritten", day: day, at: 1_796_000_000, mode: .replace)
        #expect(try await target.importEntries(read) == GratitudeImported(unchanged: 29, kept: 1))
        var newer = read[29]
        newer.text = "From the other machine"
        newer.savedAt = 1_797_000_000
        #expect(try await target.importEntries([newer]) == GratitudeImported(replaced: 1))
        #expect(try await target.entries(since: day).map(\.text) == ["From the other machine"])
        #expect(try await target.search(words: "machine").matches.count == 1)
    }

    @Test func aRebuiltStoreKeepsTheLifeHabitsTapsAndDiary() async throws {
        let (folder, path) = temporaryStore("life")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writable = try NoiseDatabase.open(path: path)
        let alarms = AlarmStore(writable)
        let written = LifeStore(writable)
        _ = try await alarms.insert(Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0)), lookAfter: 100)
        _ = try await alarms.insert(Alarm(id: 0, time: TimeOfDay(hour: 8, minute: 0)), lookAfter: 100)
        let life = try LifeSpan(birth: LocalDate.parse("1990-01-01"), years: 80)
        try await written.setLife(life)
        _ = try await written.addHabit(Habit(name: "Reading", minutes: 15))
        let tap = try await written.tap(habit: "Reading", sign: 1, at: 100, day: day)
        _ = try await written.writeEntry("The river", day: day, at: 100, mode: .new)
        let reminder = DailyReminder(time: TimeOfDay(hour: 21, minute: 30), lookAfter: 123.5)
        try await alarms.setReminder(reminder)
        try writable.close()
        let damage = try SQLiteConnection(path: path)
        try damage.execute(sql: "UPDATE alarm SET time = 'garbage' WHERE id = 2")
        try damage.close()

        let database = NoiseDatabase.openChecked(path: path, now: 0)
        let store = LifeStore(database)
        #expect(database.damaged)
        #expect(try await store.life() == life, "served read-only from memory")
        #expect(try database.rebuild(lookAfter: [:], snoozes: [:]).recovered)
        #expect(try await store.life() == life)
        #expect(try await store.habits() == [Habit(name: "Reading", minutes: 15)])
        #expect(try await store.taps(from: day, through: day) == [tap!])
        #expect(try await store.search(words: "river").matches.map(\.entry.text) == ["The river"])
        #expect(
            try await store.addHabit(Habit(name: "Walking", minutes: 20)) == .added,
            "the same store writes to the rebuilt file")
        let rebuiltAlarms = AlarmStore(database)
        #expect(try await rebuiltAlarms.reminder() == reminder)
        try await rebuiltAlarms.setReminder(nil)
        #expect(try await rebuiltAlarms.reminder() == nil)
        try database.close()
    }
}

/// The day's figures come from SQL's sums, and long lists come in pages.
@Suite("Life store, in pages")
struct LifeStorePageTests {
    let day = try! LocalDate.parse("2026-11-27")

    @Test func aDayIsSummedPerHabitWithItsLatestTapsOnly() async throws {
        let store = LifeStore(try .inMemory())
        _ = try await store.addHabit(Habit(name: "Reading", minutes: 15))
        _ = try await store.addHabit(Habit(name: "Scrolling", minutes: 10))
        for index in 0..<30 { _ = try await store.tap(habit: "reading", sign: 1, at: Double(index), day: day) }
        for index in 0..<4 { _ = try await store.tap(habit: "scrolling", sign: -1, at: Double(100 + index), day: day) }
        _ = try await store.tap(habit: "reading", sign: -1, at: 200, day: day)
        _ = try await store.tap(habit: "reading", sign: 1, at: 300, day: day.adding(days: 1))
        let read = try await store.tapDay(day, latest: 3)
        #expect(read.bonusMinutes == 29 * 15 - 40)
        #expect(read.tapCount == 35)
        #expect(
            read.habits == [
                HabitTotal(habit: "Reading", plus: 30, minus: 1, minutes: 29 * 15),
                HabitTotal(habit: "Scrolling", plus: 0, minus: 4, minutes: -40),
            ])
        #expect(read.latest.map(\.at) == [102, 103, 200])
        // Paging back from the oldest of those.
        let before = try await store.tapDay(day, before: read.latest[0].id, latest: 3)
        #expect(before.latest.map(\.at) == [29, 100, 101])
        #expect(try await store.bonusMinutes(on: day) == read.bonusMinutes)
        #expect(try await store.bonusMinutes(on: day.adding(days: 2)) == 0)
    }

    @Test func entriesComeInPagesAfterTheLastDateOfThePageBefore() async throws {
        let store = LifeStore(try .inMemory())
        var days: [LocalDate] = []
        for index in 0..<7 {
            let date = day.adding(days: Int64(-index))
            days.append(date)
            _ = try await store.writeEntry("Day \(index)", day: date, at: 1000, mode: .new)
        }
        days.sort()
        var read: [LocalDate] = []
        var after: LocalDate?
        while true {
            let page = try await store.entries(since: nil, after: after, limit: 3)
            read += page.map(\.date)
            guard page.count == 3 else { break }
            after = page.last?.date
        }
        #expect(read == days)
        #expect(try await store.entries(since: days[2], after: days[3], limit: 10).map(\.date) == Array(days[4...]))
    }

    @Test func theDaysSumsFollowUndoAndRemovalAndAreMadeForAVersion5Store() async throws {
        let (folder, path) = temporaryStore("habit-day")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let db = try SQLiteConnection(path: path)
            try NoiseDatabase.migrator.migrate(db, upTo: "v5")
            do {
                try db.execute(
                    sql: """
                        INSERT INTO habit (name, minutes, position) VALUES ('Reading', 15, 0), ('Scrolling', 10, 1);
                        INSERT INTO habit_tap (habit, at, day, minutes) VALUES ('Reading', 1, '2026-11-27', 15),
                            ('Reading', 2, '2026-11-27', 15), ('Scrolling', 3, '2026-11-27', -10), ('Reading', 4, '2026-11-26', -15);
                        """)
            }
            try db.close()
        }
        let database = try NoiseDatabase.open(path: path)
        let store = LifeStore(database)
        var read = try await store.tapDay(day, latest: 10)
        #expect(read.bonusMinutes == 20 && read.tapCount == 3)
        #expect(
            read.habits == [
                HabitTotal(habit: "Reading", plus: 2, minus: 0, minutes: 30),
                HabitTotal(habit: "Scrolling", plus: 0, minus: 1, minutes: -10),
            ])
        _ = try await store.tap(habit: "scrolling", sign: 1, at: 5, day: day)
        #expect(try await store.undoLastTap()?.minutes == 10)
        #expect(
            try await store.tapDay(day, latest: 10).habits.last
                == HabitTotal(habit: "Scrolling", plus: 0, minus: 1, minutes: -10))
        _ = try await store.removeHabit(named: "scrolling")
        read = try await store.tapDay(day, latest: 10)
        #expect(read.habits.map(\.habit) == ["Reading"] && read.bonusMinutes == 30)
        #expect(try await store.bonusMinutes(on: day.adding(days: -1)) == -15)
        #expect(database.check().sound)
    }
}
