import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime

/// `alarm skip`: the next trigger passes over the skipped ring, once, and a skip that has passed is spent.
@Suite("Alarm schedule: skipping a ring")
struct AlarmSkipTests {
    /// 2024-06-10, a Monday, in UTC.
    static let monday: Double = 19_884 * 86_400

    func at(_ hour: Int, _ minute: Int = 0, day: Int = 0) -> Double {
        Self.monday + Double(day * 86_400 + hour * 3600 + minute * 60)
    }

    let weekdays = Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays, ringLimitSeconds: 600)

    func schedule(_ alarms: [Alarm], now: Double, skips: [Int64: Double] = [:]) -> AlarmSchedule {
        AlarmSchedule(alarms: alarms, lookAfter: [:], snoozes: [:], skips: skips, zone: .utc, now: now)
    }

    @Test func theRuleSkipsOnlyTheNamedRing() {
        let context = TriggerRule.Context(zone: .utc)
        let rule = weekdays.rule
        #expect(rule.next(after: at(6), skipping: at(7), in: context) == at(7, day: 1))
        #expect(rule.next(after: at(6), skipping: nil, in: context) == at(7))
        #expect(
            rule.next(after: at(6), skipping: at(7, day: 1), in: context) == at(7),
            "a skip of a later ring leaves the next one alone")
        #expect(
            rule.next(after: at(6, day: 4), skipping: at(7, day: 4), in: context) == at(7, day: 7),
            "Friday's ring skipped: Monday's is next")
    }

    @Test func skippingMakesTheRingAfterItTheNextAndIsSpentWhenItsRingPasses() {
        var plan = schedule([weekdays], now: at(6))
        #expect(plan.ringToSkip(of: 1) == .success(at(7)))
        plan.skip(1, ringAt: at(7))
        #expect(plan.nextTrigger(of: 1) == at(7, day: 1))
        #expect(plan.nextDeadline == at(7), "the skipped ring's instant is a deadline: the skip is spent then")
        #expect(
            plan.advance(to: at(7)) == [.persistLookAfter(alarmID: 1, instant: at(7)), .skipSpent(alarmID: 1)],
            "nothing rings; the skip goes and lookAfter moves past the skipped ring")
        #expect(plan.skips.isEmpty)
        #expect(plan.nextTrigger(of: 1) == at(7, day: 1))
        #expect(
            plan.advance(to: at(7, day: 1)) == [.ring(alarmID: 1, trigger: at(7, day: 1))],
            "it never skips a later ring")
    }

    @Test func aSpentSkipIsClearedAfterALongAbsenceWithoutRingingTheSkippedRing() {
        var plan = schedule([weekdays], now: at(6), skips: [1: at(7)])
        #expect(plan.nextTrigger(of: 1) == at(7, day: 1))
        let actions = plan.advance(to: at(7, 5, day: 1))
        #expect(actions.first == .persistLookAfter(alarmID: 1, instant: at(7)))
        #expect(actions.contains(.skipSpent(alarmID: 1)))
        #expect(actions.contains(.ring(alarmID: 1, trigger: at(7, day: 1))))
        #expect(!actions.contains(.ring(alarmID: 1, trigger: at(7))))
    }

    @Test func undoBringsTheSkippedRingBack() {
        var plan = schedule([weekdays], now: at(6))
        plan.skip(1, ringAt: at(7))
        #expect(plan.unskip(1) == at(7))
        #expect(plan.nextTrigger(of: 1) == at(7))
        #expect(plan.unskip(1) == nil, "it skips no ring")
    }

    @Test func whatCannotBeSkipped() {
        var once = weekdays
        once.id = 2
        once.rule = .wallClock(TimeOfDay(hour: 8, minute: 0), .once, zone: nil)
        var off = weekdays
        off.id = 3
        off.enabled = false
        var plan = schedule([weekdays, once, off], now: at(6))
        #expect(plan.ringToSkip(of: 2) == .failure(.ringsOnce))
        #expect(plan.ringToSkip(of: 3) == .failure(.disabled))
        #expect(plan.ringToSkip(of: 9) == .failure(.disabled))
        plan.skip(1, ringAt: at(7))
        #expect(plan.ringToSkip(of: 1) == .failure(.alreadySkips(at(7))))
        _ = plan.unskip(1)
        _ = plan.advance(to: at(7))
        #expect(plan.ringToSkip(of: 1) == .failure(.ringing))
    }

    /// `alarm skip next`: the repeating alarm whose next trigger comes first, past a timer or a once alarm sooner than
    /// it (they have no ring after their one), and past a ringing alarm (it has no next trigger while it rings).
    @Test func theNextToSkipIsTheRepeatingAlarmThatRingsFirst() {
        var once = weekdays
        once.id = 2
        once.rule = .wallClock(TimeOfDay(hour: 6, minute: 30), .once, zone: nil)
        var later = weekdays
        later.id = 3
        later.rule = .wallClock(TimeOfDay(hour: 8, minute: 0), .daily, zone: nil)
        var plan = schedule([later, once, weekdays], now: at(6))
        #expect(plan.nextAlarm?.alarmID == 2, "the once alarm rings first")
        #expect(plan.nextRepeatingAlarm == 1, "but weekdays' 07:00 is the next ring that can be skipped")
        plan.skip(1, ringAt: at(7))
        #expect(plan.nextRepeatingAlarm == 3, "with Monday's 07:00 skipped, 08:00 daily comes first")
        _ = plan.unskip(1)
        _ = plan.advance(to: at(7))
        #expect(plan.ringToSkip(of: 1) == .failure(.ringing))
        #expect(plan.nextRepeatingAlarm == 3, "a ringing alarm is passed over")
        #expect(schedule([once], now: at(6)).nextRepeatingAlarm == nil, "nothing that repeats: nothing to skip")
    }

    @Test func aSnoozedAlarmSkipsItsNextTriggerNotItsSnooze() {
        var plan = schedule([weekdays], now: at(6))
        _ = plan.advance(to: at(7))
        _ = plan.snooze(now: at(7, 1))
        #expect(plan.ringToSkip(of: 1) == .success(at(7, day: 1)))
        plan.skip(1, ringAt: at(7, day: 1))
        #expect(plan.nextSound(of: 1) == at(7, 10), "the snooze still rings")
        #expect(plan.nextTrigger(of: 1) == at(7, day: 2))
    }

    @Test func aNewTimeOrSwitchingOffEndsTheSkipANewLabelKeepsIt() {
        var plan = schedule([weekdays], now: at(6))
        plan.skip(1, ringAt: at(7))
        var relabelled = weekdays
        relabelled.label = "Work"
        #expect(plan.keepsSkip(relabelled))
        _ = plan.put(relabelled, now: at(6, 30))
        #expect(plan.skips[1] == at(7))
        #expect(plan.nextTrigger(of: 1) == at(7, day: 1))
        var retimed = relabelled
        retimed.rule = .wallClock(TimeOfDay(hour: 7, minute: 30), .weekdays, zone: nil)
        #expect(!plan.keepsSkip(retimed))
        _ = plan.put(retimed, now: at(6, 30))
        #expect(plan.skips.isEmpty)
        #expect(plan.nextTrigger(of: 1) == at(7, 30))
        plan.skip(1, ringAt: at(7, 30))
        var off = retimed
        off.enabled = false
        _ = plan.put(off, now: at(6, 40))
        #expect(plan.skips.isEmpty, "disabling ends the skip")
        off.enabled = true
        _ = plan.put(off, now: at(6, 41))
        #expect(plan.nextTrigger(of: 1) == at(7, 30), "switched on again, it rings its next ring")
    }

    @Test func removingAnAlarmForgetsItsSkip() {
        var plan = schedule([weekdays], now: at(6))
        plan.skip(1, ringAt: at(7))
        _ = plan.remove(1)
        #expect(plan.skips.isEmpty)
        #expect(plan.nextDeadline == nil)
    }

    /// Berlin springs forward on Sunday 31 March 2024: Friday's 07:00 is 06:00 UTC, Monday's 05:00 UTC. A skip is an
    /// instant, so skipping Friday's ring skips exactly it, and Monday's rings at 07:00 summer time.
    @Test func aSkipAcrossADaylightSavingChangeSkipsExactlyThatRing() throws {
        let berlin = try zone("Europe/Berlin")
        let alarm = Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays)
        let thursdayEvening = Double(instant("2024-03-28T20:00:00+01:00").seconds)
        var plan = AlarmSchedule(alarms: [alarm], lookAfter: [:], snoozes: [:], zone: berlin, now: thursdayEvening)
        let friday = Double(instant("2024-03-29T07:00:00+01:00").seconds)
        let monday = Double(instant("2024-04-01T07:00:00+02:00").seconds)
        #expect(plan.ringToSkip(of: 1) == .success(friday))
        plan.skip(1, ringAt: friday)
        #expect(plan.nextTrigger(of: 1) == monday)
        #expect(plan.advance(to: friday).contains(.skipSpent(alarmID: 1)))
        #expect(plan.advance(to: monday) == [.ring(alarmID: 1, trigger: monday)])
        // Monday's ring, the first after the change, skipped from the weekend: Tuesday's is next, at 07:00 CEST.
        _ = plan.dismiss(now: monday + 60)
        var weekend = AlarmSchedule(
            alarms: [alarm], lookAfter: [:], snoozes: [:], zone: berlin,
            now: Double(instant("2024-03-30T12:00:00+01:00").seconds))
        #expect(weekend.ringToSkip(of: 1) == .success(monday))
        weekend.skip(1, ringAt: monday)
        #expect(weekend.nextTrigger(of: 1) == Double(instant("2024-04-02T07:00:00+02:00").seconds))
    }
}
