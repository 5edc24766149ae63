import Foundation
import NoiseSQLite
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

/// Stores that must be read and never rebuilt: one written by a newer noised, and a path that is not a file.
@Suite("Alarm store, newer or not a file")
struct StoreKindTests {
    let alarm = Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays)

    /// What a later version could do: a migration this one does not know, and a column renamed.
    private func newerStore() async throws -> (folder: URL, path: String) {
        let (folder, path) = temporaryStore("newer")
        let database = try NoiseDatabase.open(path: path)
        _ = try await AlarmStore(database).insert(alarm, lookAfter: 100)
        try database.close()
        let db = try SQLiteConnection(path: path)
        try db.transaction {
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
            try db.execute(sql: "ALTER TABLE alarm RENAME COLUMN label TO title")
        }
        try db.close()
        return (folder, path)
    }

    @Test func aStoreFromANewerSchemaIsReadNeverWrittenNorRebuilt() async throws {
        let (folder, path) = try await newerStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = FileManager.default.contents(atPath: path)
        let database = NoiseDatabase.openChecked(path: path)
        let reason = try #require(database.readOnlyReason)
        #expect(reason.contains("written by a newer noised (its schema has v99; this noised knows up to v12)"))
        #expect(!reason.contains("damaged"))
        #expect(throws: NoiseDatabase.ReadOnlyStore.self) { try database.rebuild(lookAfter: [:], snoozes: [:]) }
        do { _ = try database.rebuild(lookAfter: [:], snoozes: [:]) } catch {
            #expect(NoiseDatabase.describe(error).contains("newer noised"))
        }
        await #expect(throws: (any Error).self) { _ = try await AlarmStore(database).insert(alarm, lookAfter: 100) }
        #expect(FileManager.default.contents(atPath: path) == before)
        let copies = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("corrupt") }
        #expect(copies.isEmpty)
    }

    @Test func aDirectoryInPlaceOfTheStoreIsRefusedAndNothingIsCopied() throws {
        let (folder, path) = temporaryStore("directory")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for _ in 0..<2 {
            let database = NoiseDatabase.openChecked(path: path)
            let reason = try #require(database.readOnlyReason)
            #expect(reason.contains("\(path) is a directory, not a database file"))
            #expect(throws: NoiseDatabase.ReadOnlyStore.self) { try database.rebuild(lookAfter: [:], snoozes: [:]) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["noised.sqlite"])
    }
}
