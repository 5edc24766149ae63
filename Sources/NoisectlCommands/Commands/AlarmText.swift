import ClockFace
import MarsTime
import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseTime
import Orbits

/// How alarms read for people.
enum AlarmText {
    /// Sends a command whose reply is one alarm and prints it (`verb` first), or its JSON.
    static func send<C: DaemonCommand>(_ options: ClientOptions, _ command: C, verb: String) throws
    where C.Reply == AlarmInfo {
        try options.send(command) {
            Output.line("\(verb) " + summary($0, now: LocalTime.nowSeconds()))
        }
    }

    /// `alarm 3 07:00 weekdays "Work": next Mon 24 Nov 07:00, in 8 h 12 min`.
    static func summary(_ info: AlarmInfo, now: Int64) -> String {
        let alarm = info.alarm
        let label = alarm.label.isEmpty ? "" : " \"\(VisibleText.terminal(alarm.label))\""
        let kind =
            alarm.isTimer
            ? "timer \(alarm.id) \(alarm.time)" : "alarm \(alarm.id) \(time(info)) \(repeatText(alarm.rule))"
        return kind + label + ": " + next(info, now: now)
    }

    /// `07:00`, or for a Mars alarm `07:00 LMST Jezero (Sol 1720)`: the sol its next trigger falls on (the rover's
    /// mission sol at its site, else the Mars Sol Date's).
    static func time(_ info: AlarmInfo) -> String {
        let mars: MarsAlarmClock
        switch info.alarm.rule {
        case .satellitePass(let pass): return passRule(pass)
        case .wallClock, .onDate, .instant: return earthTime(info.alarm, zone: info.alarm.zone)
        case .marsClock(_, let clock, _): mars = clock
        }
        var text = "\(info.alarm.time) \(mars.clockName) \(mars.placeName)"
        if let trigger = info.nextTrigger {
            let clock = MarsClock(unix: trigger.unix, leapSeconds: .builtIn)
            if let site = mars.site.flatMap({ try? MarsSite.named($0).get() }), let landing = site.landing {
                let sol = MarsSite.missionSol(
                    at: clock, landing: MarsClock(unix: landing, leapSeconds: .builtIn), longitude: site.longitude)
                text += " (Sol \(sol))"
            } else {
                text += " (MSD \(Int(clock.msd.rounded(.down))))"
            }
        }
        return text
    }

    /// `time` as `alarm list`'s column has room for, under 100 characters a row: `07:00 LMST jezero`,
    /// `5 min before visible ISS`; `alarm show` has the rest.
    static func shortTime(_ info: AlarmInfo) -> String {
        switch info.alarm.rule {
        case .satellitePass(let pass):
            let satellite = pass.satellite == PassAlarm.iss ? "ISS" : "\(pass.satellite)"
            return DurationParser.describe(pass.leadSeconds) + " before " + (pass.visibleOnly ? "visible " : "")
                + satellite
        case .marsClock(let time, let mars, _):
            return "\(time) \(mars.clockName) " + (mars.site ?? mars.lonEastDeg.fixed(3) + "E")
        case .wallClock, .onDate, .instant:
            return earthTime(info.alarm, zone: info.alarm.zone.map(city))
        }
    }

    /// `07:00`, or `07:00 Europe/Berlin` for an alarm on another zone's clock.
    private static func earthTime(_ alarm: Alarm, zone: String?) -> String {
        alarm.time.description + (zone.map { " " + $0 } ?? "")
    }

    /// `Berlin` for `Europe/Berlin`, `Argentina/Cordoba`'s city too: the list's column is narrow.
    private static func city(_ zone: String) -> String {
        zone.split(separator: "/").last.map { String($0).replacing("_", with: " ") } ?? zone
    }

    /// `weekdays`, `once`; a Mars alarm's every day is `every sol`; a pass alarm rings `every pass`.
    static func repeatText(_ rule: TriggerRule) -> String {
        switch rule {
        case .satellitePass: "every pass"
        case .onDate(let date, _, _): "on \(date)"
        case .marsClock(_, _, let everySol): everySol ? "every sol" : RepeatRule.once.description
        case .wallClock(_, let days, _): days.description
        case .instant: RepeatRule.once.description
        }
    }

