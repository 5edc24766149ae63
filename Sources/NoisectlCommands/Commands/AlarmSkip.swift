import ArgumentParser
import NoiseProtocol

extension AlarmCommand {
    /// `noisectl alarm skip ID|next [--undo]`: one alarm's next ring only, the next ring of the repeating alarm that
    /// rings next, or the skip taken back.
    struct Skip: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "skip", abstract: "Skip an alarm's next ring only (--undo takes the skip back).",
            discussion: """
                The ring after it sounds as usual. A once alarm has no ring after: switch it off instead. \
                'next' instead of an id skips the next ring of whichever repeating alarm rings next \
                (a day off, without looking up its id).

                Examples:
                  noisectl alarm skip 3
                  noisectl alarm skip next
                  noisectl alarm skip 3 --undo
                """)

        @OptionGroup var options: ClientOptions

        @Argument(
            help: "The alarm's id (see 'noisectl alarm list'), or next: the repeating alarm that rings next.",
            completion: .alarmIDsOrNext,
            transform: Self.target)
        var alarm: Commands.AlarmSkip.Target

        @Flag(help: "Take the skip back: the skipped ring sounds after all (give the alarm's id).")
        var undo = false

        func run() throws {
            try AlarmText.send(
                options, Commands.AlarmSkip(alarm, undo: undo), verb: undo ? "Skip undone:" : "Skipped a ring:")
        }

        static func target(_ text: String) throws -> Commands.AlarmSkip.Target {
            if text == "next" { return .next }
            guard let id = Int64(text), id >= 1 else {
                throw ValidationError("'\(text)' is not an alarm: give its id (see 'noisectl alarm list') or next")
            }
            return .alarm(id)
        }
    }
}
