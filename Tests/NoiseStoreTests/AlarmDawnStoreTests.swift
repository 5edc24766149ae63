import NoiseSQLite
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

/// An alarm's dawn (schema v9) and its mix (v12): stored, read back, changed; the schema refuses a dawn out of range.
@Suite("Alarm store: dawns")
struct AlarmDawnStoreTests {
    @Test func theDawnRoundTripsAndIsChanged() async throws {
        let store = AlarmStore(try .inMemory())
        var stored = try await store.insert(
            Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays, dawnSeconds: 1800), lookAfter: 100)
        #expect(try await store.snapshot().alarms.map(\.dawnSeconds) == [1800])
        stored.dawnSeconds = 0
        #expect(try await store.update(stored, lookAfter: 200))
        #expect(try await store.snapshot().alarms.map(\.dawnSeconds) == [0])
        let plain = try await store.insert(Alarm(id: 0, time: TimeOfDay(hour: 8, minute: 0)), lookAfter: 100)
        #expect(plain.dawnSeconds == 0, "none unless asked for")
    }

    @Test func theDawnsMixRoundTripsAndIsTakenAway() async throws {
        let store = AlarmStore(try .inMemory())
        var stored = try await store.insert(
            Alarm(
                id: 0, rule: .wallClock(TimeOfDay(hour: 7, minute: 0), .daily, zone: nil), dawnSeconds: 1800,
                dawnMix: "morning"), lookAfter: 100)
        #expect(try await store.snapshot().alarms.map(\.dawnMix) == ["morning"])
        stored.dawnMix = nil
        #expect(try await store.update(stored, lookAfter: 200))
        #expect(try await store.snapshot().alarms.map(\.dawnMix) == [nil])
    }

    @Test func theSchemaRefusesADawnOutOfRange() async throws {
        let database = try NoiseDatabase.inMemory()
        let store = AlarmStore(database)
        let stored = try await store.insert(Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0)), lookAfter: 100)
        var tooLong = stored
        tooLong.dawnSeconds = 7201
        await #expect(throws: (any Error).self) { try await store.update(tooLong, lookAfter: 100) }
        #expect(try await store.snapshot().alarms.map(\.dawnSeconds) == [0], "nothing changed")
    }
}
