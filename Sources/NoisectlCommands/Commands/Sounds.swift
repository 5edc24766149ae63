import ArgumentParser
import Glibc
import NoiseCatalog
import NoiseCore
import NoiseProtocol

struct Sounds: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds",
        abstract: "List the sounds, import your own, remove or rename them.",
        subcommands: [List.self, Import.self, Remove.self, Rename.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the sounds you can play.")

        @OptionGroup var options: ClientOptions

        @Option(help: "Only this category (noise, nature, mechanical, alarm, custom...).")
        var category: String?

        func run() throws {
            try options.send(Commands.Sounds(category: category)) { reply in
                let sounds = reply.sounds
                guard !sounds.isEmpty else {
                    return Output.line(category.map { "No sounds in category '\($0)'." } ?? "No sounds.")
                }
                let header = ["ID", "NAME", "CATEGORY", "KIND", "FROM"]
                let rows = sounds.map {
                    [$0.id, $0.name, $0.category, $0.kind.rawValue, $0.source == .user ? "you" : "installed"]
                }
                Output.table([header] + rows).forEach(Output.line)
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add your own sound; the daemon checks it decodes, then keeps a copy.",
            discussion: """
                FILE may be WAV, FLAC, Ogg Vorbis, Opus or MP3 (told apart by content, not by name), mono or \
                stereo, at any sample rate; up to \(Int(Limits.maxImportSeconds / 3600)) hours. Without --id and \
                --name they are made from the file's name: 'Ocean Waves.flac' becomes id ocean-waves, \
                name "Ocean Waves". An id already taken is refused; give another with --id.

                Examples:
                  noisectl sounds import "Ocean Waves.flac"
                  noisectl sounds import rain.ogg --id soft-rain --name "Soft rain"
                  noisectl sounds import bell.wav --kind alarm
                """)

        @OptionGroup var options: ClientOptions

        @Argument(help: "The audio file: WAV, FLAC, Ogg Vorbis, Opus or MP3.")
        var file: String

        @Option(
            help: """
                The id you will type to play it: lowercase letters, digits and '-', starting with a letter \
                (default: made from the file's name).
                """)
        var id: String?

        @Option(help: "Its display name (default: the file's name without its extension).")
        var name: String?

        @Option(help: "Its category (default: custom).")
        var category: String?

        @Option(help: "loop (a noise to loop) or alarm (an alarm tone).")
        var kind: SoundKind = .loop

        func validate() throws {
            if let id, let problem = SoundRules.idProblem(id) { throw ValidationError("--id '\(id)' \(problem)") }
            if let name, let problem = SoundRules.nameProblem(name) { throw ValidationError("--name \(problem)") }
            if let category, let problem = SoundRules.idProblem(category) {
                throw ValidationError("--category '\(category)' \(problem)")
            }
        }

        func run() throws {
            let request = Commands.Import(path: absolutePath(file), id: id, name: name, category: category, kind: kind)
            try options.send(request) { sound in
                Output.line(
                    "Imported \(sound.name) as '\(sound.id)' (\(sound.category), \(sound.kind.rawValue)). Play it: noisectl play \(sound.id)"
                )
            }
        }

        private func absolutePath(_ path: String) -> String {
            guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
            defer { free(cwd) }
            return String(cString: cwd) + "/" + path
        }
    }
}

extension SoundKind: ExpressibleByArgument {}
