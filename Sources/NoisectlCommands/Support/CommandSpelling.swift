import ArgumentParser
import NoiseCore

/// A mistyped command or subcommand, found when a command line was refused: `noisectl plya rain` was "2 unexpected
/// arguments" with `status`'s usage (status is the default command), `noisectl alarm export` the usage of `alarm
/// list`. Asked only on the error path, so a command line that parses pays nothing for it.
enum CommandSpelling {
    /// "'plya' is not a noisectl command; did you mean 'play'? …", or nil when the words name commands.
    static func problem(in arguments: [String]) -> String? {
        walk(arguments, stopAtDefaultWithWords: true)
    }

    /// `help WORD…`: argument-parser shows the top-level help for a path it does not know.
    static func helpProblem(in arguments: [String]) -> String? {
        guard arguments.first == "help", arguments.count > 1 else { return nil }
        return walk(Array(arguments.dropFirst()), stopAtDefaultWithWords: false)
    }

    /// Follows the words down the command tree; the first that names no subcommand where one is wanted is the typo.
    private static func walk(_ words: [String], stopAtDefaultWithWords: Bool) -> String? {
        var command: any ParsableCommand.Type = Noisectl.self
        var path = ["noisectl"]
        var index = 0
        while index < words.count {
            let word = words[index]
            // The shared options, moved after the command they came before (`--socket PATH alarm export`).
            if GlobalOptions.flags.contains(word) || GlobalOptions.valued.contains(where: { word.hasPrefix($0 + "=") })
            {
                index += 1
                continue
            }
            if GlobalOptions.valued.contains(word) {
                index += 2
                continue
            }
            if word.hasPrefix("-") { return nil }
            let names = subcommandNames(of: command)
            if names.isEmpty { return nil }
            if let next = subcommand(of: command, named: word) {
                command = next
                path.append(word)
                index += 1
                continue
            }
            // A default subcommand that takes words of its own (`gratitude Today was good`) reads this one.
            if stopAtDefaultWithWords && defaultTakesWords(command) { return nil }
            return unknown(word, path: path, among: names)
        }
        return nil
    }

    private static func subcommandNames(of command: any ParsableCommand.Type) -> [String] {
        command.configuration.subcommands.map { $0._commandName }
    }

    private static func subcommand(
        of command: any ParsableCommand.Type, named word: String
    ) -> (any ParsableCommand.Type)? {
        for candidate in command.configuration.subcommands
        where candidate._commandName == word || candidate.configuration.aliases.contains(word) {
            return candidate
        }
        return nil
    }

    private static func unknown(_ word: String, path: [String], among names: [String]) -> String {
        let whose = path.count == 1 ? "a noisectl command" : "one of the '\(path.joined(separator: " "))' commands"
        let close = Suggestions.closest(to: word, among: names)
        let suggestion =
            close.isEmpty ? "" : "; did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "?"
        return "'\(word.prefix(40))' is not \(whose)\(suggestion) (the commands: \(names.joined(separator: ", ")); "
            + "see '\(path.joined(separator: " ")) --help')"
    }

    /// Whether the command's default subcommand takes positional arguments: one of its properties is an `@Argument`.
    private static func defaultTakesWords(_ command: any ParsableCommand.Type) -> Bool {
        guard let fallback = command.configuration.defaultSubcommand else { return false }
        let instance = fallback.init()
        for child in Mirror(reflecting: instance).children where "\(type(of: child.value))".hasPrefix("Argument<") {
            return true
        }
        return false
    }
}
