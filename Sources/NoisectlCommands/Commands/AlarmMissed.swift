import ArgumentParser
import NoiseCore
import NoiseProtocol

extension AlarmCommand {
    /// `noisectl alarm missed [--clear]`: the alarms nobody heard, and a way to forget them.
    struct Missed: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "missed", abstract: "List the missed alarms, newest first; --clear forgets them.")

        @OptionGroup var options: ClientOptions

        @Flag(help: "Forget every missed alarm: status and this list show none afterwards.")
        var clear = false

        func run() throws {
            if clear {
                return try options.send(Commands.AlarmMissedClear()) { reply in
                    Output.line(
                        reply.cleared == 0
                            ? "No missed alarms to clear."
                            : "Cleared \(Output.count(reply.cleared, "missed alarm")).")
                }
            }
            try options.send(Commands.AlarmMissed()) { reply in
                let missed = reply.missed
                guard !missed.isEmpty else { return Output.line("No missed alarms.") }
                let rows = missed.map {
                    [
                        AlarmText.date($0.trigger), String($0.alarmId), VisibleText.terminal($0.label),
                        Self.why($0.reason),
                    ]
                }
                Output.table([["WHEN", "ID", "LABEL", "WHY"]] + rows).forEach(Output.line)
            }
        }

        static func why(_ reason: String) -> String {
            switch reason {
            case "late": "its time passed while noised was not running or the machine slept"
            case "unattended": "it rang to its limit and nobody stopped it"
            default: reason
            }
        }
    }
}
