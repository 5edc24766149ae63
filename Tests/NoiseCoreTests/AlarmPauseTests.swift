import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime

/// `alarm pause --until`: no trigger before the date's start on the alarm's clock, then as before, and the pause is
/// forgotten once that start has come.
@Suite("Alarm schedule: pausing an alarm")
struct AlarmPauseTests {
    /// 2024-06-10, a Monday, in UTC.
    static let monday: Double = 19_884 * 86_400

    func at(_ hour: Int, _ minute: Int = 0, day: Int = 0) -> Double {
        Self.monday + Double(day * 86_400 + hour * 3600 + minute * 60)
    }

    func date(_ text: String) -> LocalDate { try! LocalDate.parse(text) }

    let weekdays = Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays, ringLimitSeconds: 600)

    func schedule(_ alarms: [Alarm], now: Double, pauses: [Int64: LocalDate] = [:]) -> AlarmSchedule {
        AlarmSchedule(alarms: alarms, lookAfter: [:], snoozes: [:], pauses: pauses, zone: .utc, now: now)
    }

    @Test func theRuleFindsNoTriggerBeforeTheDate() {
        let context = TriggerRule.Context(zone: .utc)
        let rule = weekdays.rule
        #expect(rule.next(after: at(6), skipping: nil, pausedUntil: date("2024-06-13"), in: context) == at(7, day: 3))
        #expect(
            rule.next(after: at(6), skipping: nil, pausedUntil: date("2024-06-15"), in: context) == at(7, day: 7),
            "paused until a Saturday: Monday's ring is the first")
        #expect(
            rule.next(after: at(6), skipping: nil, pausedUntil: date("2024-06-10"), in: context) == at(7),
            "a date that has begun holds nothing back")
        #expect(
            rule.next(after: at(6), skipping: at(7, day: 3), pausedUntil: date("2024-06-13"), in: context)
                == at(7, day: 4), "a skip of the first ring after the pause skips it")
        let midnight = Alarm(id: 2, time: TimeOfDay(hour: 0, minute: 0), repeat: .daily).rule
        #expect(
            midnight.next(after: at(6), skipping: nil, pausedUntil: date("2024-06-13"), in: context) == at(0, day: 3),
            "a ring at 00:00 of the date itself rings")
    }

    @Test func aPauseOfManyWeeksFindsTheRingAfterIt() {
        let context = TriggerRule.Context(zone: .utc)
        let weekly = Alarm(id: 3, time: TimeOfDay(hour: 9, minute: 0), repeat: RepeatRule([.wednesday])).rule
        #expect(
            weekly.next(after: at(6), skipping: nil, pausedUntil: date("2024-09-01"), in: context)
                == Double(instant("2024-09-04T09:00:00Z").seconds))
    }

    @Test func pausingHoldsRingsBackAndIsForgottenWhenTheDateBegins() {
        var plan = schedule([weekdays], now: at(6))
        #expect(plan.pauseEnd(of: 1, until: date("2024-06-13"), now: at(6)) == .success(at(0, day: 3)))
        plan.pause(1, until: date("2024-06-13"))
        #expect(plan.nextTrigger(of: 1) == at(7, day: 3))
        #expect(plan.nextDeadline == at(0, day: 3), "the date's start is a deadline: the pause ends then")
        #expect(plan.advance(to: at(7)).isEmpty, "Monday's ring does not sound")
        #expect(
            plan.advance(to: at(0, day: 3))
                == [.persistLookAfter(alarmID: 1, instant: at(0, day: 3) - 0.0005), .pauseEnded(alarmID: 1)])
        #expect(plan.pauses.isEmpty)
        #expect(plan.advance(to: at(7, day: 3)) == [.ring(alarmID: 1, trigger: at(7, day: 3))])
    }

    @Test func aPauseThatEndedWhileTheDaemonWasDownReportsNothingItHeldBack() {
        var plan = schedule([weekdays], now: at(6), pauses: [1: date("2024-06-13")])
        #expect(plan.nextTrigger(of: 1) == at(7, day: 3))
        let actions = plan.advance(to: at(7, 5, day: 3))
        #expect(actions.first == .persistLookAfter(alarmID: 1, instant: at(0, day: 3) - 0.0005))
        #expect(actions.contains(.pauseEnded(alarmID: 1)))
        #expect(actions.contains(.ring(alarmID: 1, trigger: at(7, day: 3))))
        #expect(!actions.contains { if case .missed = $0 { true } else { false } }, "no held-back ring is missed")
    }

    @Test func undoEndsThePauseNow() {
        var plan = schedule([weekdays], now: at(6))
        plan.pause(1, until: date("2024-06-20"))
        #expect(plan.unpause(1) == date("2024-06-20"))
        #expect(plan.nextTrigger(of: 1) == at(7))
        #expect(plan.unpause(1) == nil)
    }

    @Test func pausingAgainMovesTheDate() {
        var plan = schedule([weekdays], now: at(6))
        plan.pause(1, until: date("2024-06-20"))
        plan.pause(1, until: date("2024-06-12"))
        #expect(plan.nextTrigger(of: 1) == at(7, day: 2))
    }

    @Test func whatCannotBePaused() {
        var once = weekdays
        once.id = 2
        once.rule = .wallClock(TimeOfDay(hour: 8, minute: 0), .once, zone: nil)
        var off = weekdays
        off.id = 3
        off.enabled = false
        var elsewhere = weekdays
        elsewhere.id = 4
        elsewhere.rule = .wallClock(TimeOfDay(hour: 7, minute: 0), .weekdays, zone: "Nowhere/Atlantis")
        var plan = schedule([weekdays, once, off, elsewhere], now: at(6))
        let friday = date("2024-06-14")
        #expect(plan.pauseEnd(of: 2, until: friday, now: at(6)) == .failure(.ringsOnce))
        #expect(plan.pauseEnd(of: 3, until: friday, now: at(6)) == .failure(.disabled))
        #expect(plan.pauseEnd(of: 9, until: friday, now: at(6)) == .failure(.disabled))
        #expect(plan.pauseEnd(of: 4, until: friday, now: at(6)) == .failure(.unknownZone))
        #expect(plan.pauseEnd(of: 1, until: date("2024-06-10"), now: at(6)) == .failure(.begun(at(0))))
        #expect(plan.pauseEnd(of: 1, until: date("2023-01-01"), now: at(6)) == .failure(.begun(at(0, day: -526))))
        _ = plan.advance(to: at(7))
        #expect(plan.pauseEnd(of: 1, until: friday, now: at(7)) == .failure(.ringing))
        _ = plan.snooze(now: at(7, 1))
        #expect(plan.pauseEnd(of: 1, until: friday, now: at(7, 1)) == .failure(.snoozed(until: at(7, 10))))
    }

    @Test func aNewTimeKeepsThePauseSwitchingOffOrRingingOnceEndsIt() {
        var plan = schedule([weekdays], now: at(6))
        plan.pause(1, until: date("2024-06-13"))
        var retimed = weekdays
        retimed.rule = .wallClock(TimeOfDay(hour: 7, minute: 30), .daily, zone: nil)
        #expect(plan.keepsPause(retimed))
        _ = plan.put(retimed, now: at(6, 30))
        #expect(plan.nextTrigger(of: 1) == at(7, 30, day: 3))
        var once = retimed
        once.rule = .wallClock(TimeOfDay(hour: 7, minute: 30), .once, zone: nil)
        #expect(!plan.keepsPause(once))
        var off = retimed
        off.enabled = false
        _ = plan.put(off, now: at(6, 40))
        #expect(plan.pauses.isEmpty, "switching it off ends the pause")
        off.enabled = true
        _ = plan.put(off, now: at(6, 41))
        #expect(plan.nextTrigger(of: 1) == at(7, 30))
        plan.pause(1, until: date("2024-06-13"))
        _ = plan.remove(1)
        #expect(plan.pauses.isEmpty && plan.nextDeadline == nil, "removing the alarm forgets its pause")
    }

    /// "Before the date" is on the alarm's own clock: an alarm in Tokyo paused until 13 June rings again from
    /// 00:00 JST (15:00 UTC on the 12th), whatever the system's zone; a system-zone alarm follows the system zone.
    @Test func theDateBeginsOnTheAlarmsOwnClock() throws {
        let tokyo = try zone("Asia/Tokyo")
        let early = Alarm(id: 1, time: TimeOfDay(hour: 6, minute: 0), repeat: .daily, zone: "Asia/Tokyo")
        var plan = AlarmSchedule(alarms: [early], lookAfter: [:], snoozes: [:], zone: .utc, now: at(6))
        plan.setNamedZone(tokyo, for: "Asia/Tokyo")
        #expect(plan.pauseEnd(of: 1, until: date("2024-06-13"), now: at(6)) == .success(at(15, day: 2)))
        plan.pause(1, until: date("2024-06-13"))
        #expect(plan.nextTrigger(of: 1) == Double(instant("2024-06-13T06:00:00+09:00").seconds))
    }

    /// Berlin springs forward on Sunday 31 March 2024 and falls back on 27 October: a pause across either change
    /// rings the first day after it at 07:00 local, and the pause ends at local midnight.
    @Test func aPauseAcrossADaylightSavingChangeRingsAtItsWallTime() throws {
        let berlin = try zone("Europe/Berlin")
        let alarm = Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays)
        let march = Double(instant("2024-03-28T20:00:00+01:00").seconds)
        var plan = AlarmSchedule(alarms: [alarm], lookAfter: [:], snoozes: [:], zone: berlin, now: march)
        plan.pause(1, until: date("2024-04-02"))
        #expect(plan.nextDeadline == Double(instant("2024-04-02T00:00:00+02:00").seconds))
        #expect(plan.nextTrigger(of: 1) == Double(instant("2024-04-02T07:00:00+02:00").seconds))
        let october = Double(instant("2024-10-25T20:00:00+02:00").seconds)
        var autumn = AlarmSchedule(alarms: [alarm], lookAfter: [:], snoozes: [:], zone: berlin, now: october)
        autumn.pause(1, until: date("2024-10-28"))
        #expect(autumn.nextTrigger(of: 1) == Double(instant("2024-10-28T07:00:00+01:00").seconds))
    }
}