    /// `5 min before visible ISS passes ≥ 10°`.
    static func passRule(_ pass: PassAlarm) -> String {
        let satellite = pass.satellite == PassAlarm.iss ? "ISS" : "satellite \(pass.satellite)"
        return DurationParser.describe(pass.leadSeconds) + " before " + (pass.visibleOnly ? "visible " : "")
            + "\(satellite) passes ≥ \(pass.minElevationDeg.formatted)°"
    }

    /// `rises 19:47:12 W, highest 54° SSW at 19:52:03, visible 19:49:30 to 19:55:01 (mag -3.1)`: times to the
    /// second, rise where the pass crosses the alarm's minimum elevation.
    static func passText(_ pass: PassInfo) -> String {
        let clock = { (time: TriggerInfo) in time.localParts.timeOfDay.withSeconds }
        var text =
            "rises \(clock(pass.rise)) \(LookAngles.compass(pass.riseAzimuthDeg)), highest "
            + "\(Int(pass.maxElevationDeg.rounded()))° \(LookAngles.compass(pass.culminationAzimuthDeg)) at \(clock(pass.culmination))"
        if let from = pass.visibleFrom {
            text +=
                ", visible \(clock(from))" + (pass.visibleUntil.map { " to \(clock($0))" } ?? "")
                + (pass.magnitude.map { " (mag \($0.fixed(1)))" } ?? "")
        }
        return text
    }

    /// `alarm 3 (Work)`, `timer 4 (tea)`.
    static func name(_ alarm: Alarm) -> String {
        (alarm.isTimer ? "timer" : "alarm") + " \(alarm.id)"
            + (alarm.label.isEmpty ? "" : " (\(VisibleText.terminal(alarm.label)))")
    }

    /// An alarm event for `watch`: `07:00 Work ringing (snooze 9 min)`, `… snoozed until 07:09`, `… dismissed`.
    static func event(_ event: DaemonEvent, _ info: AlarmInfo) -> String {
        let alarm = info.alarm
        let name =
            (alarm.pass.map(passRule) ?? alarm.time.description) + " "
            + (alarm.label.isEmpty ? "alarm \(alarm.id)" : VisibleText.terminal(alarm.label))
        switch event {
        case .alarmRinging:
            return name + " ringing (snooze \(alarm.snoozeMinutes) min)"
                + (alarm.note.map { ": " + VisibleText.terminal($0) } ?? "")
        case .alarmSnoozed:
            return name + (info.snoozedUntil.map { " snoozed until \(clock($0))" } ?? " snoozed")
        default:
            return name + " dismissed"
        }
    }

    static func next(_ info: AlarmInfo, now: Int64, withPass: Bool = true) -> String {
        if info.ringing { return "ringing now" }
        if let snoozed = info.snoozedUntil {
            return "snoozed until \(clock(snoozed)), \(relative(snoozed.unix - Double(now)))"
        }
        guard let trigger = info.nextTrigger else {
            return info.alarm.enabled ? info.passProblem.map { "no trigger: \($0)" } ?? "no trigger" : "off"
        }
        return "\(date(trigger)), \(relative(trigger.unix - Double(now)))" + dawn(info.alarm)
            + (withPass ? info.nextPass.map { "; pass \(passText($0))" } ?? "" : "")
            + conditions(info)
    }

    /// `; dawn 30 min`, `; dawn 30 min to mix morning`: the light (and the sound) before each ring.
    static func dawn(_ alarm: Alarm) -> String {
        guard alarm.dawnSeconds > 0 else { return "" }
        return "; dawn \(DurationParser.describe(alarm.dawnSeconds))" + (alarm.dawnMix.map { " to mix \($0)" } ?? "")
    }

