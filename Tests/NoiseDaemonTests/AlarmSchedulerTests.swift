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

/// Records what the scheduler asks of the audio side.
actor RecordingRinger: AlarmRinger {
    var prepared: [(Int64, Double)] = []
    var started: [(Int64, Double)] = []
    var stops = 0
    var cancels = 0
    /// How long each preparation was given to load its tone.
    var readyWithin: [Duration] = []
    /// What `startAlarmTone` reports.
    var report = RingReport(tone: ToneInfo(sound: "classic", note: nil))

    func prepareAlarmTone(alarm: Alarm, trigger: Double, readyWithin: Duration) {
        prepared.append((alarm.id, trigger))
        self.readyWithin.append(readyWithin)
    }
    func cancelPreparedTone() { cancels += 1 }
    func startAlarmTone(alarm: Alarm, trigger: Double) -> RingReport {
        started.append((alarm.id, trigger))
        return report
    }
    func setReport(_ report: RingReport) { self.report = report }
    func stopAlarmTone() { stops += 1 }
    func soundProblem(_ id: String) -> ProtocolError? {
        id == "nope" ? ProtocolError(.unknownSound, "unknown sound 'nope'") : nil
    }
    /// The mixes started after dismissed alarms.
    var mixesPlayed: [String] = []
    func mixProblem(_ name: String) -> ProtocolError? {
        name == "nope" ? ProtocolError(.unknownMix, "no mix is named 'nope'") : nil
    }
    func playAfterAlarm(mix: String) -> ProtocolError? {
        mixesPlayed.append(mix)
        return mixProblem(mix)
    }
    var dawnSounds: [(mix: String, seconds: Double, volume: Double)] = []
    func playDawnSound(mix: String, over seconds: Double, volume: Double) -> ProtocolError? {
        dawnSounds.append((mix, seconds, volume))
        return mixProblem(mix)
    }
}

struct FixedZone: TimeZoneSource {
    var rules: ZoneRules = .utc
    func zone(named identifier: String) throws(ZoneRules.Failure) -> ZoneRules { rules }
    func systemZoneReading() -> (rules: ZoneRules, problem: String?) { (rules, nil) }
    func identifiers() -> [String] { [rules.identifier] }
}

/// The scheduler actor with a hand-driven wall clock, a real in-memory store and a recording ringer.
@Suite("Alarm scheduler (actor, injected clock)")
struct AlarmSchedulerTests {
    /// 2024-06-10 06:00:00 UTC, a Monday.
    static let start = Double(19_884 * 86_400 + 6 * 3600)

    struct Rig {
        let clock = ManualWallClock(now: AlarmSchedulerTests.start)
        let database: NoiseDatabase
        let store: AlarmStore
        let ringer = RecordingRinger()
        let hub = EventHub()
        let scheduler: AlarmScheduler
        let loop: Task<Void, Never>

        init() async throws {
            database = try NoiseDatabase.inMemory()
            store = AlarmStore(database)
            scheduler = try await AlarmScheduler(
                database: database, clock: clock, zones: FixedZone(), ringer: ringer, hub: hub,

                logger: Logger(label: "test"))
            let scheduler = self.scheduler
            loop = Task { await scheduler.run() }
        }

        /// Moves the clock and waits until the scheduler has handled it and is asleep again.
        func advance(to instant: Double) async {
            // The scheduler sleeps until its next deadline only: a move short of it wakes nothing.
            let waits = clock.waitCount
            if clock.advance(to: instant) { await clock.parked(after: waits) }
        }

        func settle() async {
            await clock.parked(after: clock.waitCount - 1)
        }
    }

    @Test func ringsOnTimeAfterPreparingTheToneAhead() async throws {
        let rig = try await Rig()
        let trigger = Double(Self.start) + 3600
        let waits = rig.clock.waitCount
        let added = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
        await rig.clock.parked(after: waits)
        #expect(added.nextTrigger?.unix == trigger)
        await rig.advance(to: Double(trigger) - 1.5)
        #expect(await rig.ringer.prepared.map(\.1) == [trigger])
        #expect(await rig.ringer.started.isEmpty)
        await rig.advance(to: Double(trigger))
        #expect(await rig.ringer.started.map(\.1) == [trigger])
        #expect(await rig.scheduler.status().ringing.map(\.alarm.id) == [added.alarm.id])
        rig.loop.cancel()
    }

