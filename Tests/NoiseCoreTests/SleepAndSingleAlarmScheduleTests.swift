import Testing

@testable import NoiseAlarms
@testable import NoiseCore

/// A notification's buttons act on their own alarm only, and a trigger the machine slept through is missed as
/// `suspended` (docs/desktop.md).
@Suite("Alarm schedule: one alarm's buttons, sleep")
struct SleepAndSingleAlarmScheduleTests {
    static let monday: Double = 19_884 * 86_400

    func at(_ hour: Int, _ minute: Int, _ second: Int = 0) -> Double {
        Self.monday + Double(hour * 3600 + minute * 60 + second)
    }

    func twoRinging() -> AlarmSchedule {
        let alarms = [
            Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, snoozeMinutes: 5),
            Alarm(id: 2, time: TimeOfDay(hour: 7, minute: 0), repeat: .daily, snoozeMinutes: 10),
        ]
        var plan = AlarmSchedule(alarms: alarms, lookAfter: [:], snoozes: [:], zone: .utc, now: at(6, 0))
        _ = plan.advance(to: at(7, 0))
        return plan
    }

    @Test func snoozingOneAlarmLeavesTheOtherRinging() {
        var plan = twoRinging()
        let actions = plan.snooze(now: at(7, 1), only: 2)
        #expect(actions.contains(.snoozed(alarmID: 2, until: at(7, 11))))
        #expect(!actions.contains { if case .snoozed(1, _) = $0 { true } else { false } })
        #expect(Set(plan.ringing.keys) == [1])
        #expect(plan.snoozes[2]?.ringAt == at(7, 11))
    }

    @Test func dismissingOneAlarmLeavesTheOtherRinging() {
        var plan = twoRinging()
        let actions = plan.dismiss(now: at(7, 1), only: 1)
        #expect(actions.first == .stopRinging(alarmID: 1))
        #expect(actions.contains(.dismissed(alarmID: 1, trigger: at(7, 0))))
        #expect(Set(plan.ringing.keys) == [2])
        #expect(plan.dismiss(now: at(7, 2), only: 1).isEmpty, "alarm 1 rings no more")
    }

    @Test func aTriggerSleptThroughPastTheGraceIsMissedAsSuspended() {
        var plan = AlarmSchedule(
            alarms: [Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .daily)],
            lookAfter: [:], snoozes: [:], zone: .utc, now: at(6, 0))
        plan.missedGraceSeconds = 60
        let actions = plan.advance(to: at(7, 2), lateReason: .suspended)
        #expect(actions.contains(.missed(alarmID: 1, trigger: at(7, 0), reason: .suspended)))
        #expect(plan.ringing.isEmpty)
    }

    @Test func aTriggerSleptThroughWithinTheGraceStillRings() {
        var plan = AlarmSchedule(
            alarms: [Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .daily)],
            lookAfter: [:], snoozes: [:], zone: .utc, now: at(6, 0))
        plan.missedGraceSeconds = 600
        #expect(plan.advance(to: at(7, 2), lateReason: .suspended) == [.ring(alarmID: 1, trigger: at(7, 0))])
    }
}