    /// What holds the alarm's rings back, after its next ring: `; skips Mon 8 Dec`, `; paused until Mon 4 Jan`,
    /// `; skips Fri 25 Dec: Christmas Day` (a day off of the holidays file).
    static func conditions(_ info: AlarmInfo) -> String {
        (info.skips.map { "; skips \(day($0))" } ?? "") + (info.pausedUntil.map { "; paused until \(day($0))" } ?? "")
            + info.daysOff.map { "; skips \(day($0.trigger)): \(VisibleText.terminal($0.name))" }.joined()
    }

    static func details(_ info: AlarmInfo, now: Int64) -> [String] {
        let alarm = info.alarm
        var rows = [
            ["Alarm", String(alarm.id)], ["Time", time(info)],
            ["Repeat", alarm.isTimer ? "a timer: rings once, then goes" : repeatText(alarm.rule)],
            ["Label", alarm.label.isEmpty ? "—" : VisibleText.terminal(alarm.label)],
            ["Enabled", alarm.enabled ? "yes" : "no"],
            ["Sound", "\(alarm.sound) at \(alarm.volume.formatted)%"],
            ["Ramp", alarm.rampSeconds == 0 ? "none" : DurationParser.describe(alarm.rampSeconds)],
            ["Snooze", "\(alarm.snoozeMinutes) min"], ["Rings for", DurationParser.describe(alarm.ringLimitSeconds)],
            [
                "Dawn",
                alarm.dawnSeconds == 0
                    ? "none"
                    : DurationParser.describe(alarm.dawnSeconds) + " before the ring"
                        + (alarm.dawnMix.map { ", crossfading to mix \($0)" } ?? ""),
            ],
            ["Next", next(info, now: now)],
        ]
        if alarm.skipHolidays {
            rows.insert(["Holidays", "skipped (the days off of [alarms] holidays)"], at: rows.count - 1)
        }
        if let pass = info.nextPass { rows.append(["Pass", passText(pass)]) }
        if let note = alarm.note { rows.append(["Note", VisibleText.terminal(note)]) }
        if let mix = alarm.thenMix { rows.append(["Then", "plays mix \(mix) when dismissed"]) }
        return Output.table(rows)
    }

    /// `Mon 24 Nov 07:00`, as a clock in the alarm's zone shows the instant.
    static func date(_ trigger: TriggerInfo) -> String {
        day(trigger) + " " + clock(trigger)
    }

    /// `Mon 24 Nov`: the day a calendar in the alarm's zone shows at the instant (the ring `alarm skip` skips).
    static func day(_ trigger: TriggerInfo) -> String {
        let parts = trigger.localParts
        return WorldClockRow.shortDate(
            ClockReading.at(year: parts.year, month: parts.month, day: parts.day, hour: 0, minute: 0))
    }

    /// `Mon 4 Jan`: a calendar date (the one `alarm pause` rings again from).
    static func day(_ date: LocalDate) -> String {
        WorldClockRow.shortDate(ClockReading.at(year: date.year, month: date.month, day: date.day, hour: 0, minute: 0))
    }

    static func clock(_ trigger: TriggerInfo) -> String {
        trigger.localParts.timeOfDay.description
    }

    /// `in 8 h 12 min`, `in 40 s`, `1 min ago`.
    static func relative(_ interval: Double) -> String {
        let seconds = Int64(interval.rounded())
        let magnitude = abs(seconds)
        let text: String
        if magnitude < 60 {
            text = "\(magnitude) s"
        } else {
            let (days, hours, minutes) = (magnitude / 86_400, magnitude % 86_400 / 3600, magnitude % 3600 / 60)
            // Concatenated, not `joined`: its generic code costs a cold `noisectl status` a conformance scan.
            var parts = days > 0 ? "\(days) d" : ""
            if hours > 0 { parts += (parts.isEmpty ? "" : " ") + "\(hours) h" }
            if days == 0 && minutes > 0 { parts += (parts.isEmpty ? "" : " ") + "\(minutes) min" }
            text = parts
        }
        return seconds >= 0 ? "in \(text)" : "\(text) ago"
    }
}
