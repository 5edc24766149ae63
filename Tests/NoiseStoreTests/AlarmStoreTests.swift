import Foundation
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

@Suite("Alarm store")
struct AlarmStoreTests {
    let alarm = Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays, note: "bring keys")

    @Test func insertAssignsStableIncreasingIds() async throws {
        let store = AlarmStore(try .inMemory())
        let first = try await store.insert(alarm, lookAfter: 100)
        let second = try await store.insert(alarm, lookAfter: 100)
        #expect(first.id == 1)
        #expect(second.id == 2)
        try await store.delete(id: 2)
        let third = try await store.insert(alarm, lookAfter: 100)
        #expect(third.id == 3, "ids are never reused")
        let snapshot = try await store.snapshot()
        #expect(snapshot.alarms.map(\.id).sorted() == [1, 3])
        #expect(snapshot.alarms.first { $0.id == 1 } == first)
        #expect(snapshot.lookAfter[1] == 100)
    }

    @Test func updateReplacesSettingsAndReportsMissingAlarms() async throws {
        let store = AlarmStore(try .inMemory())
        var stored = try await store.insert(alarm, lookAfter: 100)
        stored.rule = .wallClock(
            TimeOfDay(hour: 6, minute: 45, second: 30), try RepeatRule.parse("sat..sun"), zone: nil)
        stored.note = nil
        #expect(try await store.update(stored, lookAfter: 200))
        let snapshot = try await store.snapshot()
        #expect(snapshot.alarms == [stored])
        #expect(snapshot.lookAfter[stored.id] == 200)
        var ghost = stored
        ghost.id = 99
        #expect(try await store.update(ghost, lookAfter: 1) == false)
    }

    @Test func theSchemaRefusesOutOfRangeValues() async throws {
        let store = AlarmStore(try .inMemory())
        var bad = alarm
        bad.snoozeMinutes = 0
        await #expect(throws: (any Error).self) { _ = try await store.insert(bad, lookAfter: 1) }
        bad = alarm
        bad.volume = 101
        await #expect(throws: (any Error).self) { _ = try await store.insert(bad, lookAfter: 1) }
        #expect(try await store.snapshot().alarms.isEmpty)
    }

    @Test func schedulerActionsAreRecorded() async throws {
        let store = AlarmStore(try .inMemory())
        let stored = try await store.insert(alarm, lookAfter: 100)
        let snooze = AlarmSchedule.Snooze(ringAt: 900, trigger: 300)
        try await store.record(
            [
                .persistLookAfter(alarmID: stored.id, instant: 300), .persistSnooze(alarmID: stored.id, snooze: snooze),
                .missed(alarmID: stored.id, trigger: 250, reason: .late), .ring(alarmID: stored.id, trigger: 300),
            ], labels: [stored.id: "Work"], now: 310)
        var snapshot = try await store.snapshot()
        #expect(snapshot.lookAfter[stored.id] == 300)
        #expect(snapshot.snoozes[stored.id] == snooze)
        let missed = try await store.missed()
        #expect(missed.map(\.trigger) == [250])
        #expect(missed.first?.label == "Work")
        #expect(missed.first?.reason == "late")
        try await store.record(
            [.persistSnooze(alarmID: stored.id, snooze: nil), .disable(alarmID: stored.id)], labels: [:], now: 400)
        snapshot = try await store.snapshot()
        #expect(snapshot.snoozes.isEmpty)
        #expect(snapshot.alarms.first?.enabled == false)
    }

    @Test func deletingAnAlarmDeletesItsSnoozeButKeepsItsMissedRecord() async throws {
        let store = AlarmStore(try .inMemory())
        let stored = try await store.insert(alarm, lookAfter: 100)
        try await store.record(
            [
                .persistSnooze(alarmID: stored.id, snooze: .init(ringAt: 2, trigger: 1)),
                .missed(alarmID: stored.id, trigger: 1, reason: .unattended),
            ], labels: [:], now: 5)
        #expect(try await store.delete(id: stored.id))
        #expect(try await store.snapshot().snoozes.isEmpty)
        #expect(try await store.missed().count == 1)
    }

    /// An edit that ends a snooze drops it in the same write, so a crash cannot leave half of it: a disabled alarm
    /// keeps no snooze (it would ring when the snooze ended), and an edit while the snooze rings ends that ring (it
    /// would ring again after a restart). An edit before the snooze ends, the alarm still on, keeps it.
    @Test func anEditThatEndsASnoozeDropsItInTheSameWrite() async throws {
        let store = AlarmStore(try .inMemory())
        var stored = try await store.insert(alarm, lookAfter: 100)
        let snooze = AlarmSchedule.Snooze(ringAt: 900, trigger: 300)
        try await store.record([.persistSnooze(alarmID: stored.id, snooze: snooze)], labels: [:], now: 310)
        stored.label = "Gym"
        #expect(try await store.update(stored, lookAfter: 320))
        #expect(try await store.snapshot().snoozes[stored.id] == snooze)
        stored.enabled = false
        #expect(try await store.update(stored, lookAfter: 330))
        let snapshot = try await store.snapshot()
        #expect(snapshot.alarms.first?.enabled == false)
        #expect(snapshot.snoozes.isEmpty)

        stored.enabled = true
        #expect(try await store.update(stored, lookAfter: 340))
        try await store.record([.persistSnooze(alarmID: stored.id, snooze: snooze)], labels: [:], now: 350)
        stored.label = "Run"
        #expect(try await store.update(stored, lookAfter: 900), "edited as the snooze rings")
        #expect(try await store.snapshot().snoozes.isEmpty)
    }

    @Test func aFileDatabaseIsInWALModeAndSurvivesReopening() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "noiseclock-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state/noised.sqlite").path
        let stored: Alarm
        do {
            let store = AlarmStore(try .open(path: path))
            stored = try await store.insert(alarm, lookAfter: 42)
        }
        let reopened = try NoiseDatabase.open(path: path)
        #expect(try await AlarmStore(reopened).snapshot().alarms == [stored])
        #expect(reopened.check().integrity == ["ok"])
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
