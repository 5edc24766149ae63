import ArgumentParser
import NoiseCore
import NoiseProtocol

struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop everything (and the sleep timer), or only the sounds named, with a fade.")

    @OptionGroup var options: ClientOptions

    @Argument(help: "Sounds to stop (default: all).", completion: .soundIDs)
    var sounds: [String] = []

    @Option(help: "Fade-out, e.g. 10s (default: the daemon's, 0.5s).")
    var fade: String?

    func validate() throws {
        _ = try parseDuration(fade, option: "--fade")
    }

    func run() throws {
        let request = StopArguments(sounds: sounds.isEmpty ? nil : sounds, fade: try parseDuration(fade, option: "--fade"))
        try options.send("stop", args: request, as: PlaybackInfo.self) { playback in
            let stopping = playback.playing.filter { $0.state == .fadingOut }.map(\.id)
            let still = playback.playing.filter { $0.state != .fadingOut }
            Output.line(stopping.isEmpty ? "Nothing was playing." : "Stopping: \(stopping.joined(separator: ", ")).")
            if !still.isEmpty { Output.line("Still playing: " + StatusText.playing(still)) }
        }
    }
}
