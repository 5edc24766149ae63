import ArgumentParser
import ClockFace
import NoiseCore
import NoiseProtocol

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what plays, the volumes, the audio device and the daemon's version and uptime.")

    @OptionGroup var options: ClientOptions

    func run() throws {
        try options.send(Commands.Status()) { StatusText.lines($0).forEach(Output.line) }
    }
}

/// The human form of status and playback.
enum StatusText {
    static func lines(_ status: StatusInfo) -> [String] {
        let last = status.lastPlayed.joined(separator: ", ")
        var rows = [
            status.state == .paused
                ? ["Paused", last + " (noisectl resume)"]
                : status.playing.isEmpty && !last.isEmpty
                    ? ["Playing", "nothing (last: \(last); noisectl resume)"]
                    : ["Playing", playing(status.playing)],
            ["Volume", "\(status.masterVolume.formatted)% (master)"],
        ]
        if let timer = status.sleepTimer { rows.append(["Sleep timer", "everything " + timer.text]) }
        rows.append(["Audio", audio(status.audio)])
        let problems = status.catalog.problems
        rows.append([
            "Sounds",
            "\(status.catalog.sounds) in the catalog"
                + (problems.isEmpty ? "" : ", \(problems.count) problem\(problems.count == 1 ? "" : "s"):"),
        ])
        // Problems go under the row they belong to, indented. (An array, not a dictionary keyed by row: each new
        // Dictionary type costs a cold process a scan of the binary's conformances.)
        var details = [(row: rows.count - 1, lines: problems)]
        if let alarms = status.alarms {
            let now = LocalTime.nowSeconds()
            for info in alarms.ringing {
                rows.append(["Ringing", AlarmText.summary(info, now: now) + " — noisectl snooze | dismiss"])
                if let note = info.alarm.note { rows.append(["Note", VisibleText.terminal(note)]) }
                if let note = info.tone?.note { rows.append(["Tone", note]) }
            }
            // A snoozed alarm says how to end the snooze, on the Next alarm row when it is the next.
            let dismissHint = { (info: AlarmInfo) in
                info.snoozedUntil == nil ? "" : " — noisectl dismiss \(info.alarm.id)"
            }
            rows.append([
                "Next alarm",
                alarms.next.map { AlarmText.summary($0, now: now) + dismissHint($0) }
                    ?? "none (\(Output.count(alarms.count, "alarm")))",
            ])
            for dawn in alarms.dawns {
                let point = DawnCurve.point(now: Double(now), ringAt: dawn.ringAt.unix, length: dawn.lengthSeconds)
                rows.append([
                    "Dawn",
                    "alarm \(dawn.alarmId): \(Int((point * 100).rounded(.down)))% of \(DurationParser.describe(dawn.lengthSeconds)), "
                        + "full at its ring, \(AlarmText.clock(dawn.ringAt))",
                ])
            }
            for info in alarms.snoozed where info.alarm.id != alarms.next?.alarm.id {
                rows.append(["Snoozed", AlarmText.summary(info, now: now) + dismissHint(info)])
            }
            for timer in alarms.timers
            where timer.alarm.id != alarms.next?.alarm.id && !timer.ringing
                && timer.snoozedUntil == nil
            {
                rows.append(["Timer", AlarmText.summary(timer, now: now)])
            }
            for missed in alarms.missed.prefix(3) {
                let label = missed.label.isEmpty ? "" : " \"\(VisibleText.terminal(missed.label))\""
                rows.append([
                    "Missed",
                    "alarm \(missed.alarmId)\(label) at "
                        + AlarmText.date(missed.trigger) + " (\(missed.reason))",
                ])
            }
            if let note = alarms.wakeNote { rows.append(["Wake", note]) }
            if let problem = alarms.storeProblem { rows.append(["Store", problem]) }
            if let problem = alarms.timeZoneProblem { rows.append(["Time zone", problem]) }
            if let note = alarms.leapSecondsNote { rows.append(["Leap seconds", note]) }
            if let holidays = alarms.holidays {
                let file = VisibleText.terminal(holidays.file)
                rows.append([
                    "Holidays",
                    holidays.problems.isEmpty
                        ? "\(holidays.events) event(s) from \(file)"
                        : "\(holidays.events) event(s) from \(file); alarms ring on what it could not say:",
                ])
                details.append((row: rows.count - 1, lines: holidays.problems.map { VisibleText.terminal($0) }))
            }
        }
        if let elements = status.elements {
            rows += ElementsStatusText.rows(elements, now: Double(LocalTime.nowSeconds()))
        }
        if let config = status.config, !config.problems.isEmpty {
            rows.append(["Config", "\(config.path) is not used until fixed (noised --check-config):"])
            details.append((row: rows.count - 1, lines: config.problems))
        }
        var lines: [String] = []
        for (index, line) in Output.table(rows).enumerated() {
            lines.append(line)
            for detail in details where detail.row == index { lines += detail.lines.map { "  " + $0 } }
        }
        lines.append("noised \(status.version), up \(DurationParser.describe(status.uptimeSeconds))")
        return lines
    }

    static func playing(_ sounds: [PlayingSound]) -> String {
        guard !sounds.isEmpty else { return "nothing" }
        return sounds.map { sound in
            var notes =
                sound.state == .playing ? [] : [sound.state.rawValue.split(separator: "_").joined(separator: " ")]
            if let timer = sound.sleepTimer {
                notes.append(
                    timer.remainingSeconds == 0
                        ? "at its sleep timer's floor"
                        : (timer.fadeTo > 0 ? "fades to \(timer.fadeTo.formatted)% in " : "stops in ")
                            + DurationParser.describe(timer.remainingSeconds))
            }
            return "\(sound.name) [\(sound.id)] \(sound.volume.formatted)%"
                + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
        }.joined(separator: ", ")
    }

    static func audio(_ audio: AudioStatus) -> String {
        var text = "\(audio.device): \(audio.state.rawValue)"
        if let error = audio.error { text += " — \(error); retrying every \(Limits.deviceRetrySeconds.formatted) s" }
        if audio.underruns > 0 { text += " (\(audio.underruns) underruns)" }
        return text
    }
}

extension SleepTimerInfo {
    /// `stops at 23:45 (in 44 min), fading out over 30 s`; with a floor, `fades to 10% at 23:45 (in 44 min), over
    /// 30 s`, and once there `plays on at 10% (the timer ended; noisectl sleep +15m brings the volumes back)`.
    var text: String { text(now: LocalTime.nowSeconds()) }

    func text(now: Int64) -> String {
        guard remainingSeconds > 0 else {
            return "plays on at \(fadeTo.formatted)% (the timer ended; noisectl sleep +15m brings the volumes back)"
        }
        let end = LocalTime.timeOfDay(atUnix: now + Int64(remainingSeconds.rounded()))
        let when = "at \(end) (in \(DurationParser.describe(remainingSeconds)))"
        let fade = DurationParser.describe(fadeOutSeconds)
        return fadeTo > 0
            ? "fades to \(fadeTo.formatted)% \(when), over \(fade)" : "stops \(when), fading out over \(fade)"
    }
}
