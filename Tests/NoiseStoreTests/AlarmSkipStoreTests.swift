import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

/// The ring an alarm skips (`alarm skip`, schema v8): stored, read back, taken back, and gone with what ends it.
@Suite("Alarm store: skips")
struct AlarmSkipStoreTests {
    let alarm = Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays)

    @Test func aSkipRoundTripsAndIsTakenBack() async throws {
        let store = AlarmStore(try .inMemory())
        let stored = try await store.insert(alarm, lookAfter: 100)
        try await store.setSkip(1_765_177_200, ofAlarm: stored.id)
        #expect(try await store.snapshot().skips == [stored.id: 1_765_177_200])
        try await store.setSkip(1_765_177_200.5, ofAlarm: stored.id)
        #expect(try await store.snapshot().skips == [stored.id: 1_765_177_200.5], "a Mars ring keeps its fraction")
        try await store.setSkip(nil, ofAlarm: stored.id)
        #expect(try await store.snapshot().skips.isEmpty)
    }

    @Test func aSpentSkipAnEditThatEndsItAndARemovalDeleteIt() async throws {
        let store = AlarmStore(try .inMemory())
        var stored = try await store.insert(alarm, lookAfter: 100)
        try await store.setSkip(500, ofAlarm: stored.id)
        try await store.record([.skipSpent(alarmID: stored.id)], labels: [:], now: 501)
        #expect(try await store.snapshot().skips.isEmpty)

        try await store.setSkip(500, ofAlarm: stored.id)
        stored.label = "Gym"
        #expect(try await store.update(stored, lookAfter: 200, keepsSkip: true))
        #expect(try await store.snapshot().skips == [stored.id: 500])
        stored.enabled = false
        #expect(try await store.update(stored, lookAfter: 210))
        #expect(try await store.snapshot().skips.isEmpty, "in the same write as the change that ends it")

        try await store.setSkip(500, ofAlarm: stored.id)
        #expect(try await store.delete(id: stored.id))
        #expect(try await store.snapshot().skips.isEmpty, "the skip goes with its alarm")
    }

    @Test func theSchemaRefusesASkipOfNoAlarm() async throws {
        let store = AlarmStore(try .inMemory())
        await #expect(throws: (any Error).self) { try await store.setSkip(500, ofAlarm: 42) }
    }
}
