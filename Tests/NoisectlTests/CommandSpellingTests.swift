import ArgumentParser
import Testing

@testable import NoisectlCommands

/// Typos lead to the command meant (issue 39): `noisectl plya rain` was "2 unexpected arguments" with the usage of
/// `status`, `alarm exprot` the usage of `alarm list`, `help nosuch` the top-level help, exit 0.
@Suite("Mistyped commands")
struct CommandSpellingTests {
    @Test(arguments: [
        (["plya", "rain"], "'plya' is not a noisectl command; did you mean 'play'?"),
        (["alarm", "exprot"], "'exprot' is not one of the 'noisectl alarm' commands; did you mean 'export'?"),
        (["alarm", "lsit"], "did you mean 'list'?"),
        (["--json", "stauts"], "did you mean 'status'?"),
        (["--socket", "/run/x.sock", "alarm", "exprot"], "'exprot' is not one of the 'noisectl alarm' commands"),
        (["help", "nosuch"], "'nosuch' is not a noisectl command"),
        (["help", "alarm", "ad"], "did you mean 'add'?"),
    ])
    func aMistypedCommandIsNamedWithTheClosest(arguments: [String], expected: String) {
        let (code, capture) = OutputCapture.run { NoisectlMain.run(arguments) }
        #expect(code == 2)
        #expect(capture.error.hasPrefix("noisectl: "), "\(capture.error)")
        #expect(capture.error.contains(expected), "\(capture.error)")
        #expect(!capture.error.contains("Usage: noisectl status"), "another command's usage: \(capture.error)")
    }

    /// Every command spells its name: argument-parser otherwise derives it with `String(describing:)` of the type at
    /// every start, a cast that scans each of the one program's 11,000 conformance records (0.5 ms of noisectl's
    /// start-up per unnamed command, seen with perf).
    @Test func everyCommandNamesItself() {
        var unnamed: [String] = []
        var commands: [any ParsableCommand.Type] = [Noisectl.self]
        while let command = commands.popLast() {
            if command.configuration.commandName == nil { unnamed.append("\(command)") }
            commands += command.configuration.subcommands
        }
        #expect(unnamed.isEmpty)
    }

    @Test func wordsOfADefaultCommandThatTakesWordsAreNotCommands() {
        #expect(CommandSpelling.problem(in: ["gratitude", "Today", "was", "good"]) == nil)
        #expect(CommandSpelling.problem(in: ["alarm", "add", "25:00"]) == nil, "a bad value, not a bad command")
        #expect(CommandSpelling.problem(in: ["play", "rian"]) == nil, "a sound's name is the daemon's to check")
    }
}
