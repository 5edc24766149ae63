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
              noisectl play rain --for 45m --fade-to 10  (fades to volume 10 and plays on there)
              noisectl play @sleep                   (a saved mix: see 'noisectl mix')
            A sleep timer belongs to the sounds it is given with: 'play white --for 20m' leaves pink's own alone.
            """)

    @OptionGroup var options: ClientOptions

    @Argument(help: "Sound ids (see 'noisectl sounds'), or @NAME for a saved mix.", completion: .playable)
    var sounds: [String]

    @Option(help: "Volume 0-100 (cubic, like PulseAudio: 50 is about -18 dB). Default: 100 for a new sound.")
    var volume: Double?

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp(
            "Sleep timer of these sounds: stop after this long, e.g. 45m, 1h30m, 90s.",
            valueName: "duration"), transform: OptionValue.timerLength)
    var duration: Double?

    @Option(
        help: ArgumentHelp("Sleep timer: stop at this time of day, e.g. 23:30, 11:30pm.", valueName: "time"),
        transform: OptionValue.timeOfDay)
    var until: TimeOfDay?

    @Option(
        name: .customLong("fade-in"),
        help: ArgumentHelp("Fade-in, e.g. 5s (default: the daemon's, 0.5s).", valueName: "duration"),
        transform: OptionValue.duration)
    var fadeIn: Double?

    @Option(
        name: .customLong("fade-out"),
        help: ArgumentHelp("Fade-out at the end of the sleep timer (default 30s).", valueName: "duration"),
        transform: OptionValue.duration)
    var fadeOut: Double?

    @Option(
        name: .customLong("fade-to"),
        help: ArgumentHelp(
            "Sleep timer: fade to this volume (0-100) and play on there instead of stopping; "
                + "'noisectl sleep +15m' brings the volumes back.", valueName: "volume"))
    var fadeTo: Double?

    /// `@NAME`: the saved mix it names.
    var mix: String? {
        sounds.count == 1 && sounds[0].hasPrefix("@") ? String(sounds[0].dropFirst()) : nil
    }

    func validate() throws {
        if let mix {
            _ = try MixCommand.checked(mix)
            if volume != nil {
                throw ValidationError(
                    "a mix plays at the volumes it was saved with: leave out --volume (change one "
                        + "sound after with 'noisectl volume N --sound ID')")
            }
        } else if sounds.contains(where: { $0.hasPrefix("@") }) {
            throw ValidationError("a mix (@NAME) plays alone: give one @NAME, or sound ids")
        }
        if let volume, !(0...100).contains(volume) {
            throw ValidationError("--volume must be 0 to 100, got \(volume.formatted)")
        }
        if duration != nil && until != nil { throw ValidationError("give --for or --until, not both") }
        if let fadeTo, !(0...100).contains(fadeTo) {
            throw ValidationError("--fade-to must be a volume from 0 to 100, got \(fadeTo.formatted)")
        }
        if (fadeOut != nil || fadeTo != nil) && duration == nil && until == nil {
            throw ValidationError(
                "\(fadeOut != nil ? "--fade-out" : "--fade-to") applies to a sleep timer: give --for or --until too")
        }
    }

    func run() throws {
        let timer = duration ?? until.map(LocalTime.secondsUntil)
        let request = Commands.Play(
            sounds: mix == nil ? sounds : [], mix: mix, volume: volume, fadeIn: fadeIn,
            for: timer, fadeOut: fadeOut, fadeTo: fadeTo)
        try options.send(request, PlaybackText.show)
    }
}
