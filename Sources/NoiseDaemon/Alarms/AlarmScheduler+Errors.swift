import NoiseCore
import NoiseProtocol
import NoiseTime

/// The errors the alarm commands answer with, in words a person reads.
extension AlarmScheduler {
    func unknownAlarm(_ id: Int64) -> ProtocolError {
        let ids = schedule.alarms.keys.sorted().prefix(10).map(String.init).joined(separator: ", ")
        return ProtocolError(
            .unknownAlarm, "no alarm has id \(id); " + (ids.isEmpty ? "there are no alarms" : "ids: \(ids)"))
    }

    /// "no alarm is ringing; the next is alarm 3 (Work) at 07:00 on 2026-11-27", in words a person reads.
    func notRinging() -> ProtocolError {
        guard let next = next(), let trigger = next.snoozedUntil ?? next.nextTrigger else {
            return ProtocolError(.notRinging, "no alarm is ringing, and none is set to ring")
        }
        return ProtocolError(.notRinging, "no alarm is ringing; the next is \(name(next)) at \(when(trigger))")
    }

    /// `snooze` with nothing ringing: a snoozed alarm says when it rings again.
    func nothingToSnooze(_ alarmID: Int64?) -> ProtocolError {
        let snoozed = alarmID.map { [$0] } ?? schedule.snoozes.keys.sorted()
        guard let first = snoozed.first.flatMap(info), let until = first.snoozedUntil else {
            return alarmID.map(notRingingNow) ?? notRinging()
        }
        return ProtocolError(
            .notRinging,
            "\(name(first)) is snoozed until \(when(until)), not ringing; "
                + "'noisectl dismiss \(first.alarm.id)' ends the snooze")
    }

    /// `dismiss` with nothing ringing or snoozed (or not alarm `alarmID`).
    func nothingToDismiss(_ alarmID: Int64?) -> ProtocolError {
        alarmID.map(notRingingNow) ?? notRinging()
    }

    private func notRingingNow(_ alarmID: Int64) -> ProtocolError {
        guard let alarm = info(alarmID) else { return unknownAlarm(alarmID) }
        let next = alarm.nextTrigger.map { "; it rings next at \(when($0))" } ?? "; it is not set to ring"
        return ProtocolError(.notRinging, "\(name(alarm)) is neither ringing nor snoozed" + next)
    }

    /// "alarm 3 (Work)".
    private func name(_ alarm: AlarmInfo) -> String {
        "alarm \(alarm.alarm.id)" + (alarm.alarm.label.isEmpty ? "" : " (\(alarm.alarm.label.prefix(40)))")
    }

    /// "07:00 on 2026-11-27", from the instant and its offset (the ISO text is for people, never parsed back).
    private func when(_ trigger: TriggerInfo) -> String {
        "\(trigger.localParts.timeOfDay) on \(trigger.localDate)"
    }
}
