import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseStore

/// `sounds remove --force`: the alarms' tone changes in one transaction, and nothing else of them.
@Suite("Alarm store: tones")
struct AlarmStoreToneTests {
    @Test func onlyTheToneOfTheAlarmsGivenChanges() async throws {
        let store = AlarmStore(try .inMemory())
        var bell = Alarm(id: 0, time: TimeOfDay(hour: 7, minute: 0), label: "Work")
        bell.sound = "bell"
        let first = try await store.insert(bell, lookAfter: 100)
        let second = try await store.insert(bell, lookAfter: 200)
        let other = try await store.insert(Alarm(id: 0, time: TimeOfDay(hour: 8, minute: 0)), lookAfter: 300)
        try await store.setSound("classic", ofAlarms: [first.id, second.id])
        let snapshot = try await store.snapshot()
        #expect(
            Dictionary(uniqueKeysWithValues: snapshot.alarms.map { ($0.id, $0.sound) })
                == [first.id: "classic", second.id: "classic", other.id: other.sound])
        var expected = first
        expected.sound = "classic"
        #expect(snapshot.alarms.first { $0.id == first.id } == expected)
        #expect(snapshot.lookAfter == [first.id: 100, second.id: 200, other.id: 300])
    }
}
