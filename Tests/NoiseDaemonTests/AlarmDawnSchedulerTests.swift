import NoiseControl
import NoiseCore
import NoiseTesting
import Testing

@testable import NoiseAlarms
@testable import NoiseDaemon
@testable import NoiseProtocol

/// Dawns on the scheduler actor with a hand-moved clock: the loop sleeps until ring − dawn (no timer of their own),
/// `dawn_started` and `dawn_ended` are published, `status` lists the dawn under way.
@Suite("Alarm scheduler: dawns", .timeLimit(.minutes(1)))
struct AlarmDawnSchedulerTests {
    typealias Rig = AlarmSchedulerTests.Rig
    /// 07:00 on the rig's Monday.
    static let ring = AlarmSchedulerTests.start + 3600

    /// The events the hub published, read in order.
    struct Events {
        var iterator: AsyncStream<[UInt8]>.Iterator
        init(_ hub: EventHub) { iterator = hub.subscribe(onOverflow: {}).lines.makeAsyncIterator() }

        /// The next dawn event (the hub has it already: the scheduler publishes before it answers or sleeps).
        mutating func nextDawn() async throws -> DaemonEvent {
            while let line = await iterator.next() {
                let event = try JSONCoding.decode(DaemonEvent.self, from: line)
                if case .dawnStarted = event { return event }
                if case .dawnEnded = event { return event }
            }
            throw CancellationError()
        }
    }

    @Test func theLoopSleepsUntilRingLessDawnThenPublishesItAndADismissEndsIt() async throws {
        let rig = try await Rig()
        var events = Events(rig.hub)
        let waits = rig.clock.waitCount
        let id = try await rig.scheduler.add(
            AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, dawnSeconds: 1800)
        ).alarm.id
        await rig.clock.parked(after: waits)
        #expect(rig.clock.parkedDeadline == Self.ring - 1800, "the dawn's start is the loop's deadline")
        await rig.advance(to: Self.ring - 1800)
        let dawn = DawnInfo(alarmID: id, ringAt: Self.ring, lengthSeconds: 1800, zone: .utc)
        #expect(try await events.nextDawn() == .dawnStarted(dawn))
        #expect(await rig.scheduler.status().dawns == [dawn])
        #expect(dawn.startsAt.unix == Self.ring - 1800)
        await rig.advance(to: Self.ring)
        #expect(await rig.scheduler.status().dawns == [dawn], "full light while it rings")
        _ = try await rig.scheduler.dismiss()
        #expect(try await events.nextDawn() == .dawnEnded(dawn))
        #expect(await rig.scheduler.status().dawns.isEmpty)
        rig.loop.cancel()
    }

    @Test func aSkipAndAnEditEndItAndAnAlarmSetWithinItsDawnBeginsAtOnce() async throws {
        let rig = try await Rig()
        var events = Events(rig.hub)
        await rig.advance(to: Self.ring - 600)
        let id = try await rig.scheduler.add(
            AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, dawnSeconds: 1800)
        ).alarm.id
        let dawn = DawnInfo(alarmID: id, ringAt: Self.ring, lengthSeconds: 1800, zone: .utc)
        #expect(try await events.nextDawn() == .dawnStarted(dawn), "set 10 min before its ring: 2/3 of the way")
        _ = try await rig.scheduler.edit(id, AlarmChanges(label: "Work"))
        #expect(try await events.nextDawn() == .dawnEnded(dawn))
        #expect(try await events.nextDawn() == .dawnStarted(dawn), "still in its dawn: it begins again")
        _ = try await rig.scheduler.skip(id)
        #expect(try await events.nextDawn() == .dawnEnded(dawn))
        #expect(await rig.scheduler.status().dawns.isEmpty)
        rig.loop.cancel()
    }

    /// A suspend through the dawn's start: nothing while asleep, the dawn at resume, for the same ring.
    @Test func aDawnSleptThroughBeginsAtResume() async throws {
        let rig = try await Rig()
        var events = Events(rig.hub)
        let id = try await rig.scheduler.add(
            AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, dawnSeconds: 1800)
        ).alarm.id
        await rig.settle()
        await rig.advance(to: Self.ring - 1830)
        let waits = rig.clock.waitCount
        await rig.scheduler.prepareForSleep()
        await rig.clock.parked(after: waits)
        // Past the dawn's start, within the hold (`AlarmDefaults.sleepHoldSeconds`, which ends it by itself).
        await rig.advance(to: Self.ring - 1800 + 20)
        #expect(await rig.scheduler.status().dawns.isEmpty, "asleep: held until resume")
        await rig.scheduler.resumed()
        let dawn = DawnInfo(alarmID: id, ringAt: Self.ring, lengthSeconds: 1800, zone: .utc)
        #expect(try await events.nextDawn() == .dawnStarted(dawn))
        rig.loop.cancel()
    }
}
