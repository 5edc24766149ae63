import NoiseAlarms
import NoiseProtocol
import NoiseStore
import NoiseTime

/// The missed alarms `status` shows: the newest first, at most `AlarmDefaults.missedShown`; read from the store at
/// start, added to as the schedule reports them, emptied by `alarm missed --clear`. (`alarm missed` reads the
/// store's longer list.)
struct RecentMissed: Equatable {
    private(set) var shown: [MissedInfo]

    /// The newest the store kept, as `info(_:zone:)` gives them.
    init(_ stored: [MissedInfo] = []) {
        shown = Array(stored.prefix(AlarmDefaults.missedShown))
    }

    /// An alarm missed its trigger now; returns it as the `alarm_missed` event tells it.
    mutating func record(
        alarmID: Int64, label: String, trigger: Double, reason: AlarmSchedule.MissedReason, zone: ZoneRules
    ) -> MissedInfo {
        let missed = MissedInfo(
            alarmId: alarmID, label: label, trigger: TriggerInfo(unix: trigger, zone: zone), reason: reason.rawValue)
        shown = Array(([missed] + shown).prefix(AlarmDefaults.missedShown))
        return missed
    }

    /// The store forgot them all.
    mutating func clear() {
        shown = []
    }

    /// The store's records as the protocol shows them, in `zone`.
    static func info(_ missed: [MissedAlarm], zone: ZoneRules) -> [MissedInfo] {
        missed.map {
            MissedInfo(
                alarmId: $0.alarmId, label: $0.label, trigger: TriggerInfo(unix: $0.trigger, zone: zone),
                reason: $0.reason)
        }
    }
}
