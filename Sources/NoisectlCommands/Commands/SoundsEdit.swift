import ArgumentParser
import NoiseCatalog
import NoiseProtocol

/// `sounds remove` and `sounds rename`: only the sounds you imported (docs/sounds.md).
extension Sounds {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a sound you imported: its entry, its file and its decoded copy.",
            discussion: """
                Installed sounds and those of your sound folders are not removed. A sound that plays is refused \
                (stop it first), and so is one an alarm rings, unless --force gives those alarms the default tone \
                (alarms.sound in the config, else classic); the reply says which alarms changed.

                Examples:
                  noisectl sounds remove ocean-waves
                  noisectl sounds remove bell --force
                """,
            aliases: ["rm"])

        @OptionGroup var options: ClientOptions

        @Argument(help: "The id of a sound you imported (FROM 'you' in 'noisectl sounds').", completion: .soundIDs)
        var id: String

        @Flag(help: "Remove it even if alarms ring it: they get the default tone.")
        var force = false

        func run() throws {
            try options.send(Commands.SoundRemove(id: id, force: force)) { reply in
                Output.line("Removed \(reply.removed.name) ('\(reply.removed.id)') and its file.")
                guard let tone = reply.alarmsChanged.first?.alarm.sound else { return }
                let alarms = SoundRemoved.naming(reply.alarmsChanged.map(\.alarm))
                Output.line(
                    alarms.prefix(1).uppercased() + alarms.dropFirst()
                        + (reply.alarmsChanged.count == 1 ? " now rings " : " now ring ") + "\(tone), the default tone."
                )
            }
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Give a sound you imported another name; its id, and the alarms and mixes using it, stay.",
            discussion: "Example: noisectl sounds rename ocean-waves --name \"Waves at night\"")

        @OptionGroup var options: ClientOptions

        @Argument(help: "The id of a sound you imported (FROM 'you' in 'noisectl sounds').", completion: .soundIDs)
        var id: String

        @Option(help: "The new display name (at most 80 characters, no control characters).")
        var name: String

        func validate() throws {
            if let problem = SoundRules.nameProblem(name) { throw ValidationError("--name \(problem)") }
        }

        func run() throws {
            try options.send(Commands.SoundRename(id: id, name: name)) { sound in
                Output.line("Renamed '\(sound.id)' to \(sound.name).")
            }
        }
    }
}
