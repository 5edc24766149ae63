import ArgumentParser
import NoiseProtocol
import NoiseTime

extension AlarmCommand {
    /// `noisectl alarm pause ID --until DATE` or `--undo`: no ring before that date, or the pause ended now.
    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pause", abstract: "Pause an alarm until a date (--undo ends the pause).",
            discussion: """
                The alarm does not ring before 00:00 of that date on its own clock (its --zone, or the system's), then \
                rings as before and the pause is forgotten. A once alarm, a dated one and a timer ring only once: \
                switch them off instead.
                """)

        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument
        @Option(help: "The first day it rings again, YYYY-MM-DD.", transform: OptionValue.date)
        var until: LocalDate?
        @Flag(help: "End the pause now: the alarm rings by its days again.")
        var undo = false

        func validate() throws {
            switch (until, undo) {
            case (nil, false): throw ValidationError("give --until YYYY-MM-DD, the first day it rings again, or --undo")
            case (_?, true): throw ValidationError("--until and --undo are each other's opposites: give one")
            default: break
            }
        }

        func run() throws {
            let change: Commands.AlarmPause.Change = until.map { .until($0) } ?? .undo
            try AlarmText.send(
                options, Commands.AlarmPause(id: alarm.id, change), verb: undo ? "Pause ended:" : "Paused:")
        }
    }
}
