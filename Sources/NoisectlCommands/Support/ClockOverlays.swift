import ArgumentParser
import NoiseCore
import NoiseProtocol

/// The words around the big clock, from the daemon's status: the next alarm, what plays, a ringing alarm.
enum ClockOverlays {
    /// The lines `--overlay` adds; the others are always shown.
    enum Kind: String, CaseIterable, ExpressibleByArgument {
        /// The life calendar's days remaining and today's habit bonus (`life_show`).
        case life
    }

    /// `Next alarm 07:00 Work, in 8 h 12 min`; a snoozed alarm says when it rings again, one that skips a ring or is paused
    /// says so.
    static func nextAlarm(_ alarms: AlarmsStatus?, now: Int64) -> String? {
        guard let next = alarms?.next else { return nil }
        let label = next.alarm.label.isEmpty ? "" : " " + next.alarm.label
        if let snoozed = next.snoozedUntil {
            return
                "Snoozed\(label), rings again \(AlarmText.clock(snoozed)), \(AlarmText.relative(snoozed.unix - Double(now)))"
        }
        guard let trigger = next.nextTrigger else { return nil }
        let day = trigger.unix - Double(now) >= 86_400 ? AlarmText.date(trigger) : AlarmText.clock(trigger)
        return "Next alarm \(day)\(label), \(AlarmText.relative(trigger.unix - Double(now)))"
            + AlarmText.conditions(next)
    }

    /// `Playing Heavy rain, Fan (stops in 42 min)`.
    static func playing(_ status: StatusInfo) -> String? {
        let sounds = status.playing.filter { $0.state != .fadingOut }
        guard !sounds.isEmpty else { return nil }
        let timer =
            status.sleepTimer.map { " (stops in \(DurationParser.describe($0.remainingSeconds.rounded())))" } ?? ""
        return "Playing " + sounds.map(\.name).joined(separator: ", ") + timer
    }

    /// The banner while an alarm rings: `ALARM 07:00 Work: take the pills   s snooze · d dismiss`.
    static func ringing(_ alarms: AlarmsStatus?) -> String? {
        guard let alarms, !alarms.ringing.isEmpty else { return nil }
        let names = alarms.ringing.map {
            ($0.alarm.pass.map(AlarmText.passRule) ?? "\($0.alarm.time)")
                + ($0.alarm.label.isEmpty ? "" : " " + $0.alarm.label)
                + ($0.alarm.note.map { ": " + $0 } ?? "")
        }
        return "ALARM " + names.joined(separator: ", ") + "   s snooze · d dismiss"
    }
}
