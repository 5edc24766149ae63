import Foundation
import LifeCalendar
import Logging
import NoiseCatalog
import NoiseControl
import NoiseSQLite
import NoiseStore
import NoiseTesting
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseDaemon
@testable import NoiseProtocol

/// `store recover` through the scheduler: the stores the player and the life desk were given when the daemon
/// started, over the damaged file, go on with the rebuilt one, writable, without being handed anything new.
@Suite("Database recovery, every store follows")
struct DatabaseRecoveryTests {
    @Test func theRebuiltFileServesThePlayersAndTheLifeDesksStoresToo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("noise-recover-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/noised.sqlite"
        let writable = try NoiseDatabase.open(path: path)
        for _ in 0..<2 {
            _ = try await AlarmStore(writable).insert(Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0)), lookAfter: 1)
        }
        try writable.close()
        let damage = try SQLiteConnection(path: path)
        try damage.execute(sql: "UPDATE alarm SET time = 'garbage' WHERE id = 2")
        try damage.close()

        let database = NoiseDatabase.openChecked(path: path)
        let player = PlaybackStore(database)
        let wall = ManualWallClock(now: AlarmSchedulerTests.start)
        let hub = EventHub()
        let scheduler = try await AlarmScheduler(
            database: database, clock: wall, zones: FixedZone(), ringer: RecordingRinger(),
            hub: hub, logger: Logger(label: "test"))
        let life = LifeDesk(
            store: LifeStore(database), scheduler: scheduler, clock: wall, zones: FixedZone(), hub: hub,
            logger: Logger(label: "test"))
        let mix = MixInfo(name: "night", sounds: [MixSound(id: "rain", volume: 30)])
        await #expect(throws: NoiseDatabase.ReadOnlyStore.self) { _ = try await player.saveMix(mix) }
        await #expect(throws: ProtocolError.self) { _ = try await life.addHabit(Habit(name: "Reading", minutes: 15)) }
        #expect(await scheduler.status().storeProblem != nil)

        let report = try await scheduler.recoverStore()
        #expect(report.recovered && report.kept == 1 && report.dropped == [2])
        #expect(await scheduler.status().storeProblem == nil)
        #expect(try await player.saveMix(mix))
        #expect(try await player.mixes() == [mix])
        _ = try await life.addHabit(Habit(name: "Reading", minutes: 15))
        #expect(try await LifeStore(database).habits() == [Habit(name: "Reading", minutes: 15)])
        _ = try await scheduler.add(AlarmChanges(time: TimeOfDay(hour: 8, minute: 0)))
        #expect(try await AlarmStore(database).snapshot().alarms.map(\.id) == [1, 3])
        try await scheduler.closeStore()
    }
}
