import ArgumentParser
import ClockFace
import Glibc
import LifeCalendar
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseSystem
import NoiseTime

extension GratitudeCommand {
    /// `noisectl gratitude [TEXT]`: the day's entry, from the words, a pipe or the editor.
    struct Write: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "write",
            abstract: "Write today's entry (with no text: in your editor, or from a pipe).",
            discussion: """
                When the day has an entry, you are asked before it is replaced; --append adds to it instead.
                With no text and standard input not a terminal, the entry is read from it (echo … | noisectl gratitude);
                --edit opens the editor all the same (a graphical $VISUAL).
                """)

        @OptionGroup var options: ClientOptions
        @Argument(help: "The entry's text; none opens $VISUAL or $EDITOR on the day's entry.") var text: [String] = []
        @Flag(help: "Add the text to the day's entry, on a new line.") var append = false
        @Flag(help: "Replace the day's entry without asking.") var replace = false
        @Option(help: "Write for an earlier day, YYYY-MM-DD.", transform: OptionValue.date) var date: LocalDate?
        @Flag(help: "Open the editor even when standard input is not a terminal (a graphical $VISUAL).") var edit =
            false

        func validate() throws {
            if append && replace { throw ValidationError("--append and --replace do not go together") }
            if edit && !text.isEmpty {
                throw ValidationError("--edit opens the editor on the day's entry: give no text with it")
            }
            if !text.isEmpty, let problem = GratitudeEntry.problem(text: text.joined(separator: " ")) {
                throw ValidationError(problem)
            }
        }

        func run() throws {
            try options.withDaemon { connection throws(ClientFailure) in
                let mode: GratitudeWriteMode = append ? .append : replace ? .replace : .new
                var write: Commands.GratitudeWrite
                if text.isEmpty, !edit, isatty(STDIN_FILENO) != 1 {
                    // Not on a terminal (a script, a pipe): no editor, the entry is what comes in.
                    write = Commands.GratitudeWrite(text: try Self.piped(), date: date, mode: mode)
                } else if text.isEmpty {
                    let shown = try connection.call(Commands.GratitudeShow(date: date))
                    guard let edited = try Self.edit(shown) else { return Output.line("Nothing changed.") }
                    write = Commands.GratitudeWrite(text: edited, date: date, mode: .replace)
                } else {
                    write = Commands.GratitudeWrite(text: text.joined(separator: " "), date: date, mode: mode)
                }
                var saved: GratitudeSaved
                switch Result(catching: { () throws(ClientFailure) in try connection.call(write) }) {
                case .success(let reply): saved = reply
                case .failure(let failure):
                    guard failure.code == .entryExists else { throw failure }
                    guard Self.askToReplace() else {
                        throw ClientFailure(
                            message: "\(date?.description ?? "today") has an entry already; give --replace to "
                                + "replace it or --append to add to it (see it: noisectl gratitude show)",
                            code: .entryExists,
                            exitCode: ClientFailure.failedExitCode)
                    }
                    write.mode = .replace
                    saved = try connection.call(write)
                }
                if options.json { return Output.json(saved) }
                let verb = ["new": "Saved", "replace": "Replaced", "append": "Added to"][saved.action] ?? "Saved"
                Output.line(
                    "\(verb) the entry for \(saved.entry.date); last saved \(HabitCommand.clock(saved.entry.savedAt)).")
            }
        }

        /// The entry from standard input, checked as the editor's is: UTF-8, and not empty.
        static func piped() throws(ClientFailure) -> String {
            let bytes: [UInt8]
            do {
                bytes = try LocalFile.readAll(from: STDIN_FILENO, name: "standard input", kind: "a diary entry")
            } catch {
                throw ClientFailure.failed("\(error)")
            }
            switch UTF8Text.decode(bytes) {
            case .success(var text):
                while text.last?.isNewline == true { text.removeLast() }
                guard !text.allSatisfy(\.isWhitespace) else {
                    throw ClientFailure.failed(
                        "no entry came on standard input, and it is not a terminal for an editor; "
                            + "give the text (noisectl gratitude 'Today …') or pipe it in")
                }
                if let problem = GratitudeEntry.problem(text: text) { throw ClientFailure.failed(problem) }
                return text
            case .failure(let problem):
                throw ClientFailure.failed("the text on standard input \(problem); nothing was saved")
            }
        }

        /// The entry through the editor; nil when it came back unchanged or empty.
        static func edit(_ shown: GratitudeShown) throws(ClientFailure) -> String? {
            let edited: String?
            do { edited = try TextEditor.edit(shown.entry?.text ?? "", name: "gratitude-\(shown.date)") } catch {
                throw ClientFailure.failed("\(error)")
            }
            guard var text = edited else { return nil }
            while text.last?.isNewline == true { text.removeLast() }
            return text.allSatisfy(\.isWhitespace) ? nil : text
        }

        /// On a terminal, asks; elsewhere (a script) the refusal stands, with its message.
        static func askToReplace() -> Bool {
            guard isatty(STDIN_FILENO) == 1 else { return false }
            Output.text("The day has an entry already. Replace it? [y/N] ")
            Output.flush()
            return readLine()?.lowercased().hasPrefix("y") == true
        }
    }
}
