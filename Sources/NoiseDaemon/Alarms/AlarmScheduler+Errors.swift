import NoiseCore
import NoiseProtocol
import NoiseTime

/// The errors the alarm commands answer with, in words a person reads.
extension AlarmScheduler {
    func unknownAlarm(_ id: Int64) -> ProtocolError {
        let ids = schedule.alarms.keys.sorted().prefix(10).map(String.init).joined(separator: ", ")
        return ProtocolError(.unknownAlarm, "no alarm has id \(id); " + (ids.isEmpty ? "there are no alarms" : "ids: \(ids)"))
    }

    /// "no alarm is ringing; the next is alarm 3 (Work) at 07:00 on 2026-11-27", in words a person reads.
    func notRinging() -> ProtocolError {
        guard let next = next(), let trigger = next.snoozedUntil ?? next.nextTrigger,
              let parts = ISO8601.parts(trigger.local) else {
            return ProtocolError(.notRinging, "no alarm is ringing, and none is set to ring")
        }
        let label = next.alarm.label.isEmpty ? "" : " (\(next.alarm.label.prefix(40)))"
        let date = "\(parts.year)-\(String(parts.month, width: 2))-\(String(parts.day, width: 2))"
        let when = "at \(parts.timeOfDay) on \(date)"
        return ProtocolError(.notRinging, "no alarm is ringing; the next is alarm \(next.alarm.id)\(label) \(when)")
    }
}
