import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime

/// Timers: alarms whose rule is an instant, on the same schedule as every alarm.
@Suite("Timers on the alarm schedule")
struct TimerScheduleTests {
    static let start: Int64 = 1_800_000_000
    static let startSeconds = Double(start)

    func timer(id: Int64 = 1, in seconds: Int64) -> Alarm {
        Alarm(
            id: id, rule: .instant(Self.start + seconds, localTime: TimeOfDay(hour: 0, minute: 0)), label: "tea",
            snoozeMinutes: 5, ringLimitSeconds: 60)
    }

    @Test func theRuleIsTheInstantAndNoZoneMovesIt() {
        let tea = timer(in: 600)
        let utc = TriggerRule.Context(zone: .utc)
        #expect(tea.rule == .instant(Self.start + 600, localTime: TimeOfDay(hour: 0, minute: 0)) && tea.rule.ringsOnce)
        #expect(tea.rule.next(after: Self.startSeconds, in: utc) == Self.startSeconds + 600)
        #expect(tea.rule.next(after: Self.startSeconds + 600, in: utc) == nil, "strictly after")
        var plan = AlarmSchedule(alarms: [tea], lookAfter: [:], snoozes: [:], zone: .utc, now: Self.startSeconds)
        plan.setZone(.fixed(offsetSeconds: 5 * 3600, identifier: "+05"))
        #expect(plan.nextTrigger(of: 1) == Self.startSeconds + 600)
        let alarm = Alarm(id: 2, time: TimeOfDay(hour: 7, minute: 0))
        #expect(alarm.rule == .wallClock(TimeOfDay(hour: 7, minute: 0), .once, zone: nil) && !alarm.isTimer)
    }

    @Test func aDismissedTimerIsRemovedAfterTheEventsOfItsRing() {
        var plan = AlarmSchedule(
            alarms: [timer(in: 600)], lookAfter: [:], snoozes: [:], zone: .utc, now: Self.startSeconds)
        #expect(plan.advance(to: Self.startSeconds + 599).isEmpty)
        #expect(plan.advance(to: Self.startSeconds + 600) == [.ring(alarmID: 1, trigger: Self.startSeconds + 600)])
        #expect(
            plan.dismiss(now: Self.startSeconds + 610) == [
                .stopRinging(alarmID: 1), .dismissed(alarmID: 1, trigger: Self.startSeconds + 600),
                .persistLookAfter(alarmID: 1, instant: Self.startSeconds + 600), .remove(alarmID: 1),
            ])
        #expect(plan.nextTrigger(of: 1) == nil)
    }

    @Test func aSnoozedTimerRingsAgainAndIsRemovedOnlyWhenThatRingIsOver() {
        var plan = AlarmSchedule(
            alarms: [timer(in: 60)], lookAfter: [:], snoozes: [:], zone: .utc, now: Self.startSeconds)
        _ = plan.advance(to: Self.startSeconds + 60)
        let snoozed = plan.snooze(now: Self.startSeconds + 70)
        #expect(!snoozed.contains(.remove(alarmID: 1)))
        #expect(plan.advance(to: Self.startSeconds + 70 + 299).isEmpty)
        #expect(plan.advance(to: Self.startSeconds + 370).contains(.ring(alarmID: 1, trigger: Self.startSeconds + 370)))
        // Unattended for its ring limit: missed, then removed.
        let rungOut = plan.advance(to: Self.startSeconds + 430)
        #expect(rungOut.contains(.missed(alarmID: 1, trigger: Self.startSeconds + 370, reason: .unattended)))
        #expect(rungOut.last == .remove(alarmID: 1))
    }
}
