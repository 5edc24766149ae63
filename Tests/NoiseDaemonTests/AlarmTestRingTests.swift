import NoiseStore
import NoiseTesting
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseDaemon
@testable import NoiseProtocol

/// `alarm test` on the scheduler actor: the tone now, stopped after its seconds or a dismiss, nothing stored changed,
/// on a hand-driven clock.
@Suite("Alarm scheduler: testing an alarm")
struct AlarmTestRingTests {
    typealias Rig = AlarmSchedulerTests.Rig
    static let start = AlarmSchedulerTests.start
    /// 2024-06-10 07:00 UTC: the daily alarm's first ring.
    static let seven = start + 3600

    /// What is stored of the alarms, in values that compare.
    struct Stored: Equatable {
        var alarms: [Alarm]
        var lookAfter: [Int64: Double]
        var snoozed: [Int64]
        var skips: [Int64: Double]
        var missed: Int

        init(_ store: AlarmStore) async throws {
            let snapshot = try await store.snapshot()
            alarms = snapshot.alarms
            lookAfter = snapshot.lookAfter
            snoozed = snapshot.snoozes.keys.sorted()
            skips = snapshot.skips
            missed = try await store.missed().count
        }
    }

    /// Starts a test ring of `id` and waits until the loop sleeps until its end.
    static func test(_ rig: Rig, _ id: Int64) async throws -> AlarmTestRing {
        let waits = rig.clock.waitCount
        let reply = try await rig.scheduler.test(id)
        await rig.clock.parked(after: waits)
        return reply
    }

    @Test func ringsNowStopsAfterTenSecondsAndChangesNothingStored() async throws {
        let rig = try await Rig()
        let id = try await rig.scheduler.add(
            AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, volume: 40, rampSeconds: 5)
        ).alarm.id
        await rig.settle()
        let before = try await rig.scheduler.show(id)
        let stored = try await Stored(rig.store)

        let reply = try await Self.test(rig, id)
        #expect(reply.alarm == before)
        #expect(reply.until.unix == Self.start + AlarmDefaults.testRingSeconds)
        #expect(await rig.ringer.started.map(\.0) == [id])
        #expect(await rig.ringer.started.map(\.1) == [Self.start])
        #expect(rig.clock.parkedDeadline == Self.start + AlarmDefaults.testRingSeconds)

        await rig.advance(to: Self.start + AlarmDefaults.testRingSeconds - 0.5)
        #expect(await rig.ringer.stops == 0)
        await rig.advance(to: Self.start + AlarmDefaults.testRingSeconds)
        #expect(await rig.ringer.stops == 1, "stopped after its seconds, by the scheduler's clock")

        #expect(try await rig.scheduler.show(id) == before, "no tone recorded, no trigger moved")
        #expect(try await Stored(rig.store) == stored)
        #expect(await rig.scheduler.status().ringing.isEmpty)
        #expect(await rig.scheduler.status().missed.isEmpty)
        await rig.advance(to: Self.seven)
        #expect(await rig.ringer.started.map(\.1) == [Self.start, Self.seven], "the real ring as before")
        rig.loop.cancel()
    }

    @Test func dismissStopsIt() async throws {
        let rig = try await Rig()
        let id = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
            .alarm.id
        await rig.settle()
        let stored = try await Stored(rig.store)
        _ = try await Self.test(rig, id)
        let dismissed = try await rig.scheduler.dismiss(only: id)
        #expect(dismissed.map(\.alarm.id) == [id])
        #expect(await rig.ringer.stops == 1)
        await rig.settle()
        await rig.advance(to: Self.start + AlarmDefaults.testRingSeconds)
        #expect(await rig.ringer.stops == 1, "its end passes without a second stop")
        await #expect { try await rig.scheduler.dismiss() } throws: { ($0 as? ProtocolError)?.code == .notRinging }
        #expect(try await Stored(rig.store) == stored)
        #expect(try await rig.scheduler.show(id).nextTrigger?.unix == Self.seven)
        rig.loop.cancel()
    }

    @Test func aRealRingTakesOver() async throws {
        let rig = try await Rig()
        let id = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
            .alarm.id
        await rig.settle()
        await rig.advance(to: Self.seven - 5)
        _ = try await Self.test(rig, id)
        await rig.advance(to: Self.seven - ToneHandOff.lead)
        #expect(await rig.ringer.stops == 1, "the test ends when the real tone is handed over")
        #expect(await rig.ringer.prepared.map(\.1) == [Self.seven])
        await rig.advance(to: Self.seven)
        #expect(await rig.ringer.started.map(\.1) == [Self.seven - 5, Self.seven])
        #expect(await rig.scheduler.status().ringing.map(\.alarm.id) == [id])
        await rig.advance(to: Self.seven - 5 + AlarmDefaults.testRingSeconds)
        #expect(await rig.ringer.stops == 1, "the test's end does not stop the real ring")
        rig.loop.cancel()
    }

    @Test func refusalsSayWhy() async throws {
        let rig = try await Rig()
        let first = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
            .alarm.id
        let second = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 9, minute: 0))).alarm.id
        await rig.settle()
        func refusal(_ id: Int64) async -> ProtocolError? {
            do {
                _ = try await rig.scheduler.test(id)
                return nil
            } catch { return error }
        }
        #expect(await refusal(99) == rig.scheduler.unknownAlarm(99))
        _ = try await Self.test(rig, first)
        #expect(await refusal(second)?.message.contains("alarm \(first) rings as a test already") == true)
        _ = try await rig.scheduler.dismiss()
        await rig.settle()
        await rig.advance(to: Self.seven - ToneHandOff.lead)
        #expect(await refusal(second)?.message == "alarm \(first) rings in a moment: test alarm \(second) after it")
        await rig.advance(to: Self.seven)
        #expect(
            await refusal(second)?.message
                == "alarm \(first) is ringing: dismiss or snooze it first (noisectl dismiss \(first)), "
                + "then test alarm \(second)")
        #expect(await rig.ringer.started.map(\.1) == [Self.start, Self.seven])
        rig.loop.cancel()
    }
}
