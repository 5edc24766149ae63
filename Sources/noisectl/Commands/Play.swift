import ArgumentParser
import NoiseCore
import NoiseProtocol

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play one or more sounds, mixed, looping until stopped.",
        discussion: """
            Examples:
              noisectl play rain
              noisectl play rain fan --volume 60
              noisectl play brown --for 45m          (sleep timer: fades out over the last 30 s)
              noisectl play pink --until 23:30 --fade-out 2m
            """)

    @OptionGroup var options: ClientOptions

    @Argument(help: "Sound ids (see 'noisectl sounds').", completion: .playable)
    var sounds: [String]

    @Option(help: "Volume 0-100 (cubic, like PulseAudio: 50 is about -18 dB). Default: 100 for a new sound.")
    var volume: Double?

    @Option(name: .customLong("for"), help: "Sleep timer: stop after this long, e.g. 45m, 1h30m.")
    var duration: String?

    @Option(help: "Sleep timer: stop at this time of day, e.g. 23:30, 11:30pm.")
    var until: String?

    @Option(name: .customLong("fade-in"), help: "Fade-in, e.g. 5s (default: the daemon's, 0.5s).")
    var fadeIn: String?

    @Option(name: .customLong("fade-out"), help: "Fade-out at the end of the sleep timer (default 30s).")
    var fadeOut: String?

    func validate() throws {
        if let volume, !(0...100).contains(volume) {
            throw ValidationError("--volume must be 0 to 100, got \(volume.formatted)")
        }
        if duration != nil && until != nil { throw ValidationError("give --for or --until, not both") }
        if fadeOut != nil && duration == nil && until == nil {
            throw ValidationError("--fade-out applies to a sleep timer: give --for or --until too")
        }
        // A bare number is ambiguous (mpc users mean minutes, sleep(1) users seconds): the unit must be said.
        if let duration, Double(duration) != nil {
            throw ValidationError("--for \(duration) has no unit: write \(duration)m for minutes or \(duration)s for "
                + "seconds (accepted: ms, s, m, h, as in 90s, 45m, 1h30m)")
        }
        if let seconds = try parseDuration(duration, option: "--for"), !(1...Limits.maxTimerSeconds).contains(seconds) {
            throw ValidationError("--for must be from 1 s to 24 h")
        }
        if let until { _ = try parseTime(until, option: "--until") }
        _ = try parseDuration(fadeIn, option: "--fade-in")
        _ = try parseDuration(fadeOut, option: "--fade-out")
    }

    func run() throws {
        let timer = try duration.map { try DurationParser.seconds($0) }
            ?? until.map { LocalTime.secondsUntil(try TimeOfDay.parse($0)) }
        let request = PlayArguments(sounds: sounds, volume: volume,
                                    fadeIn: try parseDuration(fadeIn, option: "--fade-in"),
                                    for: timer, fadeOut: try parseDuration(fadeOut, option: "--fade-out"))
        try options.send("play", args: request, as: PlaybackInfo.self) { playback in
            Output.line("Playing: " + StatusText.playing(playback.playing))
            if let timer = playback.sleepTimer { Output.line("Timer: " + timer.text) }
        }
    }
}
