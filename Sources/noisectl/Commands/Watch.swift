import ArgumentParser
import NoiseCore
import NoiseProtocol

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print the daemon's events as they happen (playback, audio device, catalog).")

    @OptionGroup var options: ClientOptions

    @Option(help: "Exit after this many events (default: run until interrupted).")
    var count: Int?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        try options.withDaemon { connection throws(ClientFailure) in
            let status = try connection.decode(try connection.request("subscribe"), as: StatusInfo.self)
            if !options.json { Output.line("Watching noised \(status.version); Ctrl-C to stop.") }
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
        default:
            break
        }
        return (try? JSONCoding.line(data)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
