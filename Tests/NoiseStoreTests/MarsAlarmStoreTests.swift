import Foundation
import NoiseSQLite
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

/// The v3 migration (Mars alarms): old stores upgrade in place; a Mars alarm and its fractional instants survive.
@Suite("Alarm store, Mars alarms")
struct MarsAlarmStoreTests {
    @Test func aVersion2StoreUpgradesInPlaceAndKeepsItsAlarms() async throws {
        let (folder, path) = temporaryStore("mars")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            // A store as the previous release left it: migrated up to v2, one alarm and its snooze.
            let db = try SQLiteConnection(path: path)
            try NoiseDatabase.migrator.migrate(db, upTo: "v2")
            do {
                try db.execute(
                    sql: """
                        INSERT INTO alarm (id, time, enabled, label, repeatMask, sound, volume, rampSeconds, snoozeMinutes,
                                           ringLimitSeconds, note, lookAfter, createdAt)
                        VALUES (4, '06:30', 1, 'Work', 31, 'classic', 80, 30, 9, 600, NULL, 1795000000, 1794000000)
                        """)
                try db.execute(sql: "INSERT INTO snooze (alarmId, ringAt, trigger) VALUES (4, 1795000540, 1795000000)")
            }
        }
        let database = try NoiseDatabase.open(path: path)
        let snapshot = try await AlarmStore(database).snapshot()
        #expect(
            snapshot.alarms == [Alarm(id: 4, time: TimeOfDay(hour: 6, minute: 30), label: "Work", repeat: .weekdays)])
        #expect(snapshot.lookAfter == [4: 1_795_000_000])
        #expect(snapshot.snoozes[4] == AlarmSchedule.Snooze(ringAt: 1_795_000_540, trigger: 1_795_000_000))
        #expect(database.check().integrity == ["ok"])
    }

    @Test func aMarsAlarmAndItsMillisecondsSurviveReopening() async throws {
        let (folder, path) = temporaryStore("mars")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mars = Alarm(
            id: 0,
            rule: .marsClock(
                TimeOfDay(hour: 7, minute: 0),
                MarsAlarmClock(site: "perseverance", lonEastDeg: 77.4508, solar: true), everySol: true))
        let stored: Alarm
        do {
            let store = AlarmStore(try .open(path: path))
            stored = try await store.insert(mars, lookAfter: 1_795_996_800.25)
            try await store.record(
                [
                    .persistLookAfter(alarmID: stored.id, instant: 1_796_040_123.437),
                    .missed(alarmID: stored.id, trigger: 1_796_040_123.437, reason: .late),
                ],
                labels: [:], now: 1_796_040_200)
        }
        let reopened = AlarmStore(try .open(path: path))
        let snapshot = try await reopened.snapshot()
        #expect(snapshot.alarms == [stored] && AlarmRuleFields(stored.rule).mars?.solar == true)
        #expect(snapshot.lookAfter[stored.id] == 1_796_040_123.437)
        #expect(try await reopened.missed(limit: 10).map(\.trigger) == [1_796_040_123.437])
    }

    @Test func aMarsRowWithAnImpossibleLongitudeOrRepeatIsRefusedWithWhy() throws {
        let db = try SQLiteConnection.inMemory()
        try NoiseDatabase.migrator.migrate(db)
        do {
            try db.execute(
                sql: """
                    INSERT INTO alarm (id, time, repeatMask, sound, volume, rampSeconds, snoozeMinutes, ringLimitSeconds,
                                       lookAfter, createdAt, marsSite, marsLonEast, marsSolar)
                    VALUES (1, '07:00', 127, 'classic', 80, 30, 9, 600, 0, 0, NULL, 400, 0),
                           (2, '07:00', 31, 'classic', 80, 30, 9, 600, 0, 0, 'perseverance', 77.45, 0)
                    """)
        }
        let rows = try db.fetchAll(sql: "SELECT * FROM alarm ORDER BY id")
        #expect(throws: StoredRowProblem.self) { try AlarmRecord.decode(rows[0]) }
        do { _ = try AlarmRecord.decode(rows[0]) } catch { #expect(error.reason.contains("marsLonEast is 400")) }
        do { _ = try AlarmRecord.decode(rows[1]) } catch { #expect(error.reason.contains("once or every sol")) }
        #expect(throws: StoredRowProblem.self) { try AlarmRecord.decode(rows[1]) }
    }
}
