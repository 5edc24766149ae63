import Logging
import NoiseCore
import NoiseTesting
import Testing

@testable import NoiseAlarms
@testable import NoiseDaemon
@testable import NoiseProtocol

/// Sleep and resume as logind announces them, on the scheduler actor with a hand-moved clock.
@Suite("Alarm scheduler: sleep and resume")
struct AlarmSleepTests {
    typealias Rig = AlarmSchedulerTests.Rig
    static let start = AlarmSchedulerTests.start
    static let trigger = Double(start) + 3600

    /// An alarm at 07:00, the machine about to sleep 20 s before.
    func asleepBeforeTheTrigger(grace: Double) async throws -> Rig {
        let rig = try await Rig()
        await rig.scheduler.apply(template: AlarmTemplate(), missedGraceSeconds: grace)
        _ = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
        await rig.settle()
        await rig.advance(to: Double(Self.trigger - 20))
        let waits = rig.clock.waitCount
        await rig.scheduler.prepareForSleep()
        await rig.clock.parked(after: waits)
        return rig
    }

    @Test func nothingRingsWhileAsleepAndATriggerWithinTheGraceRingsOnResume() async throws {
        let rig = try await asleepBeforeTheTrigger(grace: 600)
        await rig.advance(to: Double(Self.trigger + 30))
        #expect(await rig.ringer.started.isEmpty, "asleep: held until resume")
        await rig.scheduler.resumed()
        #expect(await rig.ringer.started.map(\.1) == [Self.trigger])
        #expect(await rig.scheduler.status().missed.isEmpty)
        rig.loop.cancel()
    }

    @Test func aTriggerPastTheGraceAtResumeIsMissedAsSuspended() async throws {
        let rig = try await asleepBeforeTheTrigger(grace: 10)
        await rig.advance(to: Double(Self.trigger + 30))
        await rig.scheduler.resumed()
        #expect(await rig.ringer.started.isEmpty)
        #expect(await rig.scheduler.status().missed.map(\.reason) == ["suspended"])
        #expect(try await rig.store.missed().map(\.reason) == ["suspended"])
        rig.loop.cancel()
    }

    /// A resume signal that never comes cannot keep alarms silent: the hold ends by itself.
    @Test func theHoldEndsByItselfWithoutAResumeSignal() async throws {
        let rig = try await asleepBeforeTheTrigger(grace: 600)
        await rig.advance(to: Double(Self.trigger - 20 + AlarmDefaults.sleepHoldSeconds))
        #expect(await rig.ringer.started.map(\.1) == [Self.trigger])
        rig.loop.cancel()
    }

    /// A ringing tone fades before sleep and sounds again at resume while its alarm still rings.
    @Test func aRingingToneStopsBeforeSleepAndSoundsAgainOnResume() async throws {
        let rig = try await Rig()
        _ = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
        await rig.settle()
        await rig.advance(to: Double(Self.trigger))
        await rig.scheduler.prepareForSleep()
        #expect(await rig.ringer.stops == 1)
        await rig.advance(to: Double(Self.trigger + 40))
        await rig.scheduler.resumed()
        #expect(await rig.ringer.started.map(\.1) == [Self.trigger, Self.trigger])
        #expect(await rig.scheduler.status().ringing.count == 1)
        rig.loop.cancel()
    }

    @Test func aNotificationButtonSnoozesOnlyItsAlarm() async throws {
        let rig = try await Rig()
        let first = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0)))
        let second = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0)))
        await rig.settle()
        await rig.advance(to: Double(Self.trigger))
        let snoozed = try await rig.scheduler.snooze(minutes: nil, only: second.alarm.id)
        #expect(snoozed.map(\.alarm.id) == [second.alarm.id])
        #expect(await rig.scheduler.status().ringing.map(\.alarm.id) == [first.alarm.id])
        // The snoozed one's notification offers Dismiss: it ends that snooze only (issue 39).
        let ended = try await rig.scheduler.dismiss(only: second.alarm.id)
        #expect(ended.map(\.alarm.id) == [second.alarm.id])
        #expect(await rig.scheduler.status().snoozed.isEmpty)
        #expect(await rig.scheduler.status().ringing.map(\.alarm.id) == [first.alarm.id])
        _ = try await rig.scheduler.dismiss(only: first.alarm.id)
        #expect(await rig.scheduler.status().ringing.isEmpty)
        await #expect(throws: ProtocolError.self) { try await rig.scheduler.dismiss(only: first.alarm.id) }
        rig.loop.cancel()
    }
}
