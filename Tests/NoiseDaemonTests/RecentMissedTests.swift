import NoiseProtocol
import NoiseTime
import Testing

@testable import NoiseAlarms
@testable import NoiseDaemon

/// The missed alarms `status` shows, on their own.
@Suite("Recent missed alarms")
struct RecentMissedTests {
    static let trigger = 1_718_002_800.0

    @Test func theNewestComeFirstAndAtMostTheShownCount() {
        var missed = RecentMissed()
        for id in 1...Int64(AlarmDefaults.missedShown + 5) {
            _ = missed.record(
                alarmID: id, label: "", trigger: Self.trigger + Double(id), reason: .late, zone: .utc)
        }
        #expect(missed.shown.count == AlarmDefaults.missedShown)
        #expect(missed.shown.first?.alarmId == Int64(AlarmDefaults.missedShown + 5))
        #expect(missed.shown.last?.alarmId == 6)
    }

    @Test func aRecordIsTheEventInTheZoneAndWithTheReason() {
        var missed = RecentMissed()
        let paris = ZoneRules.fixed(offsetSeconds: 7200, identifier: "Europe/Paris")
        let event = missed.record(alarmID: 3, label: "Work", trigger: Self.trigger, reason: .suspended, zone: paris)
        #expect(
            event
                == MissedInfo(
                    alarmId: 3, label: "Work", trigger: TriggerInfo(unix: Self.trigger, zone: paris),
                    reason: "suspended"))
        #expect(missed.shown == [event])
    }

    /// What the store kept shows at start, newest first as the store gives it, until `alarm missed --clear`.
    @Test func theStoredOnesShowUntilCleared() {
        let stored = [
            MissedInfo(
                alarmId: 5, label: "Gym", trigger: TriggerInfo(unix: Self.trigger, zone: .utc), reason: "unattended"),
            MissedInfo(
                alarmId: 4, label: "", trigger: TriggerInfo(unix: Self.trigger - 86_400, zone: .utc), reason: "late"),
        ]
        var missed = RecentMissed(stored)
        #expect(missed.shown == stored)
        _ = missed.record(alarmID: 6, label: "", trigger: Self.trigger + 60, reason: .late, zone: .utc)
        #expect(missed.shown.map(\.alarmId) == [6, 5, 4])
        missed.clear()
        #expect(missed.shown.isEmpty)
    }
}
