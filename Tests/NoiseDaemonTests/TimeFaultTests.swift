import Logging
import NoiseControl
import NoiseCore
import NoiseStore
import NoiseSystem
import NoiseTesting
import Synchronization
import Testing

@testable import NoiseAlarms
@testable import NoiseDaemon
@testable import NoiseProtocol
@testable import NoiseTime

/// A system zone the test can change while the scheduler runs, as `timedatectl set-timezone` would.
final class ChangingZone: TimeZoneSource {
    private let current: Mutex<ZoneRules>
    init(_ rules: ZoneRules) { current = Mutex(rules) }
    func set(_ rules: ZoneRules) { current.withLock { $0 = rules } }
    func zone(named identifier: String) throws(ZoneRules.Failure) -> ZoneRules {
        try SystemTimeZoneSource(environment: [:]).zone(named: identifier)
    }
    func systemZoneReading() -> (rules: ZoneRules, problem: String?) { (current.withLock { $0 }, nil) }
    func identifiers() -> [String] { [] }
}

/// Clock jumps and a time-zone change while the scheduler actor runs: nothing rings twice, nothing due is
/// skipped, what was missed is reported.
@Suite("Alarm scheduler: time faults")
struct TimeFaultTests {
    /// 2024-06-10 06:00:00 UTC, a Monday.
    static let start = Double(19_884 * 86_400 + 6 * 3600)

    struct Rig {
        let clock = ManualWallClock(now: TimeFaultTests.start)
        let zones = ChangingZone(.utc)
        let ringer = RecordingRinger()
        let scheduler: AlarmScheduler
        let loop: Task<Void, Never>

        init() async throws {
            scheduler = try await AlarmScheduler(
                database: try .inMemory(), clock: clock, zones: zones, ringer: ringer,
                hub: EventHub(),
                logger: Logger(label: "test"))
            let scheduler = self.scheduler
            loop = Task { await scheduler.run() }
        }

        func advance(to instant: Double) async {
            // The scheduler sleeps until its next deadline only: a move short of it wakes nothing.
            let waits = clock.waitCount
            if clock.advance(to: instant) { await clock.parked(after: waits) }
        }

        func jump(to instant: Double) async {
            let waits = clock.waitCount
            clock.jump(to: instant)
            await clock.parked(after: waits)
        }

        func add(_ changes: AlarmChanges) async throws -> AlarmInfo {
            let waits = clock.waitCount
            let info = try await scheduler.add(changes)
            await clock.parked(after: waits)
            return info
        }
    }

    @Test func aBackwardJumpAfterARingNeverRingsItAgain() async throws {
        let rig = try await Rig()
        let trigger = Double(Self.start) + 3600
        _ = try await rig.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
        await rig.advance(to: Double(trigger))
        _ = try await rig.scheduler.dismiss()
        // The clock is set back ten minutes, then runs past 07:00 again.
        await rig.jump(to: Double(trigger) - 600)
        await rig.advance(to: Double(trigger) + 5)
        #expect(await rig.ringer.started.map(\.1) == [trigger], "rung once")
        #expect(await rig.scheduler.next()?.nextTrigger?.unix == trigger + 86_400)
        rig.loop.cancel()
    }

    @Test func aBackwardJumpBeforeAnAlarmStillRingsItOnce() async throws {
        let rig = try await Rig()
        let trigger = Double(Self.start) + 3600
        _ = try await rig.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
        await rig.advance(to: Double(trigger) - 60)
        await rig.jump(to: Double(trigger) - 3600)
        #expect(await rig.ringer.started.isEmpty)
        await rig.advance(to: Double(trigger))
        #expect(await rig.ringer.started.map(\.1) == [trigger])
        rig.loop.cancel()
    }

    @Test func aForwardJumpOverTwoAlarmsRingsTheRecentOneAndReportsTheOther() async throws {
        let rig = try await Rig()
        _ = try await rig.add(AlarmChanges(time: TimeOfDay(hour: 6, minute: 30), label: "early", repeat: .daily))
        _ = try await rig.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 55), label: "recent", repeat: .daily))
        await rig.jump(to: Self.start + 2 * 3600)  // 08:00: 06:30 is 90 min late, 07:55 five minutes
        #expect(await rig.ringer.started.map(\.1) == [Double(Self.start) + 7200 - 300])
        let missed = await rig.scheduler.status().missed
        #expect(missed.map(\.label) == ["early"] && missed.map(\.reason) == ["late"])
        rig.loop.cancel()
    }

    /// No clock jump: the change of zone alone wakes the scheduler (it no longer re-reads the zone every minute).
    @Test func aZoneChangeAloneWakesTheSchedulerAtOnce() async throws {
        let rig = try await Rig()
        let tokyo = try SystemTimeZoneSource(environment: [:]).zone(named: "Asia/Tokyo")
        _ = try await rig.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
        #expect(await rig.scheduler.next()?.nextTrigger?.unix == Double(Self.start) + 3600)
        rig.zones.set(tokyo)
        let waits = rig.clock.waitCount
        rig.clock.filesChanged()
        await rig.clock.parked(after: waits)
        #expect(rig.clock.now() == Self.start, "no time passed")
        #expect(await rig.scheduler.status().timeZone == "Asia/Tokyo")
        // 06:00 UTC is 15:00 in Tokyo: 07:00 there is tomorrow, 22:00 UTC today.
        #expect(await rig.scheduler.next()?.nextTrigger?.unix == Double(19_884 * 86_400 + 22 * 3600))
        rig.loop.cancel()
    }

    @Test func aTimeZoneChangeMovesTheNextTriggerAndRingsNothingTwice() async throws {
        let rig = try await Rig()
        let tokyo = try SystemTimeZoneSource(environment: [:]).zone(named: "Asia/Tokyo")
        let utcTrigger = Double(Self.start) + 3600
        _ = try await rig.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
        await rig.advance(to: Double(utcTrigger))
        _ = try await rig.scheduler.dismiss()
        // Flying east: at 07:00:05 UTC it is 16:00:05 in Tokyo; 07:00 there is 22:00 UTC today.
        rig.zones.set(tokyo)
        await rig.jump(to: Double(utcTrigger) + 5)
        let tokyoTrigger = Double(19_884 * 86_400 + 22 * 3600)
        #expect(await rig.scheduler.status().timeZone == "Asia/Tokyo")
        #expect(await rig.scheduler.next()?.nextTrigger?.unix == tokyoTrigger)
        await rig.advance(to: Double(tokyoTrigger) - 1)
        #expect(await rig.ringer.started.map(\.1) == [utcTrigger], "nothing rang in between")
        await rig.advance(to: Double(tokyoTrigger))
        #expect(await rig.ringer.started.map(\.1) == [utcTrigger, tokyoTrigger])
        #expect(await rig.scheduler.status().missed.isEmpty)
        rig.loop.cancel()
    }
}
