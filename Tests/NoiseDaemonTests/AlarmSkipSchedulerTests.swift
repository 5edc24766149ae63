import NoiseStore
import NoiseTesting
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseDaemon
@testable import NoiseProtocol

/// `alarm skip` on the scheduler actor: stored, shown, spent when its ring passes, on a hand-driven clock.
@Suite("Alarm scheduler: skipping a ring")
struct AlarmSkipSchedulerTests {
    typealias Rig = AlarmSchedulerTests.Rig
    /// 2024-06-10 07:00 UTC, a Monday: the weekday alarm's first ring.
    static let monday = AlarmSchedulerTests.start + 3600
    static let day = 86_400.0

    @Test func theSkippedRingIsSilentTheNextRingsAndTheSkipIsSpent() async throws {
        let rig = try await Rig()
        let added = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays))
        let id = added.alarm.id
        await rig.settle()
        let waits = rig.clock.waitCount
        let skipped = try await rig.scheduler.skip(id)
        await rig.clock.parked(after: waits)
        #expect(skipped.skips?.unix == Self.monday)
        #expect(skipped.nextTrigger?.unix == Self.monday + Self.day)
        #expect(try await rig.store.snapshot().skips == [id: Self.monday], "stored before the reply")
        #expect(await rig.scheduler.next()?.nextTrigger?.unix == Self.monday + Self.day)

        await rig.advance(to: Self.monday)
        #expect(await rig.ringer.started.isEmpty, "the skipped ring does not sound")
        #expect(try await rig.scheduler.show(id).skips == nil, "spent once its ring has passed")
        #expect(try await rig.store.snapshot().skips.isEmpty)
        #expect(try await rig.store.snapshot().lookAfter[id] == Self.monday)
        await rig.advance(to: Self.monday + Self.day)
        #expect(await rig.ringer.started.map(\.1) == [Self.monday + Self.day])
        rig.loop.cancel()
    }

    @Test func undoBringsTheRingBackAndSaysWhenThereIsNoSkip() async throws {
        let rig = try await Rig()
        let id = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily)).alarm.id
        await #expect { try await rig.scheduler.skip(id, undo: true) } throws: {
            ($0 as? ProtocolError) == ProtocolError(.nothingToUndo, "alarm \(id) skips no ring")
        }
        _ = try await rig.scheduler.skip(id)
        let undone = try await rig.scheduler.skip(id, undo: true)
        #expect(undone.skips == nil && undone.nextTrigger?.unix == Self.monday)
        #expect(try await rig.store.snapshot().skips.isEmpty)
        await rig.settle()
        await rig.advance(to: Self.monday)
        #expect(await rig.ringer.started.map(\.1) == [Self.monday])
        rig.loop.cancel()
    }

    /// `alarm skip next`: the repeating alarm that rings next, stored as `alarm skip ID` stores it; with only a once
    /// alarm, nothing to skip, said so and nothing stored.
    @Test func skipNextSkipsTheRepeatingAlarmThatRingsNext() async throws {
        let rig = try await Rig()
        _ = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 6, minute: 30)))
        await #expect { try await rig.scheduler.skipNext() } throws: {
            ($0 as? ProtocolError)?.message.hasPrefix("no repeating alarm has a ring coming") == true
        }
        let daily = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 8, minute: 0), repeat: .daily))
        let weekdays = try await rig.scheduler.add(
            AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays))
        let skipped = try await rig.scheduler.skipNext()
        #expect(skipped.alarm.id == weekdays.alarm.id && skipped.skips?.unix == Self.monday)
        #expect(try await rig.store.snapshot().skips == [weekdays.alarm.id: Self.monday])
        let second = try await rig.scheduler.skipNext()
        #expect(second.alarm.id == daily.alarm.id, "Monday's 07:00 is skipped: 08:00 daily rings next")
        rig.loop.cancel()
    }

    @Test func refusalsSayWhy() async throws {
        let rig = try await Rig()
        let once = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 8, minute: 0))).alarm.id
        let daily = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
            .alarm.id
        func refusal(_ id: Int64) async -> ProtocolError? {
            do {
                _ = try await rig.scheduler.skip(id)
                return nil
            } catch { return error }
        }
        #expect(await refusal(99)?.code == .unknownAlarm)
        #expect(await refusal(once)?.message.contains("noisectl alarm disable \(once)") == true)
        _ = try await rig.scheduler.skip(daily)
        #expect(await refusal(daily)?.message.contains("already skips its ring of 2024-06-10T07:00:00+00:00") == true)
        _ = try await rig.scheduler.edit(daily, AlarmChanges(enabled: false))
        #expect(try await rig.store.snapshot().skips.isEmpty, "switching it off ends the skip")
        #expect(await refusal(daily)?.message == "alarm \(daily) is off: it has no ring to skip")
        rig.loop.cancel()
    }
}
