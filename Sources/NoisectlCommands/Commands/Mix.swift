import ArgumentParser
import NoiseCatalog
import NoiseCore
import NoiseProtocol

struct MixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mix",
        abstract: "Save what plays as a named mix, list and remove mixes; 'noisectl play @NAME' plays one.",
        discussion: """
            Examples:
              noisectl play rain fan --volume 40; noisectl volume 70 --sound rain
              noisectl mix save sleep           rain 70%, fan 40%
              noisectl play @sleep              the same sounds at the same volumes
            """,
        subcommands: [Save.self, List.self, Remove.self])

    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "save", abstract: "Save the sounds playing now (or the paused mix) and their volumes.")

        @OptionGroup var options: ClientOptions

        @Argument(
            help: "The mix's name: \(MixName.accepted). A mix of that name is replaced.", transform: MixCommand.checked)
        var name: String

        func run() throws {
            try options.send(Commands.MixSave(name: name)) { mix in
                Output.line(
                    "Saved mix '\(mix.name)': \(MixCommand.sounds(mix)). Play it with: noisectl play @\(mix.name)")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the saved mixes.",
            aliases: ["ls"])

        @OptionGroup var options: ClientOptions

        func run() throws {
            try options.send(Commands.MixList()) { list in
                guard !list.mixes.isEmpty else {
                    return Output.line("No saved mixes. Play some sounds, then: noisectl mix save NAME")
                }
                Output.table(list.mixes.map { ["@" + $0.name, MixCommand.sounds($0)] }).forEach(Output.line)
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Forget a saved mix.",
            aliases: ["rm", "delete"])

        @OptionGroup var options: ClientOptions

        @Argument(help: "The mix's name.", completion: .mixNames, transform: MixCommand.checked)
        var name: String

        func run() throws {
            try options.send(Commands.MixRemove(name: name)) { mix in
                Output.line("Removed mix '\(mix.name)' (\(MixCommand.sounds(mix))).")
            }
        }
    }

    /// A name as `play @NAME` gives it, with or without its `@`; a transform, so a bad one is refused as the
    /// command line is read.
    static func checked(_ name: String) throws -> String {
        if let problem = MixName.problem(name) {
            throw ValidationError("mix name '\(name)' \(problem); a name has \(MixName.accepted)")
        }
        return name
    }

    static func sounds(_ mix: MixInfo) -> String {
        mix.sounds.map { "\($0.id) \($0.volume.formatted)%" }.joined(separator: ", ")
    }
}
