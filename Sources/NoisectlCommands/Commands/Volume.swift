import ArgumentParser
import NoiseClient
import NoiseCore
import NoiseProtocol

struct Volume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "volume",
        abstract: "Show or set the master volume, or one playing sound's (0-100, or +N/-N to change it); smoothly.",
        discussion: """
            Examples:
              noisectl volume                 the master volume now
              noisectl volume 40              set it to 40
              noisectl volume +10             10 louder (at most 100), as mpc's volume +10
              noisectl volume -5 --sound rain
            """)

    @OptionGroup var options: ClientOptions

    // Unrecognized arguments too, so that "-5" is a change of volume and not an unknown option.
    @Argument(parsing: .allUnrecognized, help: "A volume 0-100, or +N / -N to change it by N; none shows it.")
    var level: [String] = []

    @Option(help: "The playing sound to show or change (default: the master volume).", completion: .soundIDs)
    var sound: String?

    /// What `level` asks for: nil to show the volume.
    var arguments: Commands.Volume? {
        get throws {
            guard let text = level.first else { return nil }
            let number = Double(text.hasPrefix("+") ? String(text.dropFirst()) : text)
            guard level.count == 1, let number, number.isFinite else {
                let given = level.joined(separator: " ")
                throw ValidationError(
                    "a volume is 0 to 100, or +N / -N to change it (e.g. 40, +10, -5); got '\(given)'")
            }
            if text.hasPrefix("+") || text.hasPrefix("-") {
                guard (0...100).contains(abs(number)) else {
                    throw ValidationError("a change of volume is -100 to +100, got \(text)")
                }
                return Commands.Volume(change: number == 0 ? 0 : number, sound: sound)
            }
            guard (0...100).contains(number) else {
                throw ValidationError("volume must be 0 to 100, got \(number.formatted)")
            }
            return Commands.Volume(volume: number, sound: sound)
        }
    }

    /// `arguments`, read once in `validate()`: a transform cannot, as "-5" arrives among the unrecognized arguments
    /// and what it changes depends on `--sound`.
    var request = Validated<Commands.Volume?>()

    mutating func validate() throws {
        request.value = try arguments
    }

    func run() throws {
        let arguments = request.value
        try options.withDaemon { connection throws(ClientFailure) in
            let master: Double
            let playing: [PlayingSound]
            if let arguments {
                let playback = try connection.call(arguments)
                (master, playing) = (playback.masterVolume, playback.playing)
            } else {
                let status = try connection.call(Commands.Status())
                (master, playing) = (status.masterVolume, status.playing)
            }
            guard let sound else {
                return options.json
                    ? Output.json(["master_volume": master])
                    : Output.line("Master volume: \(master.formatted)%")
            }
            // Set, the daemon has checked the sound plays; shown, it is checked here, with the daemon's words.
            guard let volume = playing.first(where: { $0.id == sound })?.volume else {
                let list =
                    playing.isEmpty ? "nothing is playing" : "playing: " + playing.map(\.id).joined(separator: ", ")
                throw .refused(ProtocolError(.notPlaying, "'\(sound.prefix(40))' is not playing; \(list)"))
            }
            options.json
                ? Output.json(["sound": JSONValue.string(sound), "volume": .number(volume)])
                : Output.line("\(sound): \(volume.formatted)%")
        }
    }
}
