import ArgumentParser
import NoiseProtocol

extension AlarmCommand {
    /// `noisectl alarm skip ID [--undo]`: the alarm's next ring only, or the skip taken back.
    struct Skip: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "skip", abstract: "Skip an alarm's next ring only (--undo takes the skip back).",
            discussion: "The ring after it sounds as usual. A once alarm has no ring after: switch it off instead.")

        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument
        @Flag(help: "Take the skip back: the skipped ring sounds after all.")
        var undo = false

        func run() throws {
            try AlarmText.send(
                options, Commands.AlarmSkip(id: alarm.id, undo: undo), verb: undo ? "Skip undone:" : "Skipped a ring:")
        }
    }
}
