import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime

/// Dawns in the pure schedule (docs/alarms.md, "Dawn"): the start is one more deadline, found from the alarm's real
/// next trigger, and what is under way is settled from the schedule's state.
@Suite("Alarm schedule: dawns")
struct AlarmDawnTests {
    typealias Dawn = AlarmSchedule.Dawn
    /// 2024-06-10, a Monday, in UTC.
    static let monday: Double = 19_884 * 86_400
    static let berlin = try! ZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3", identifier: "Europe/Berlin")

    func at(_ hour: Int, _ minute: Int = 0, day: Int = 0) -> Double {
        Self.monday + Double(day * 86_400 + hour * 3600 + minute * 60)
    }

    func alarm(
        _ id: Int64 = 1, _ hour: Int = 7, _ minute: Int = 0, dawn: Double = 1800, repeat days: RepeatRule = .daily
    )
        -> Alarm
    {
        Alarm(id: id, time: TimeOfDay(hour: hour, minute: minute), repeat: days, dawnSeconds: dawn)
    }

    func schedule(_ alarms: [Alarm], now: Double, zone: ZoneRules = .utc) -> AlarmSchedule {
        AlarmSchedule(alarms: alarms, lookAfter: [:], snoozes: [:], zone: zone, now: now)
    }

    @Test func theDawnBeginsAtTheRingLessItsLengthAndLastsThroughTheRingUntilItIsAnswered() {
        var plan = schedule([alarm()], now: at(6))
        #expect(plan.nextDeadline == at(6, 30), "the dawn's start is the schedule's next deadline")
        #expect(plan.settleDawns(now: at(6, 29)).isEmpty)
        let dawn = Dawn(alarmID: 1, ringAt: at(7), lengthSeconds: 1800)
        #expect(plan.settleDawns(now: at(6, 30)) == [.started(dawn)])
        #expect(plan.dawns == [1: dawn])
        #expect(plan.nextDeadline == at(7), "started: the ring is next")
        #expect(plan.settleDawns(now: at(6, 45)).isEmpty, "nothing to say twice")
        #expect(plan.advance(to: at(7)) == [.ring(alarmID: 1, trigger: at(7))])
        #expect(plan.settleDawns(now: at(7)).isEmpty, "the ring keeps its dawn, at full light")
        _ = plan.snooze(now: at(7, 1), minutes: 5, only: nil)
        #expect(plan.settleDawns(now: at(7, 1)) == [.ended(dawn)], "a snooze ends it")
        #expect(plan.dawns.isEmpty)
        _ = plan.advance(to: at(7, 6))
        #expect(plan.settleDawns(now: at(7, 6)).isEmpty, "a snooze's ring has no dawn")
    }

    @Test func aDismissAnUnattendedRingAndASkipEndIt() {
        var plan = schedule([alarm()], now: at(6, 40))
        let today = Dawn(alarmID: 1, ringAt: at(7), lengthSeconds: 1800)
        #expect(plan.settleDawns(now: at(6, 40)) == [.started(today)], "set within its dawn: it begins at once")
        _ = plan.advance(to: at(7))
        _ = plan.dismiss(now: at(7, 2), only: nil)
        #expect(plan.settleDawns(now: at(7, 2)) == [.ended(today)])

        let tomorrow = Dawn(alarmID: 1, ringAt: at(7, day: 1), lengthSeconds: 1800)
        #expect(plan.nextDeadline == at(6, 30, day: 1))
        _ = plan.settleDawns(now: at(6, 30, day: 1))
        _ = plan.advance(to: at(7, day: 1))
        #expect(plan.dawns == [1: tomorrow])
        _ = plan.advance(to: at(7, 10, day: 1))
        #expect(plan.settleDawns(now: at(7, 10, day: 1)) == [.ended(tomorrow)], "rung out unattended")

        let third = Dawn(alarmID: 1, ringAt: at(7, day: 2), lengthSeconds: 1800)
        #expect(plan.settleDawns(now: at(6, 50, day: 2)) == [.started(third)])
        plan.skip(1, ringAt: at(7, day: 2))
        #expect(plan.settleDawns(now: at(6, 51, day: 2)) == [.ended(third)], "a skip ends it")
        #expect(plan.nextDeadline == at(7, day: 2), "the skip is spent at the skipped ring; the next dawn after it")
    }

