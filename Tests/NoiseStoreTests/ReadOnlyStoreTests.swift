import Foundation
import NoiseSQLite
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

@Suite("Alarm store, read-only")
struct ReadOnlyStoreTests {
    let alarm = Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays)

    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("noise-store-\(UUID().uuidString).sqlite").path
    }

    @Test func readsTheFileAndRefusesEveryChangeWithTheReason() async throws {
        let path = temporaryPath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let writable = try NoiseDatabase.open(path: path)
        let stored = try await AlarmStore(writable).insert(alarm, lookAfter: 100)
        try writable.close()

        let database = NoiseDatabase.openReadOnly(path: path, reason: "the folder is read-only")
        let store = AlarmStore(database)
        #expect(try await store.snapshot().alarms == [stored])
        await #expect(throws: NoiseDatabase.ReadOnlyStore.self) { try await store.insert(alarm, lookAfter: 1) }
        await #expect(throws: NoiseDatabase.ReadOnlyStore.self) { try await store.update(stored, lookAfter: 1) }
        await #expect(throws: NoiseDatabase.ReadOnlyStore.self) { try await store.delete(id: stored.id) }
        await #expect(throws: NoiseDatabase.ReadOnlyStore.self) {
            try await store.record([.disable(alarmID: stored.id)], labels: [:], now: 1)
        }
        #expect(
            NoiseDatabase.describe(NoiseDatabase.ReadOnlyStore(reason: "the folder is read-only"))
                == "the folder is read-only")
        try database.close()
        // The file itself was never touched.
        let again = try NoiseDatabase.open(path: path)
        #expect(try await AlarmStore(again).snapshot().alarms == [stored])
        try again.close()
    }

    @Test func withoutAReadableFileItIsEmptyAndStillRefusesChanges() async throws {
        let store = AlarmStore(
            NoiseDatabase.openReadOnly(path: "/nonexistent/noised.sqlite", reason: "no state folder"))
        #expect(try await store.snapshot().alarms.isEmpty)
        await #expect(throws: NoiseDatabase.ReadOnlyStore.self) { try await store.insert(alarm, lookAfter: 1) }
    }

    @Test func aFullDiskIsSaidInPlainWords() {
        let full = SQLiteError(code: 13, message: "database or disk is full")  // SQLITE_FULL
        #expect(NoiseDatabase.describe(full) == "the disk is full; free some space and try again")
        let readOnly = SQLiteError(code: 8, message: "attempt to write a readonly database")  // SQLITE_READONLY
        #expect(NoiseDatabase.describe(readOnly).hasPrefix("the database is read-only"))
    }
}
