import Testing

@testable import NoiseAlarms
@testable import NoiseCore

/// Dismissing a snoozed alarm, and the order alarms sound in (issue 39: `dismiss` on a snoozed alarm answered
/// "no alarm is ringing", and `alarm list` put a snoozed alarm after alarms due days later).
@Suite("Alarm schedule: dismiss and order")
struct AlarmScheduleDismissTests {
    /// 2024-06-10, a Monday, in UTC.
    static let monday: Double = 19_884 * 86_400

    func at(_ hour: Int, _ minute: Int, day: Int = 0) -> Double {
        Self.monday + Double(day * 86_400 + hour * 3600 + minute * 60)
    }

    let daily = Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, ringLimitSeconds: 600)
    let once = Alarm(id: 2, time: TimeOfDay(hour: 7, minute: 0), repeat: .once, ringLimitSeconds: 600)
    let evening = Alarm(id: 3, time: TimeOfDay(hour: 19, minute: 0), repeat: .daily, ringLimitSeconds: 600)

    /// `alarms` rung at 07:00 and snoozed at 07:01 for nine minutes.
    func snoozed(_ alarms: [Alarm]) -> AlarmSchedule {
        var plan = AlarmSchedule(alarms: alarms, lookAfter: [:], snoozes: [:], zone: .utc, now: at(6, 0))
        _ = plan.advance(to: at(7, 0))
        _ = plan.snooze(now: at(7, 1), minutes: 9)
        return plan
    }

    @Test func dismissEndsTheSnoozeOfARepeatingAlarm() {
        var plan = snoozed([daily])
        #expect(plan.dismissible() == [1], "with nothing ringing, the snoozed alarm is what dismiss ends")
        #expect(
            plan.dismiss(now: at(7, 3)) == [
                .dismissed(alarmID: 1, trigger: at(7, 0)), .persistSnooze(alarmID: 1, snooze: nil),
            ])
        #expect(plan.snoozes.isEmpty)
        #expect(plan.nextTrigger(of: 1) == at(7, 0, day: 1))
        #expect(plan.nextAlarm?.trigger == at(7, 0, day: 1), "it does not ring again at 07:10")
        #expect(plan.advance(to: at(7, 10)).isEmpty)
    }

    @Test func dismissEndsASnoozedOnceAlarmForGood() {
        var plan = snoozed([once])
        #expect(
            plan.dismiss(now: at(7, 3), only: 2) == [
                .dismissed(alarmID: 2, trigger: at(7, 0)), .persistSnooze(alarmID: 2, snooze: nil),
                .disable(alarmID: 2),
            ])
        #expect(plan.nextAlarm == nil)
        #expect(plan.alarms[2]?.enabled == false)
    }

    @Test func aRingingAlarmIsDismissedBeforeASnoozedOne() {
        var plan = snoozed([daily])
        _ = plan.put(
            Alarm(id: 4, time: TimeOfDay(hour: 7, minute: 5), repeat: .daily, ringLimitSeconds: 600), now: at(7, 2))
        _ = plan.advance(to: at(7, 5))
        #expect(plan.dismissible() == [4], "what rings goes first; the snooze stays")
        _ = plan.dismiss(now: at(7, 6))
        #expect(plan.snoozes[1]?.ringAt == at(7, 10))
        #expect(plan.dismissible(only: 1) == [1], "an id picks the snoozed alarm")
        #expect(plan.dismissible(only: 3).isEmpty, "an alarm neither ringing nor snoozed is not dismissible")
    }

    @Test func aSnoozedAlarmSoundsAtItsSnoozesEnd() {
        let plan = snoozed([daily, evening])
        #expect(plan.nextSound(of: 1) == at(7, 10), "the snooze's end, not tomorrow's trigger")
        #expect(plan.nextSound(of: 3) == at(19, 0))
        #expect(plan.nextAlarm?.alarmID == 1)
    }

    @Test func aRingingAlarmSoundsNow() {
        var plan = AlarmSchedule(alarms: [daily, evening], lookAfter: [:], snoozes: [:], zone: .utc, now: at(6, 0))
        _ = plan.advance(to: at(7, 0))
        #expect(plan.nextSound(of: 1) == at(7, 0))
        #expect(plan.nextTrigger(of: 1) == nil)
    }
}
