import Logging
import NoiseControl
import NoiseSQLite
import NoiseStore
import NoiseTesting
import Synchronization
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseDaemon

/// Counts the store's committed transactions: each one is an fsync on disk.
final class CommitCounter: Sendable {
    private let commits = Mutex(0)
    var count: Int { commits.withLock { $0 } }

    /// Counts from now on every commit of `connection` (SQLite's commit hook).
    func observe(_ connection: SQLiteConnection) {
        connection.onCommit { self.commits.withLock { $0 += 1 } }
    }
}

/// `alarm add` and `alarm edit` write the alarm and its next-trigger bookkeeping in one store transaction.
@Suite("Alarm changes in the store")
struct AlarmTransactionTests {
    @Test func addAndEditAreOneTransactionEach() async throws {
        let connection = try SQLiteConnection.inMemory()
        let counter = CommitCounter()
        counter.observe(connection)
        let database = try NoiseDatabase(writer: SQLiteWriter(connection))
        let scheduler = try await AlarmScheduler(
            database: database, clock: ManualWallClock(now: AlarmSchedulerTests.start),
            zones: FixedZone(), ringer: RecordingRinger(), hub: EventHub(),
            logger: Logger(label: "test"))
        let beforeAdd = counter.count
        let added = try await scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0)))
        #expect(counter.count - beforeAdd == 1)
        #expect(added.nextTrigger != nil)

        let beforeEdit = counter.count
        let edited = try await scheduler.edit(added.alarm.id, AlarmChanges(label: "Work"))
        #expect(counter.count - beforeEdit == 1)
        #expect(edited.alarm.label == "Work")

        // What was written in that one transaction is what a restart reads: the alarm and its look-after instant.
        let snapshot = try await AlarmStore(database).snapshot()
        #expect(snapshot.alarms.map(\.label) == ["Work"])
        #expect(snapshot.lookAfter[added.alarm.id] == AlarmSchedulerTests.start)
    }
}
