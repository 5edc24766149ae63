import NoiseSQLite
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

/// Whether an alarm skips holidays (schema v11): stored, read back, changed; the schema refuses anything but 0 or 1.
@Suite("Alarm store: holidays")
struct AlarmHolidaysStoreTests {
    @Test func skippingHolidaysRoundTripsAndIsChanged() async throws {
        let store = AlarmStore(try .inMemory())
        var stored = try await store.insert(
            Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays, skipHolidays: true), lookAfter: 100)
        #expect(try await store.snapshot().alarms.map(\.skipHolidays) == [true])
        stored.skipHolidays = false
        #expect(try await store.update(stored, lookAfter: 200))
        #expect(try await store.snapshot().alarms.map(\.skipHolidays) == [false])
        let plain = try await store.insert(Alarm(id: 0, time: TimeOfDay(hour: 8, minute: 0)), lookAfter: 100)
        #expect(plain.skipHolidays == false, "none unless asked for")
    }

    @Test func theSchemaRefusesAnythingButZeroOrOne() async throws {
        let database = try NoiseDatabase.inMemory()
        let store = AlarmStore(database)
        _ = try await store.insert(Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0)), lookAfter: 100)
        await #expect(throws: (any Error).self) {
            try await database.write { try $0.execute(sql: "UPDATE alarm SET skipHolidays = 2") }
        }
        #expect(try await store.snapshot().alarms.map(\.skipHolidays) == [false], "nothing changed")
    }
}
