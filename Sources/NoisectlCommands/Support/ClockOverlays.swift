import ArgumentParser
import ClockFace
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

    /// How far along the brightest dawn under way is (`DawnCurve.point`), or nil when none is.
    static func dawnPoint(_ alarms: AlarmsStatus?, now: Int64) -> Double? {
        alarms?.dawns.map { DawnCurve.point(now: Double(now), ringAt: $0.ringAt.unix, length: $0.lengthSeconds) }.max()
    }

    /// `Dawn 45%, alarm 3 at 07:00`: the brightest dawn under way.
    static func dawn(_ alarms: AlarmsStatus?, now: Int64) -> String? {
        let point = { (dawn: DawnInfo) in
            DawnCurve.point(now: Double(now), ringAt: dawn.ringAt.unix, length: dawn.lengthSeconds)
        }
        guard let dawn = alarms?.dawns.max(by: { point($0) < point($1) }) else { return nil }
        return
            "Dawn \(Int((point(dawn) * 100).rounded(.down)))%, alarm \(dawn.alarmId) at \(AlarmText.clock(dawn.ringAt))"
    }

    /// `Playing Heavy rain, Fan (stops in 42 min)`; with a floor `(fades to 10% in 42 min)`, then `(at 10%)`.
    static func playing(_ status: StatusInfo) -> String? {
        let sounds = status.playing.filter { $0.state != .fadingOut }
        guard !sounds.isEmpty else { return nil }
        let timer = status.sleepTimer.map { timer in
            let left = DurationParser.describe(timer.remainingSeconds.rounded())
            if timer.remainingSeconds <= 0 { return " (at \(timer.fadeTo.formatted)%)" }
            return timer.fadeTo > 0 ? " (fades to \(timer.fadeTo.formatted)% in \(left))" : " (stops in \(left))"
        }
        return "Playing " + sounds.map(\.name).joined(separator: ", ") + (timer ?? "")
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
