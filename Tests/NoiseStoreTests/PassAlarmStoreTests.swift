import Foundation
import NoiseSQLite
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

/// The v4 migration (pass alarms): a v3 store upgrades in place; a pass alarm's conditions survive reopening; a
/// damaged pass row is refused with the reason.
@Suite("Alarm store, pass alarms")
struct PassAlarmStoreTests {
    @Test func aVersion3StoreWithAMarsAlarmUpgradesInPlace() async throws {
        let (folder, path) = temporaryStore("pass")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let db = try SQLiteConnection(path: path)
            try NoiseDatabase.migrator.migrate(db, upTo: "v3")
            do {
                try db.execute(
                    sql: """
                        INSERT INTO alarm (id, time, enabled, label, repeatMask, sound, volume, rampSeconds, snoozeMinutes,
                                           ringLimitSeconds, note, lookAfter, createdAt, marsSite, marsLonEast, marsSolar)
                        VALUES (2, '07:00', 1, '', 127, 'classic', 80, 30, 9, 600, NULL, 1795000000.5, 1794000000,
                                'perseverance', 77.4508, 0)
                        """)
            }
        }
        let snapshot = try await AlarmStore(try .open(path: path)).snapshot()
        #expect(snapshot.alarms.map { AlarmRuleFields($0.rule).mars?.site } == ["perseverance"])
        #expect(snapshot.alarms.map(\.pass) == [nil])
        #expect(snapshot.lookAfter == [2: 1_795_000_000.5])
    }

    @Test func aPassAlarmSurvivesReopening() async throws {
        let (folder, path) = temporaryStore("pass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pass = PassAlarm(satellite: 25544, visibleOnly: true, minElevationDeg: 30, leadSeconds: 420)
        let stored: Alarm
        do {
            let store = AlarmStore(try .open(path: path))
            stored = try await store.insert(
                Alarm(id: 0, rule: .satellitePass(pass), label: "ISS"), lookAfter: 1_795_996_800)
        }
        let snapshot = try await AlarmStore(try .open(path: path)).snapshot()
        #expect(snapshot.alarms == [stored])
        #expect(snapshot.alarms.first?.pass == pass)
    }

    @Test func aPassRowWithAMissingConditionOrAnImpossibleHeightIsRefusedWithWhy() throws {
        let db = try SQLiteConnection.inMemory()
        try NoiseDatabase.migrator.migrate(db)
        do {
            try db.execute(
                sql: """
                    INSERT INTO alarm (id, time, repeatMask, sound, volume, rampSeconds, snoozeMinutes, ringLimitSeconds,
                                       lookAfter, createdAt, passSatellite, passVisible, passMinElevation, passLeadSeconds)
                    VALUES (1, '00:00', 127, 'classic', 80, 30, 9, 600, 0, 0, 25544, 1, NULL, 300),
                           (2, '00:00', 127, 'classic', 80, 30, 9, 600, 0, 0, 25544, 0, 95, 300)
                    """)
        }
        let rows = try db.fetchAll(sql: "SELECT * FROM alarm ORDER BY id")
        #expect(throws: StoredRowProblem.self) { try AlarmRecord.decode(rows[0]) }
        do { _ = try AlarmRecord.decode(rows[0]) } catch { #expect(error.reason.contains("passMinElevation")) }
        #expect(throws: StoredRowProblem.self) { try AlarmRecord.decode(rows[1]) }
        do { _ = try AlarmRecord.decode(rows[1]) } catch {
            #expect(error.reason.contains("min-elevation must be 0 to 90"))
        }
    }
}
