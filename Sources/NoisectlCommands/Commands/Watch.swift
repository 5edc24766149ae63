import ArgumentParser
import NoiseClient
import NoiseCore
import NoiseProtocol

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print the daemon's events as they happen (playback, audio device, catalog, alarms), one line each.")

    @OptionGroup var options: ClientOptions

    @Option(help: "Exit after this many events (default: run until interrupted).")
    var count: Int?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        try options.withDaemon { connection throws(ClientFailure) in
            let status = try connection.call(Commands.Subscribe())
            if !options.json { Output.line("Watching noised \(status.version); Ctrl-C to stop.") }
            Output.flush()
            var seen = 0
            while count.map({ seen < $0 }) ?? true {
                let (event, line) = try connection.nextEvent()
                seen += 1
                if options.json {
                    // The line as the daemon sent it (`{"data":…,"event":…}`): an event this noisectl does not know too.
                    Output.line(String(decoding: line, as: UTF8.self))
                } else {
                    Output.line("\(LocalTime.clockText()) \(event.name): " + Self.describe(event, line: line))
                }
                // Each event as it comes, whatever stdout is: a pipe or a file is block-buffered otherwise, and a
                // status bar reading `watch | …` would see nothing for minutes.
                Output.flush()
            }
        }
    }

    /// An event in words; one this command has no words for, as its data's JSON (an unknown one, as its line).
    static func describe(_ event: DaemonEvent, line: [UInt8]) -> String {
        let data: any Encodable
        switch event {
        case .playback(let playback):
            return StatusText.playing(playback.playing) + (playback.sleepTimer.map { "; timer " + $0.text } ?? "")
        case .audio(let audio):
            return StatusText.audio(audio)
        case .catalog(let catalog):
            return "\(catalog.sounds) sounds" + (catalog.problems.isEmpty ? "" : ", \(catalog.problems.count) problems")
        case .alarmRinging(let info), .alarmSnoozed(let info), .alarmDismissed(let info):
            return AlarmText.event(event, info)
        case .alarmMissed(let missed):
            let name = missed.label.isEmpty ? "alarm \(missed.alarmId)" : missed.label
            return "\(AlarmText.clock(missed.trigger)) \(name) missed (\(missed.reason))"
        case .dawnStarted(let dawn):
            return "alarm \(dawn.alarmId)'s dawn began: \(DurationParser.describe(dawn.lengthSeconds)) to its ring at "
                + AlarmText.clock(dawn.ringAt)
        case .dawnEnded(let dawn):
            return "alarm \(dawn.alarmId)'s dawn ended (its ring of \(AlarmText.clock(dawn.ringAt)))"
        case .nextAlarm(let next):
            return next.alarm.map { AlarmText.summary($0, now: LocalTime.nowSeconds()) } ?? "no alarm is set"
        case .disconnected(let disconnected):
            return disconnected.message
        case .alarmsChanged(let changed):
            return changed.reload
                ? "\(changed.count) alarms and timers (the list was rebuilt)"
                : "\(changed.count) alarms and timers"
                    + (changed.alarms.isEmpty
                        ? "" : "; changed " + changed.alarms.map { "\($0.alarm.id)" }.joined(separator: ", "))
                    + (changed.removed.isEmpty
                        ? "" : "; removed " + changed.removed.map(String.init).joined(separator: ", "))
        case .missedCleared(let cleared):
            return "\(cleared.cleared) missed alarms forgotten"
        case .mixes(let list):
            return list.mixes.isEmpty
                ? "no mix is saved" : "saved mixes: " + list.mixes.map(\.name).joined(separator: ", ")
        case .habits(let list):
            return list.habits.isEmpty
                ? "no habit is kept" : "habits: " + list.habits.map(\.name).joined(separator: ", ")
        case .hello(let hello): data = hello
        case .habitTapped(let tapped): data = tapped
        case .gratitudeSaved(let saved): data = saved
        case .gratitudeImported(let imported): data = imported
        case .lifeChanged(let life): data = life
        case .gratitudeReminder(let due): data = due
        case .unknown:
            return String(decoding: line, as: UTF8.self)
        }
        return (try? JSONCoding.line(data)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
