import Foundation
import NoiseCatalog
import NoiseSQLite
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

@Suite("Alarm store, damaged")
struct StoreRecoveryTests {
    let alarm = Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays)

    func row(_ changes: [String: SQLiteValue]) -> SQLiteRow {
        var values: [String: SQLiteValue] = [
            "id": 4, "time": "07:00", "enabled": 1, "label": "", "repeatMask": 0, "sound": "classic", "volume": 80.0,
            "rampSeconds": 30.0, "snoozeMinutes": 9, "ringLimitSeconds": 600.0, "note": nil, "lookAfter": 1,
            "createdAt": 1,
        ]
        for (key, value) in changes { values[key] = value }
        return SQLiteRow(values)
    }

    @Test func aRowIsReadColumnByColumnAndABadOneNamesItsIdAndWhy() throws {
        #expect(try AlarmRecord.decode(row([:])).alarm.time == TimeOfDay(hour: 7, minute: 0))
        let cases: [([String: SQLiteValue], String)] = [
            (["time": "garbage"], "row 4: time is 'garbage', not a time of day"),
            (["time": nil], "row 4: time is NULL, not text"),
            (["volume": .real(.infinity)], "row 4: volume must be 0 to 100, got inf"),
            (["snoozeMinutes": "nine"], "row 4: snoozeMinutes is 'nine', not an integer"),
            (["repeatMask": 300], "row 4: repeatMask is 300, not 0 to 127"),
        ]
        for (change, expected) in cases {
            #expect(throws: StoredRowProblem.self) { try AlarmRecord.decode(row(change)) }
            do { _ = try AlarmRecord.decode(row(change)) } catch { #expect(error.description == expected) }
        }
    }

    @Test func idsReadAsRanges() {
        #expect(IDRanges.text([9, 1, 2, 3, 5, 7, 8]) == "1-3, 5, 7-9")
        #expect(IDRanges.text([]) == "")
    }

    @Test func aDamagedFileIsNeverWrittenAndIsRebuiltFromItsReadableRows() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("noise-damaged-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/noised.sqlite"
        let writable = try NoiseDatabase.open(path: path)
        for _ in 0..<3 { _ = try await AlarmStore(writable).insert(alarm, lookAfter: 100) }
        var timer = alarm
        timer.rule = .instant(1_800_000_000, localTime: timer.time)
        _ = try await AlarmStore(writable).insert(timer, lookAfter: 100)
        let playback = StoredPlayback(masterVolume: 70, state: .paused, lastMix: [MixSound(id: "rain", volume: 40)])
        let mix = MixInfo(name: "night", sounds: [MixSound(id: "rain", volume: 30), MixSound(id: "fan", volume: 80)])
        try await PlaybackStore(writable).savePlayback(playback)
        #expect(try await PlaybackStore(writable).saveMix(mix))
        try writable.close()
        let damage = try SQLiteConnection(path: path)
        try damage.execute(sql: "UPDATE alarm SET time = 'garbage' WHERE id = 2")
        try damage.close()
        let bytes = FileManager.default.contents(atPath: path)

        let database = NoiseDatabase.openChecked(path: path, now: 0)
        // The stores over it are made before the rebuild, as the daemon's actors hold theirs: they follow it.
        let store = AlarmStore(database)
        let player = PlaybackStore(database)
        #expect(database.damaged && database.skippedAlarmIDs == [2])
        let copy = try #require(database.corruptCopy)
        #expect(copy == path + ".corrupt-1970-01-01T000000Z")
        let reason = try #require(database.readOnlyReason)
        #expect(
            reason.contains(path) && reason.contains("alarm 2 could not be read")
                && reason.contains("noisectl store recover"))
        #expect(try await store.snapshot().alarms.map(\.id) == [1, 3, 4])
        #expect(try await player.mixes() == [mix], "served read-only from memory too")
        #expect(try await player.playback() == playback)
        await #expect(throws: NoiseDatabase.ReadOnlyStore.self) { try await store.insert(alarm, lookAfter: 1) }
        await #expect(throws: NoiseDatabase.ReadOnlyStore.self) { try await player.savePlayback(playback) }
        let check = database.check()
        #expect(!check.sound && check.skippedAlarms == [2] && check.alarms == 3)
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(FileManager.default.contents(atPath: copy) == bytes)

        let rebuilt = try database.rebuild(lookAfter: [1: 500], snoozes: [:])
        #expect(
            rebuilt.path == path && rebuilt.recovered && rebuilt.kept == 3 && rebuilt.dropped == [2]
                && rebuilt.corruptCopy == copy)
        #expect(database.readOnlyReason == nil && !database.damaged && database.skippedAlarmIDs.isEmpty)
        #expect(database.corruptCopy == nil)
        #expect(try await store.snapshot().lookAfter == [1: 500, 3: 100, 4: 100])
        #expect(
            try await store.snapshot().alarms.last?.rule == .instant(1_800_000_000, localTime: alarm.time),
            "a timer stays a timer")
        #expect(try await player.mixes() == [mix], "the player's kept state too")
        #expect(try await player.playback() == playback)
        #expect(try await store.insert(alarm, lookAfter: 1).id == 5, "ids are never given twice")
        try await player.savePlayback(StoredPlayback(masterVolume: 20, state: .stopped, lastMix: []))
        #expect(try await player.playback()?.masterVolume == 20, "the player's store writes to the rebuilt file")
        #expect(database.check().sound)
        try database.close()
        #expect(FileManager.default.contents(atPath: copy) == bytes)
    }

    @Test func aSoundStoreIsLeftAsItIs() async throws {
        let database = try NoiseDatabase.inMemory()
        _ = try await AlarmStore(database).insert(alarm, lookAfter: 1)
        #expect(database.check().sound)
        #expect(throws: NoiseDatabase.ReadOnlyStore.self) { try database.rebuild(lookAfter: [:], snoozes: [:]) }
    }
}