    /// The tone gets the time before the trigger less the device's margin to load, never the whole wait: a tone
    /// file that blocks must not hold the scheduler past the trigger (it did: a FIFO silenced every alarm).
    @Test func theToneIsGivenUntilJustBeforeTheTriggerToLoad() async throws {
        let rig = try await Rig()
        let trigger = Double(Self.start) + 3600
        _ = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0)))
        await rig.settle()
        await rig.advance(to: Double(trigger) - ToneHandOff.lead)
        #expect(
            await rig.ringer.readyWithin == [.seconds(ToneHandOff.lead - DaemonLimits.toneReadyMarginSeconds)]
        )
        rig.loop.cancel()
    }

    /// `noisectl snooze` with nothing ringing is told so in words, with the alarm that rings next.
    @Test func snoozeWithNothingRingingSaysWhichAlarmIsNext() async throws {
        let rig = try await Rig()
        await #expect { try await rig.scheduler.snooze(minutes: nil) } throws: {
            ($0 as? ProtocolError)?.message == "no alarm is ringing, and none is set to ring"
        }
        let added = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), label: "Work"))
        await #expect { try await rig.scheduler.dismiss() } throws: {
            ($0 as? ProtocolError)?.message
                == "no alarm is ringing; the next is alarm \(added.alarm.id) (Work) at 07:00 on 2024-06-10"
        }
        rig.loop.cancel()
    }

    /// Which tone rang, and why not the alarm's own, is in the alarm's record (`status`, `alarm show`, the event).
    @Test func theToneThatRangIsInTheAlarmsRecord() async throws {
        let rig = try await Rig()
        let trigger = Double(Self.start) + 3600
        let tone = ToneInfo(sound: nil, note: "'pipe' was not loaded within 0.8 s; the tone made in code rang instead")
        await rig.ringer.setReport(RingReport(tone: tone))
        let added = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), sound: "pipe"))
        await rig.settle()
        #expect(try await rig.scheduler.show(added.alarm.id).tone == nil, "no tone before it rings")
        await rig.advance(to: Double(trigger))
        #expect(await rig.scheduler.status().ringing.map(\.tone) == [tone])
        #expect(try await rig.scheduler.show(added.alarm.id).tone == tone)
        rig.loop.cancel()
    }

    @Test func snoozeIsStoredAndRingsAgain() async throws {
        let rig = try await Rig()
        let trigger = Double(Self.start) + 3600
        _ = try await rig.scheduler.add(
            AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, snoozeMinutes: 5))
        await rig.settle()
        await rig.advance(to: Double(trigger))
        let waits = rig.clock.waitCount
        let snoozed = try await rig.scheduler.snooze(minutes: nil)
        await rig.clock.parked(after: waits)
        #expect(snoozed.first?.snoozedUntil?.unix == trigger + 300)
        #expect(await rig.ringer.stops == 1)
        #expect(
            try await rig.store.snapshot().snoozes.first?.value.ringAt == trigger + 300, "the snooze survives a restart"
        )
        await rig.advance(to: Double(trigger + 300))
        #expect(await rig.ringer.started.map(\.1) == [trigger, trigger + 300])
        _ = try await rig.scheduler.dismiss()
        #expect(try await rig.store.snapshot().lookAfter.values.first == trigger)
        rig.loop.cancel()
    }

    @Test func ringLimitStopsAndRecordsMissed() async throws {
        let rig = try await Rig()
        let trigger = Double(Self.start) + 3600
        _ = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), ringLimitSeconds: 60))
        await rig.settle()
        await rig.advance(to: Double(trigger))
        await rig.advance(to: Double(trigger + 60))
        #expect(await rig.ringer.stops == 1)
        let status = await rig.scheduler.status()
        #expect(status.missed.map(\.reason) == ["unattended"])
        #expect(try await rig.store.missed().count == 1)
        #expect(try await rig.store.snapshot().alarms.first?.enabled == false, "a once alarm switches itself off")
        #expect(try await rig.scheduler.missed().map(\.trigger.unix) == [trigger])
        // Cleared: gone from status, from the list and from the store (a restart shows none either).
        #expect(try await rig.scheduler.clearMissed() == MissedCleared(cleared: 1))
        #expect(await rig.scheduler.status().missed.isEmpty)
        #expect(try await rig.scheduler.missed().isEmpty)
        #expect(try await rig.store.missed().isEmpty)
        #expect(try await rig.scheduler.clearMissed() == MissedCleared(cleared: 0))
        rig.loop.cancel()
    }

    @Test func aForwardJumpPastTheLimitIsMissedNotRung() async throws {
        let rig = try await Rig()
        _ = try await rig.scheduler.add(
            AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, ringLimitSeconds: 600))
        await rig.settle()
        let waits = rig.clock.waitCount
        rig.clock.jump(to: Self.start + 3 * 3600)
        await rig.clock.parked(after: waits)
        #expect(await rig.ringer.started.isEmpty)
        #expect(await rig.scheduler.status().missed.map(\.reason) == ["late"])
        rig.loop.cancel()
    }

    @Test func aRestartRingsWhatIsDueWithinItsLimitAndNothingTwice() async throws {
        let rig = try await Rig()
        let trigger = Double(Self.start) + 3600
        _ = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), repeat: .daily))
        await rig.settle()
        await rig.advance(to: Double(trigger))
        rig.loop.cancel()
        // A second scheduler on the same store: the daemon restarted while the alarm rang.
        let clock = ManualWallClock(now: Double(trigger + 120))
        let ringer = RecordingRinger()
        let restarted = try await AlarmScheduler(
            database: rig.database, clock: clock, zones: FixedZone(), ringer: ringer, hub: EventHub(),
            logger: Logger(label: "test"))
        let loop = Task { await restarted.run() }
        await clock.parked(after: 0)
        #expect(await ringer.started.map(\.1) == [trigger])
        _ = try await restarted.dismiss()
        loop.cancel()
        // And after the dismissal, another restart rings nothing.
        let again = ManualWallClock(now: Double(trigger + 180))
        let quiet = RecordingRinger()
        let third = try await AlarmScheduler(
            database: rig.database, clock: again, zones: FixedZone(), ringer: quiet, hub: EventHub(),
            logger: Logger(label: "test"))
        let thirdLoop = Task { await third.run() }
        await again.parked(after: 0)
        #expect(await quiet.started.isEmpty)
        #expect(await third.next()?.nextTrigger?.unix == trigger + 86_400)
        thirdLoop.cancel()
    }

    @Test func twoAlarmsAtOnceBothRingAndOneDismissAnswersBoth() async throws {
        let rig = try await Rig()
        let trigger = Double(Self.start) + 3600
        _ = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), label: "a"))
        _ = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), label: "b"))
        await rig.settle()
        await rig.advance(to: Double(trigger))
        #expect(await rig.scheduler.status().ringing.count == 2)
        #expect(try await rig.scheduler.dismiss().count == 2)
        #expect(await rig.ringer.stops == 1)
        rig.loop.cancel()
    }

    @Test func badRequestsChangeNothing() async throws {
        let rig = try await Rig()
        await #expect(throws: ProtocolError.self) {
            try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), sound: "nope"))
        }
        await #expect(throws: ProtocolError.self) { try await rig.scheduler.edit(42, AlarmChanges(label: "x")) }
        await #expect(throws: ProtocolError.self) { try await rig.scheduler.dismiss() }
        #expect(await rig.scheduler.list().isEmpty)
        #expect(try await rig.store.snapshot().alarms.isEmpty)
        rig.loop.cancel()
    }

    @Test func theListComesInPagesInTheOrderTheAlarmsRing() async throws {
        let rig = try await Rig()
        var added: [Int64] = []
        for hour in [9, 7, 8, 6, 10] {
            added.append(try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: hour, minute: 0))).alarm.id)
        }
        _ = try await rig.scheduler.edit(added[4], AlarmChanges(enabled: false))
        let infos = await rig.scheduler.list()
        let triggers = infos.compactMap(\.nextTrigger?.unix)
        #expect(triggers.count == 4 && triggers == triggers.sorted() && infos.last?.alarm.id == added[4])
        let whole = infos.map(\.alarm.id)
        let pages = [
            await rig.scheduler.list(offset: 0, limit: 2), await rig.scheduler.list(offset: 2, limit: 2),
            await rig.scheduler.list(offset: 4, limit: 2), await rig.scheduler.list(offset: 9, limit: 2),
        ]
        #expect(pages.map { $0.map(\.alarm.id) } == [Array(whole[0..<2]), Array(whole[2..<4]), [whole[4]], []])
        rig.loop.cancel()
    }

    @Test func timersAreKeptApartFromTheOtherAlarms() async throws {
        let rig = try await Rig()
        _ = try await rig.scheduler.add(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0)))
        let timer = try await rig.scheduler.addTimer(seconds: 600, label: "Tea", sound: nil)
        #expect(await rig.scheduler.timers().map(\.alarm.id) == [timer.alarm.id])
        _ = try await rig.scheduler.remove([timer.alarm.id])
        #expect(await rig.scheduler.timers().isEmpty)
        rig.loop.cancel()
    }
}
