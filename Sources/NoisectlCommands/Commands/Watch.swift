import NoiseClient
import ArgumentParser
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
            let status = try connection.request("subscribe", as: StatusInfo.self)
            if !options.json { Output.line("Watching noised \(status.version); Ctrl-C to stop.") }
            Output.flush()
            var seen = 0
            while count.map({ seen < $0 }) ?? true {
                let line = try connection.nextLine()
                guard let event = line.event else { continue }
                seen += 1
                if options.json {
                    struct EventLine: Encodable { var event: String; var data: ReplyData }
                    Output.json(EventLine(event: event, data: line.payload))
                } else {
                    Output.line("\(LocalTime.clockText()) \(event): " + describe(event, line.payload, connection))
                }
                // Each event as it comes, whatever stdout is: a pipe or a file is block-buffered otherwise, and a
                // status bar reading `watch | …` would see nothing for minutes.
                Output.flush()
            }
        }
    }

    private func describe(_ event: String, _ data: ReplyData, _ connection: DaemonConnection) -> String {
        switch event {
        case EventName.playback:
            guard let playback = try? connection.decode(data, as: PlaybackInfo.self) else { break }
            return StatusText.playing(playback.playing) + (playback.sleepTimer.map { "; timer " + $0.text } ?? "")
        case EventName.audio:
            guard let audio = try? connection.decode(data, as: AudioStatus.self) else { break }
            return StatusText.audio(audio)
        case EventName.catalog:
            guard let catalog = try? connection.decode(data, as: CatalogSummary.self) else { break }
            return "\(catalog.sounds) sounds" + (catalog.problems.isEmpty ? "" : ", \(catalog.problems.count) problems")
        case EventName.alarmRinging, EventName.alarmSnoozed, EventName.alarmDismissed:
            guard let info = try? connection.decode(data, as: AlarmInfo.self) else { break }
            return AlarmText.event(event, info)
        case EventName.alarmMissed:
            guard let missed = try? connection.decode(data, as: MissedInfo.self) else { break }
            let name = missed.label.isEmpty ? "alarm \(missed.alarmId)" : missed.label
            return "\(AlarmText.clock(missed.trigger)) \(name) missed (\(missed.reason))"
        case EventName.nextAlarm:
            guard let next = try? connection.decode(data, as: NextAlarm.self) else { break }
            return next.alarm.map { AlarmText.summary($0, now: LocalTime.nowSeconds()) } ?? "no alarm is set"
        default:
            break
        }
        return (try? JSONCoding.line(data)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
