import NoiseStore
import NoiseTesting
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseDaemon
@testable import NoiseProtocol
@testable import NoiseTime

/// `alarm pause` on the scheduler actor: stored, shown, ended when its date begins, on a hand-driven clock.
@Suite("Alarm scheduler: pausing an alarm")
struct AlarmPauseSchedulerTests {
    typealias Rig = AlarmSchedulerTests.Rig
    /// 2024-06-10 07:00 UTC, a Monday: the daily alarm's first ring.
    static let monday = AlarmSchedulerTests.start + 3600
    static let day = 86_400.0
    static let thursday = try! LocalDate.parse("2024-06-13")

    @Test func noRingBeforeTheDateThenAsBeforeAndThePauseIsForgotten() async throws {
        let rig = try await Rig()
        let id = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily)).alarm.id
        await rig.settle()
        let waits = rig.clock.waitCount
        let paused = try await rig.scheduler.pause(id, .until(Self.thursday))
        await rig.clock.parked(after: waits)
        #expect(paused.pausedUntil == Self.thursday)
        #expect(paused.nextTrigger?.unix == Self.monday + 3 * Self.day)
        #expect(try await rig.store.snapshot().pauses == [id: Self.thursday], "stored before the reply")

        await rig.advance(to: Self.monday + 2 * Self.day)
        #expect(await rig.ringer.started.isEmpty, "Monday's to Wednesday's rings do not sound")
        await rig.advance(to: Self.monday + 3 * Self.day - 7 * 3600)
        #expect(try await rig.scheduler.show(id).pausedUntil == nil, "forgotten once the date has begun")
        #expect(try await rig.store.snapshot().pauses.isEmpty)
        await rig.advance(to: Self.monday + 3 * Self.day)
        #expect(await rig.ringer.started.map(\.1) == [Self.monday + 3 * Self.day])
        rig.loop.cancel()
    }

    @Test func undoEndsThePauseAndSaysWhenThereIsNone() async throws {
        let rig = try await Rig()
        let id = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily)).alarm.id
        await #expect { try await rig.scheduler.pause(id, .undo) } throws: {
            ($0 as? ProtocolError) == ProtocolError(.nothingToUndo, "alarm \(id) is not paused")
        }
        _ = try await rig.scheduler.pause(id, .until(Self.thursday))
        let undone = try await rig.scheduler.pause(id, .undo)
        #expect(undone.pausedUntil == nil && undone.nextTrigger?.unix == Self.monday)
        #expect(try await rig.store.snapshot().pauses.isEmpty)
        rig.loop.cancel()
    }

    @Test func refusalsSayWhy() async throws {
        let rig = try await Rig()
        let once = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 8, minute: 0))).alarm.id
        let daily = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
            .alarm.id
        func refusal(_ id: Int64, _ date: String = "2024-06-13") async -> ProtocolError? {
            do {
                _ = try await rig.scheduler.pause(id, .until(try! LocalDate.parse(date)))
                return nil
            } catch { return error }
        }
        #expect(await refusal(99)?.code == .unknownAlarm)
        #expect(await refusal(once)?.message.contains("noisectl alarm disable \(once)") == true)
        #expect(
            await refusal(daily, "2024-06-10")?.message
                == "alarm \(daily) cannot be paused until 2024-06-10: that date began on its clock at "
                + "2024-06-10T00:00:00+00:00; give a later date (YYYY-MM-DD)")
        _ = try await rig.scheduler.pause(daily, .until(Self.thursday))
        _ = try await rig.scheduler.edit(daily, AlarmChanges(label: "Work"))
        #expect(try await rig.store.snapshot().pauses == [daily: Self.thursday], "a new label keeps the pause")
        _ = try await rig.scheduler.edit(daily, AlarmChanges(enabled: false))
        #expect(try await rig.store.snapshot().pauses.isEmpty, "switching it off ends the pause")
        #expect(await refusal(daily)?.message == "alarm \(daily) is off: there is no ring to pause")
        rig.loop.cancel()
    }
}
