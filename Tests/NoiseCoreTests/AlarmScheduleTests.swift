import Testing

@testable import NoiseAlarms
@testable import NoiseCore

/// The scheduler's rules, driven by plain instants: no clock, no sleeping.
@Suite("Alarm schedule")
struct AlarmScheduleTests {
    /// 2024-06-10, a Monday, in UTC.
    static let monday: Double = 19_884 * 86_400

    func at(_ hour: Int, _ minute: Int, _ second: Int = 0, day: Int = 0) -> Double {
        Self.monday + Double(day * 86_400 + hour * 3600 + minute * 60 + second)
    }

    func schedule(
        _ alarms: [Alarm], now: Double, lookAfter: [Int64: Double] = [:],
        snoozes: [Int64: AlarmSchedule.Snooze] = [:]
    ) -> AlarmSchedule {
        AlarmSchedule(alarms: alarms, lookAfter: lookAfter, snoozes: snoozes, zone: .utc, now: now)
    }

    let daily = Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, ringLimitSeconds: 600)

    @Test func ringsAtItsTriggerAndNotBefore() {
        var plan = schedule([daily], now: at(6, 0))
        #expect(plan.nextDeadline == at(7, 0))
        #expect(plan.advance(to: at(6, 59, 59)).isEmpty)
        #expect(plan.advance(to: at(7, 0)) == [.ring(alarmID: 1, trigger: at(7, 0))])
        #expect(plan.nextDeadline == at(7, 10), "the ring limit is the next thing to wake for")
        #expect(plan.nextTrigger(of: 1) == nil, "a ringing alarm is not queued")
    }

    @Test func dismissHandlesTheTriggerAndQueuesTheNext() {
        var plan = schedule([daily], now: at(6, 0))
        _ = plan.advance(to: at(7, 0))
        #expect(
            plan.dismiss(now: at(7, 1)) == [
                .stopRinging(alarmID: 1), .dismissed(alarmID: 1, trigger: at(7, 0)),
                .persistLookAfter(alarmID: 1, instant: at(7, 0)),
            ])
        #expect(plan.nextTrigger(of: 1) == at(7, 0, day: 1))
        #expect(plan.dismiss(now: at(7, 2)).isEmpty, "nothing rings any more")
    }

    @Test func snoozeSilencesAndRingsAgainAfterItsMinutes() {
        var plan = schedule([daily], now: at(6, 0))
        _ = plan.advance(to: at(7, 0))
        let snoozed = AlarmSchedule.Snooze(ringAt: at(7, 10), trigger: at(7, 0))
        #expect(
            plan.snooze(now: at(7, 1)) == [
                .persistSnooze(alarmID: 1, snooze: snoozed), .stopRinging(alarmID: 1),
                .snoozed(alarmID: 1, until: at(7, 10)),
                .persistLookAfter(alarmID: 1, instant: at(7, 0)),
            ])
        #expect(plan.nextDeadline == at(7, 10))
        #expect(plan.advance(to: at(7, 9, 59)).isEmpty)
        #expect(
            plan.advance(to: at(7, 10)) == [.ring(alarmID: 1, trigger: at(7, 10))],
            "the stored snooze stays while it rings")
        #expect(
            plan.dismiss(now: at(7, 11)) == [
                .stopRinging(alarmID: 1), .dismissed(alarmID: 1, trigger: at(7, 10)),
                .persistSnooze(alarmID: 1, snooze: nil),
            ])
        #expect(plan.nextTrigger(of: 1) == at(7, 0, day: 1))
    }

    @Test func snoozeTakesTheMinutesAsked() {
        var plan = schedule([daily], now: at(6, 0))
        _ = plan.advance(to: at(7, 0))
        #expect(plan.snooze(now: at(7, 0), minutes: 5).contains(.snoozed(alarmID: 1, until: at(7, 5))))
    }

    @Test func anUnattendedAlarmStopsAtItsRingLimitAndIsMissed() {
        var plan = schedule([daily], now: at(6, 0))
        _ = plan.advance(to: at(7, 0))
        #expect(plan.advance(to: at(7, 9, 59)).isEmpty)
        #expect(
            plan.advance(to: at(7, 10)) == [
                .stopRinging(alarmID: 1), .missed(alarmID: 1, trigger: at(7, 0), reason: .unattended),
                .persistLookAfter(alarmID: 1, instant: at(7, 0)),
            ])
        #expect(plan.nextTrigger(of: 1) == at(7, 0, day: 1))
    }

    @Test func aJumpPastTheRingLimitIsReportedMissedNotRung() {
        var plan = schedule([daily], now: at(6, 0))
        #expect(
            plan.advance(to: at(7, 30)) == [
                .missed(alarmID: 1, trigger: at(7, 0), reason: .late), .persistLookAfter(alarmID: 1, instant: at(7, 0)),
            ])
        #expect(plan.ringing.isEmpty)
        #expect(plan.nextTrigger(of: 1) == at(7, 0, day: 1))
    }

    @Test func aJumpWithinTheRingLimitRingsNowUntilTheLimitFromTheTrigger() {
        var plan = schedule([daily], now: at(6, 0))
        #expect(plan.advance(to: at(7, 4)) == [.ring(alarmID: 1, trigger: at(7, 0))])
        #expect(plan.ringing[1]?.until == at(7, 10))
    }

    @Test(arguments: [(59 as Double, true), (60, false), (0, true)])
    func theMissedGraceDecidesWhetherALateTriggerStillRings(_ lateness: Double, _ rings: Bool) {
        var plan = schedule([daily], now: at(6, 0))
        plan.missedGraceSeconds = 60
        let actions = plan.advance(to: at(7, 0) + lateness)
        if rings {
            #expect(actions == [.ring(alarmID: 1, trigger: at(7, 0))])
        } else {
            #expect(actions.first == .missed(alarmID: 1, trigger: at(7, 0), reason: .late))
            #expect(plan.ringing.isEmpty)
        }
    }

    @Test func aGraceLongerThanTheRingLimitIsBoundByTheLimit() {
        var plan = schedule([daily], now: at(6, 0))
        plan.missedGraceSeconds = 3600
        #expect(plan.advance(to: at(7, 10)).first == .missed(alarmID: 1, trigger: at(7, 0), reason: .late))
    }

    @Test func aLongAbsenceRingsOnlyTheLatestTriggerAndReportsTheFirstMissed() {
        var plan = schedule([daily], now: at(6, 0))
        #expect(
            plan.advance(to: at(7, 2, day: 3)) == [
                .missed(alarmID: 1, trigger: at(7, 0), reason: .late), .ring(alarmID: 1, trigger: at(7, 0, day: 3)),
            ])
    }

    @Test func restartWhileRingingRingsAgainUntilTheLimitButNeverAfterADismiss() {
        var before = schedule([daily], now: at(6, 0))
        _ = before.advance(to: at(7, 0))
        // The daemon dies while ringing: the persisted lookAfter is still the creation instant.
        var restarted = schedule([daily], now: at(7, 3), lookAfter: before.lookAfter)
        #expect(restarted.advance(to: at(7, 3)) == [.ring(alarmID: 1, trigger: at(7, 0))])
        _ = restarted.dismiss(now: at(7, 4))
        var again = schedule([daily], now: at(7, 5), lookAfter: restarted.lookAfter)
        #expect(again.advance(to: at(7, 5)).isEmpty)
        #expect(again.nextTrigger(of: 1) == at(7, 0, day: 1))
    }

    @Test func aSnoozeSurvivesARestart() {
        var plan = schedule(
            [daily], now: at(7, 5), lookAfter: [1: at(7, 0)],
            snoozes: [1: AlarmSchedule.Snooze(ringAt: at(7, 9), trigger: at(7, 0))])
        #expect(plan.nextDeadline == at(7, 9))
        #expect(plan.advance(to: at(7, 9)) == [.ring(alarmID: 1, trigger: at(7, 9))])
    }

    @Test func restartWhileASnoozeRingsRingsItAgainUntilTheLimitButNeverAfterADismiss() {
        let snooze = AlarmSchedule.Snooze(ringAt: at(7, 9), trigger: at(7, 0))
        var before = schedule([daily], now: at(7, 5), lookAfter: [1: at(7, 0)], snoozes: [1: snooze])
        #expect(before.advance(to: at(7, 9)) == [.ring(alarmID: 1, trigger: at(7, 9))])
        // The daemon dies while the snooze rings: the store still holds the snooze (no action deleted it).
        var restarted = schedule([daily], now: at(7, 12), lookAfter: [1: at(7, 0)], snoozes: [1: snooze])
        #expect(restarted.advance(to: at(7, 12)) == [.ring(alarmID: 1, trigger: at(7, 9))])
        #expect(restarted.ringing[1]?.until == at(7, 19), "the ring limit counts from the snooze's end")
        #expect(restarted.dismiss(now: at(7, 13)).contains(.persistSnooze(alarmID: 1, snooze: nil)))
        #expect(restarted.advance(to: at(7, 14)).isEmpty)
        // Rung out, or found too late after a restart, it is over too.
        var late = schedule([daily], now: at(7, 30), lookAfter: [1: at(7, 0)], snoozes: [1: snooze])
        #expect(
            late.advance(to: at(7, 30)) == [
                .missed(alarmID: 1, trigger: at(7, 9), reason: .late), .persistSnooze(alarmID: 1, snooze: nil),
            ])
        var rungOut = schedule([daily], now: at(7, 5), lookAfter: [1: at(7, 0)], snoozes: [1: snooze])
        _ = rungOut.advance(to: at(7, 9))
        #expect(
            rungOut.advance(to: at(7, 19)) == [
                .stopRinging(alarmID: 1), .missed(alarmID: 1, trigger: at(7, 9), reason: .unattended),
                .persistSnooze(alarmID: 1, snooze: nil),
            ])
        // An edit while it rings ends it (and its stored snooze).
        var edited = schedule([daily], now: at(7, 5), lookAfter: [1: at(7, 0)], snoozes: [1: snooze])
        _ = edited.advance(to: at(7, 9))
        #expect(
            edited.put(daily, now: at(7, 10)).prefix(2) == [
                .stopRinging(alarmID: 1), .persistSnooze(alarmID: 1, snooze: nil),
            ])
    }

    @Test func twoAlarmsDueTogetherBothRing() {
        let other = Alarm(id: 2, time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays)
        var plan = schedule([daily, other], now: at(6, 0))
        #expect(
            Set(plan.advance(to: at(7, 0)).map { "\($0)" }) == [
                "\(AlarmSchedule.Action.ring(alarmID: 1, trigger: at(7, 0)))",
                "\(AlarmSchedule.Action.ring(alarmID: 2, trigger: at(7, 0)))",
            ])
        #expect(plan.ringing.count == 2)
        #expect(plan.dismiss(now: at(7, 1)).filter { if case .dismissed = $0 { true } else { false } }.count == 2)
    }

    @Test func aOnceAlarmDisablesItselfAfterItRang() {
        var plan = schedule([Alarm(id: 3, time: TimeOfDay(hour: 8, minute: 0))], now: at(6, 0))
        _ = plan.advance(to: at(8, 0))
        #expect(plan.dismiss(now: at(8, 1)).last == .disable(alarmID: 3))
        #expect(plan.alarms[3]?.enabled == false)
        #expect(plan.nextTrigger(of: 3) == nil)
        #expect(plan.advance(to: at(8, 0, day: 1)).isEmpty)
    }

    @Test func aSnoozedOnceAlarmRingsOnlyForItsSnoozeThenDisables() {
        var plan = schedule([Alarm(id: 3, time: TimeOfDay(hour: 8, minute: 0), snoozeMinutes: 5)], now: at(6, 0))
        _ = plan.advance(to: at(8, 0))
        _ = plan.snooze(now: at(8, 0))
        #expect(plan.nextTrigger(of: 3) == nil, "no new trigger tomorrow while snoozed")
        #expect(plan.advance(to: at(8, 5)).contains(.ring(alarmID: 3, trigger: at(8, 5))))
        #expect(plan.dismiss(now: at(8, 6)).last == .disable(alarmID: 3))
    }

    @Test func aMissedOnceAlarmDisablesItself() {
        var plan = schedule([Alarm(id: 3, time: TimeOfDay(hour: 8, minute: 0))], now: at(6, 0))
        #expect(plan.advance(to: at(9, 0)).last == .disable(alarmID: 3))
    }

    @Test func aBackwardJumpNeverRingsAHandledTriggerAgain() {
        var plan = schedule([daily], now: at(6, 0))
        _ = plan.advance(to: at(7, 0))
        _ = plan.dismiss(now: at(7, 1))
        #expect(plan.advance(to: at(6, 59)).isEmpty)
        #expect(plan.advance(to: at(7, 0)).isEmpty)
        #expect(plan.nextTrigger(of: 1) == at(7, 0, day: 1))
    }

    @Test func disabledAlarmsNeverRingAndEditsCountFromNow() {
        var off = daily
        off.enabled = false
        var plan = schedule([off], now: at(6, 0))
        #expect(plan.nextDeadline == nil)
        #expect(plan.advance(to: at(7, 0)).isEmpty)
        var moved = daily
        moved.rule = .wallClock(TimeOfDay(hour: 7, minute: 30), .daily, zone: nil)
        #expect(plan.put(moved, now: at(7, 5)) == [.persistLookAfter(alarmID: 1, instant: at(7, 5))])
        #expect(plan.nextTrigger(of: 1) == at(7, 30))
    }

    @Test func removingARingingAlarmStopsIt() {
        var plan = schedule([daily], now: at(6, 0))
        _ = plan.advance(to: at(7, 0))
        #expect(plan.remove(1) == [.stopRinging(alarmID: 1)])
        #expect(plan.nextDeadline == nil)
    }

    @Test func aZoneChangeMovesEveryTrigger() {
        var plan = schedule([daily], now: at(6, 0))
        plan.setZone(.fixed(offsetSeconds: 2 * 3600, identifier: "+02"))
        // 07:00 at +02:00 is 05:00 UTC, already past today: tomorrow.
        #expect(plan.nextTrigger(of: 1) == at(5, 0, day: 1))
    }

    @Test func theNextAlarmAmongTenThousandIsTheEarliest() {
        let alarms = (1...10_000).map {
            Alarm(id: Int64($0), time: TimeOfDay(hour: $0 % 24, minute: $0 % 60), repeat: .daily)
        }
        let plan = schedule(alarms, now: at(12, 0))
        let expected = alarms.compactMap { alarm in plan.nextTrigger(of: alarm.id).map { ($0, alarm.id) } }.min {
            $0 < $1
        }
        #expect(plan.nextAlarm?.trigger == expected?.0)
        #expect(plan.nextAlarm?.alarmID == expected?.1)
    }
}
