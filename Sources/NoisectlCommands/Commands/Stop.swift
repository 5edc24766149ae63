import ArgumentParser
import NoiseCore
import NoiseProtocol

struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop everything (and the sleep timers), or only the sounds named, with a fade.",
        discussion: "With --timer, clear the sleep timers instead (of the sounds named, else all) and stop nothing.")

    @OptionGroup var options: ClientOptions

    @Argument(help: "Sounds to stop (default: all).", completion: .soundIDs)
    var sounds: [String] = []

    @Option(
        help: ArgumentHelp("Fade-out, e.g. 10s (default: the daemon's, 0.5s).", valueName: "duration"),
        transform: OptionValue.duration)
    var fade: Double?

    @Flag(help: "Clear the sleep timers and let the sounds play on.")
    var timer = false

    func validate() throws {
        if timer && fade != nil { throw ValidationError("--timer stops nothing, so --fade does not apply") }
    }

    func run() throws {
        let request = Commands.Stop(
            sounds: sounds.isEmpty ? nil : sounds, fade: fade,
            timer: timer)
        if timer {
            return try options.send(request) { playback in
                let timed = playback.playing.filter { $0.sleepTimer != nil }.map(\.id)
                Output.line(
                    "Sleep timer cleared: "
                        + (timed.isEmpty
                            ? "no sound has one now."
                            : "still timed: "
                                + timed.joined(separator: ", ") + "."))
            }
        }
        try options.send(request) { playback in
            let stopping = playback.playing.filter { $0.state == .fadingOut }.map(\.id)
            let still = playback.playing.filter { $0.state != .fadingOut }
            Output.line(stopping.isEmpty ? "Nothing was playing." : "Stopping: \(stopping.joined(separator: ", ")).")
            if !still.isEmpty { Output.line("Still playing: " + StatusText.playing(still)) }
        }
    }
}
