import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore
@testable import NoiseTime

/// The date a paused alarm rings again from (`alarm pause`, schema v10): stored, read back, ended, and gone with what
/// ends it.
@Suite("Alarm store: pauses")
struct AlarmPauseStoreTests {
    let alarm = Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays)
    let january = try! LocalDate.parse("2027-01-04")

    @Test func aPauseRoundTripsAndIsEnded() async throws {
        let store = AlarmStore(try .inMemory())
        let stored = try await store.insert(alarm, lookAfter: 100)
        try await store.setPause(january, ofAlarm: stored.id)
        #expect(try await store.snapshot().pauses == [stored.id: january])
        try await store.setPause(january.adding(days: 7), ofAlarm: stored.id)
        #expect(try await store.snapshot().pauses == [stored.id: january.adding(days: 7)], "pausing again moves it")
        try await store.setPause(nil, ofAlarm: stored.id)
        #expect(try await store.snapshot().pauses.isEmpty)
    }

    @Test func anEndedPauseAnEditThatEndsItAndARemovalDeleteIt() async throws {
        let store = AlarmStore(try .inMemory())
        var stored = try await store.insert(alarm, lookAfter: 100)
        try await store.setPause(january, ofAlarm: stored.id)
        try await store.record([.pauseEnded(alarmID: stored.id)], labels: [:], now: 501)
        #expect(try await store.snapshot().pauses.isEmpty)

        try await store.setPause(january, ofAlarm: stored.id)
        stored.rule = .wallClock(TimeOfDay(hour: 6, minute: 30), .daily, zone: nil)
        #expect(try await store.update(stored, lookAfter: 200, keepsPause: true))
        #expect(try await store.snapshot().pauses == [stored.id: january])
        stored.enabled = false
        #expect(try await store.update(stored, lookAfter: 210))
        #expect(try await store.snapshot().pauses.isEmpty, "in the same write as the change that ends it")

        try await store.setPause(january, ofAlarm: stored.id)
        #expect(try await store.delete(id: stored.id))
        #expect(try await store.snapshot().pauses.isEmpty, "the pause goes with its alarm")
    }

    @Test func theSchemaRefusesAPauseOfNoAlarmOrNoDate() async throws {
        let database = try NoiseDatabase.inMemory()
        let store = AlarmStore(database)
        await #expect(throws: (any Error).self) { try await store.setPause(january, ofAlarm: 42) }
        let stored = try await store.insert(alarm, lookAfter: 100)
        await #expect(throws: (any Error).self) {
            try await database.write { db in
                try db.execute(
                    sql: "INSERT INTO pause (alarmId, \"until\") VALUES (?, 'soon')", arguments: [stored.id])
            }
        }
    }

    /// A date of the right shape that is no date (written by another hand) is left out: the alarm rings unpaused.
    @Test func aPauseOnNoRealDateIsLeftOut() async throws {
        let database = try NoiseDatabase.inMemory()
        let store = AlarmStore(database)
        let stored = try await store.insert(alarm, lookAfter: 100)
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO pause (alarmId, \"until\") VALUES (?, '2027-02-31')", arguments: [stored.id])
        }
        #expect(try await store.snapshot().pauses.isEmpty)
        #expect(try await store.snapshot().alarms.count == 1)
    }
}
