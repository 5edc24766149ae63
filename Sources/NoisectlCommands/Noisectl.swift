import ArgumentParser
import Glibc
import NoiseCore

/// `noisectl`: controls the NoiseClock daemon over its socket.
public struct Noisectl: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "noisectl",
        abstract: "Control the NoiseClock daemon (noised): noise, alarms, status.",
        discussion: """
            Exit codes: 0 success, 1 the daemon refused the command, 2 usage error, 3 the daemon is not reachable.
            """,
        version: Limits.version,
        subcommands: [
            Status.self, Sounds.self, Play.self, Stop.self, Sleep.self, Pause.self, Resume.self, Toggle.self,
            Volume.self,
            MixCommand.self, Bedtime.self, Watch.self, AlarmCommand.self, TimerCommand.self,
            Snooze.self, Dismiss.self, Preview.self, Clock.self, Web.self, StopwatchCommand.self, World.self, Mars.self,
            Iss.self, LocationCommand.self,
            Life.self, HabitCommand.self, GratitudeCommand.self, Store.self,
        ],
        // Bare `noisectl` shows the status, as bare `mpc` does; `noisectl help` lists the commands.
        defaultSubcommand: Status.self)
}

/// The entry point (`noisectl`'s main): argument-parser's own, except that usage errors exit with 2 as
/// documented (not 64).
public enum NoisectlMain {
    public static func main(_ arguments: [String]) {
        exit(run(arguments))
    }

    /// Runs one command line and returns its exit code; everything it says, its errors too, goes through `Output`
    /// (so tests run it in process and read what it printed).
    static func run(_ arguments: [String]) -> Int32 {
        let arguments = GlobalOptions.movedAfterSubcommand(arguments)
        if let problem = CommandSpelling.helpProblem(in: arguments) {
            Output.error(problem)
            return 2
        }
        var parsed = false
        do {
            var command = try Noisectl.parseAsRoot(arguments)
            parsed = true
            try command.run()
            return 0
        } catch {
            let code = Noisectl.exitCode(for: error)
            // A usage error found while running (a value the command line could not be checked against, such as no
            // location set) is the message alone: the usage line after it would say nothing about it.
            var message = parsed ? Noisectl.message(for: error) : Noisectl.fullMessage(for: error)
            if code == .validationFailure {
                // A mistyped command first: its usage would be another command's (the default one's).
                if let problem = CommandSpelling.problem(in: arguments) { message = problem }
                if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
                Output.error(message)
                return 2
            }
            // As argument-parser's `exit(withError:)` says it: help and the version on stdout, the rest on stderr.
            if !message.isEmpty {
                if code == .success { Output.line(message) } else { Output.standardError(message + "\n") }
            }
            return code.rawValue
        }
    }
}

/// Lets the shared options come before the subcommand too (`noisectl --json status`), as users of git or
/// systemctl expect: argument-parser reads them only after it, so they are moved there.
enum GlobalOptions {
    static let flags: Set<String> = ["--json"]
    static let valued: Set<String> = ["--socket"]

    static func movedAfterSubcommand(_ arguments: [String]) -> [String] {
        var moved: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if flags.contains(argument) || valued.contains(where: { argument.hasPrefix($0 + "=") }) {
                moved.append(argument)
                index += 1
            } else if valued.contains(argument), index + 1 < arguments.count {
                moved += arguments[index...(index + 1)]
                index += 2
            } else {
                break
            }
        }
        guard !moved.isEmpty, index < arguments.count else { return arguments }
        var rest = Array(arguments[index...])
        // Only before a known subcommand: otherwise argument-parser's own message (unknown command) is the right one.
        guard let command = Noisectl.configuration.subcommands.first(where: { $0._commandName == rest[0] }) else {
            return rest
        }
        // Insert after the subcommand path (`sounds import` has two words, `iss elements list` three), before its own
        // arguments.
        var path = 1
        var current: any ParsableCommand.Type = command
        while path < rest.count,
            let next = current.configuration.subcommands.first(where: {
                $0._commandName == rest[path] || $0.configuration.aliases.contains(rest[path])
            })
        {
            current = next
            path += 1
        }
        rest.insert(contentsOf: moved, at: path)
        return rest
    }
}
