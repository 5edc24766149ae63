import ArgumentParser
import NoiseAlarms
import NoiseClient
import NoiseCore
import NoiseProtocol

/// `noisectl store …`: check the alarm store, and rebuild it from what can be read when it is damaged.
struct Store: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Check the alarm store, or rebuild a damaged one.",
        subcommands: [Check.self, Recover.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the alarm store (SQLite's integrity check and every row); exits 1 when it is not sound.")

        @OptionGroup var options: ClientOptions

        func run() throws {
            var sound = true
            try options.withDaemon { connection throws(ClientFailure) in
                let check = try connection.call(Commands.StoreCheck())
                sound = check.sound
                if options.json { return Output.json(check) }
                var rows = [["Store", check.path ?? "in memory"], ["Sound", check.sound ? "yes" : "no"]]
                rows += check.integrity.prefix(5).map { ["SQLite", $0] }
                rows.append([
                    "Alarms",
                    "\(check.alarms) readable"
                        + (check.skippedAlarms.isEmpty ? "" : "; not readable: \(IDRanges.text(check.skippedAlarms))"),
                ])
                if let copy = check.corruptCopy { rows.append(["Copy", copy]) }
                if let problem = check.storeProblem { rows.append(["Problem", problem]) }
                Output.table(rows).forEach(Output.line)
                check.problems.forEach { Output.line("  " + $0) }
                if !check.sound && check.corruptCopy != nil {
                    Output.line("Rebuild it from the readable alarms: noisectl store recover")
                }
            }
            if !sound { throw ExitCode(1) }
        }
    }

    struct Recover: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recover",
            abstract: "Rebuild a damaged alarm store from the alarms that can be read (the damaged file's copy stays).")

        @OptionGroup var options: ClientOptions

        func run() throws {
            try options.send(Commands.StoreRecover()) { report in
                guard report.recovered else {
                    return Output.line(
                        "The alarm store \(report.path) is sound; nothing to do (\(report.kept) alarms).")
                }
                Output.line(
                    "Rebuilt the alarm store \(report.path): \(report.kept) alarms kept"
                        + (report.dropped.isEmpty
                            ? "." : "; left out (could not be read): \(IDRanges.text(report.dropped))."))
                if let copy = report.corruptCopy { Output.line("The damaged file stays as \(copy).") }
            }
        }
    }
}
