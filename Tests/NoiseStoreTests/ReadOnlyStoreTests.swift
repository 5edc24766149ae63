import Foundation
import GRDB
import Testing
@testable import NoiseCore
@testable import NoiseStore
@testable import NoiseAlarms

@Suite("Alarm store, read-only")
struct ReadOnlyStoreTests {
    let alarm = Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays)

    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("noise-store-\(UUID().uuidString).sqlite").path
    }

    @Test func readsTheFileAndRefusesEveryChangeWithTheReason() async throws {
        let path = temporaryPath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let writable = try AlarmStore.open(path: path)
        let stored = try await writable.insert(alarm, lookAfter: 100)
        try writable.close()

        let store = AlarmStore.openReadOnly(path: path, reason: "the folder is read-only")
        #expect(try await store.snapshot().alarms == [stored])
        await #expect(throws: AlarmStore.ReadOnlyStore.self) { try await store.insert(alarm, lookAfter: 1) }
        await #expect(throws: AlarmStore.ReadOnlyStore.self) { try await store.update(stored, lookAfter: 1) }
        await #expect(throws: AlarmStore.ReadOnlyStore.self) { try await store.delete(id: stored.id) }
        await #expect(throws: AlarmStore.ReadOnlyStore.self) {
            try await store.record([.disable(alarmID: stored.id)], labels: [:], now: 1)
        }
        #expect(AlarmStore.describe(AlarmStore.ReadOnlyStore(reason: "the folder is read-only")) == "the folder is read-only")
        try store.close()
        // The file itself was never touched.
        let again = try AlarmStore.open(path: path)
        #expect(try await again.snapshot().alarms == [stored])
        try again.close()
    }

    @Test func withoutAReadableFileItIsEmptyAndStillRefusesChanges() async throws {
        let store = AlarmStore.openReadOnly(path: "/nonexistent/noised.sqlite", reason: "no state folder")
        #expect(try await store.snapshot().alarms.isEmpty)
        await #expect(throws: AlarmStore.ReadOnlyStore.self) { try await store.insert(alarm, lookAfter: 1) }
    }

    @Test func aFullDiskIsSaidInPlainWords() {
        let full = DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full")
        #expect(AlarmStore.describe(full) == "the disk is full; free some space and try again")
        let readOnly = DatabaseError(resultCode: .SQLITE_READONLY, message: "attempt to write a readonly database")
        #expect(AlarmStore.describe(readOnly).hasPrefix("the database is read-only"))
    }
}