    @Test func anEditEndsItAndTheEditedAlarmBeginsAgainWhenStillInItsDawn() {
        var plan = schedule([alarm()], now: at(6, 40))
        let before = Dawn(alarmID: 1, ringAt: at(7), lengthSeconds: 1800)
        _ = plan.settleDawns(now: at(6, 40))
        var edited = alarm(dawn: 3600)
        _ = plan.put(edited, now: at(6, 41))
        let after = Dawn(alarmID: 1, ringAt: at(7), lengthSeconds: 3600)
        #expect(plan.settleDawns(now: at(6, 41)) == [.ended(before), .started(after)])
        edited.dawnSeconds = 0
        _ = plan.put(edited, now: at(6, 42))
        #expect(plan.settleDawns(now: at(6, 42)) == [.ended(after)], "--dawn 0: none")
        edited = alarm(dawn: 600)
        _ = plan.put(edited, now: at(6, 43))
        #expect(plan.settleDawns(now: at(6, 43)).isEmpty, "a 10 min dawn begins at 06:50")
        #expect(plan.nextDeadline == at(6, 50))
        edited.enabled = false
        _ = plan.settleDawns(now: at(6, 50))
        _ = plan.put(edited, now: at(6, 51))
        #expect(plan.settleDawns(now: at(6, 51)) == [.ended(Dawn(alarmID: 1, ringAt: at(7), lengthSeconds: 600))])
        _ = plan.put(alarm(), now: at(6, 52))
        _ = plan.settleDawns(now: at(6, 52))
        _ = plan.remove(1)
        #expect(plan.settleDawns(now: at(6, 53)) == [.ended(before)], "removed")
    }

    /// A later ring with a longer dawn begins before an earlier ring with a shorter one: the deadline is the earliest
    /// start, not the first trigger's.
    @Test func theEarliestStartIsTheDeadlineWhateverTheOrderOfTheRings() {
        let plan = schedule(
            [alarm(1, 7, 0, dawn: 0), alarm(2, 7, 30, dawn: 3600), alarm(3, 8, 0, dawn: 7200), alarm(4, 10, 0)],
            now: at(5))
        #expect(plan.nextDeadline == at(6))
        var many = (1...2000).map { alarm(Int64($0), 9, 0, dawn: 0) }
        many.append(alarm(9999, 9, 30, dawn: 7200))
        #expect(schedule(many, now: at(5)).nextDeadline == at(7, 30))
    }

    /// The length counts in real seconds and the ring is the rule's real next trigger: across the night clocks go
    /// forward (Berlin, 2024-03-31 02:00 CET → 03:00 CEST) a 2 h dawn for 03:30 CEST (01:30 UTC) begins at 23:30 UTC,
    /// 00:30 by the wall clock: three hours of wall clock, two of real time.
    @Test func acrossADaylightSavingChangeTheDawnIsItsLengthInRealTime() {
        let sunday: Double = 19_813 * 86_400  // 2024-03-31 00:00 UTC
        let ring = sunday + 1.5 * 3600  // 03:30 CEST
        var plan = schedule([alarm(1, 3, 30, dawn: 7200)], now: sunday - 3600, zone: Self.berlin)
        #expect(plan.nextTrigger(of: 1) == ring)
        #expect(plan.nextDeadline == ring - 7200)
        #expect(plan.settleDawns(now: ring - 7200) == [.started(Dawn(alarmID: 1, ringAt: ring, lengthSeconds: 7200))])
        // And in autumn (2024-10-27 03:00 CEST → 02:00 CET): 07:00 CET is 06:00 UTC; a 30 min dawn from 05:30 UTC.
        let autumn: Double = 20_023 * 86_400
        let autumnPlan = schedule([alarm(1, 7, 0, dawn: 1800)], now: autumn, zone: Self.berlin)
        #expect(autumnPlan.nextDeadline == autumn + 5.5 * 3600)
    }

    /// After a suspend through the dawn's start (the clock jumps): the dawn begins at resume for the same ring, and a
    /// page computes its point from the ring; a suspend through the ring itself, past the grace, has no dawn.
    @Test func afterASuspendTheDawnBeginsAtResumeOrNotAtAllWhenTheRingWasMissed() {
        var plan = schedule([alarm()], now: at(6))
        #expect(plan.advance(to: at(6, 45), lateReason: .suspended).isEmpty)
        #expect(plan.settleDawns(now: at(6, 45)) == [.started(Dawn(alarmID: 1, ringAt: at(7), lengthSeconds: 1800))])

        var missed = schedule([alarm()], now: at(6))
        let actions = missed.advance(to: at(7, 20), lateReason: .suspended)
        #expect(actions.contains(.missed(alarmID: 1, trigger: at(7), reason: .suspended)))
        #expect(missed.settleDawns(now: at(7, 20)).isEmpty)
        #expect(missed.nextDeadline == at(6, 30, day: 1))
    }

    @Test func thePointAndTheLimits() {
        #expect(AlarmChanges(dawnSeconds: 7200).problem() == nil)
        #expect(AlarmChanges(dawnSeconds: 0).problem() == nil)
        #expect(
            AlarmChanges(dawnSeconds: 7201).problem()?.message
                == "dawn must be 0 (none) to 2 h, e.g. 30m; got 7201 seconds")
        #expect(AlarmChanges(dawnSeconds: -1).problem() != nil)
        #expect(AlarmChanges(dawnSeconds: .nan).problem() != nil)
    }
}
