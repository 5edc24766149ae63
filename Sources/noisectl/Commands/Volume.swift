import ArgumentParser
import NoiseCore
import NoiseProtocol

struct Volume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "volume",
        abstract: "Set the master volume, or one playing sound's volume (0-100); changes are smooth.")

    @OptionGroup var options: ClientOptions

    @Argument(help: "Volume 0-100.")
    var volume: Double

    @Option(help: "The playing sound to change (default: the master volume).")
    var sound: String?

    func validate() throws {
        guard (0...100).contains(volume) else { throw ValidationError("volume must be 0 to 100, got \(volume.formatted)") }
    }

    func run() throws {
        try options.send("volume", args: VolumeArguments(volume: volume, sound: sound), as: JSONValue.self) { _ in
            Output.line(sound.map { "\($0): \(volume.formatted)%" } ?? "Master volume: \(volume.formatted)%")
        }
    }
}
