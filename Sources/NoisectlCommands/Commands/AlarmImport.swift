import ArgumentParser
import Glibc
import NoiseAlarms
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseSystem

/// `noisectl alarm import`: adds the alarms of an `alarm export` or of the original iPhone app, one `alarm_add`
/// each, so one the daemon refuses is reported and the rest still go in.
struct AlarmImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import alarms: an 'alarm export' file, or the iPhone app's JSON file.",
        discussion: """
            An export is restored whole, every field of every alarm; one of a newer
            version or with an entry that is not an alarm is refused, and nothing is
            added. An app entry that cannot be imported as it was (a time that does not
            exist, a snooze over 60 minutes) is skipped with the reason. Entries are
            numbered from 0, as in the file. An alarm that is there already (for an
            export: the same in every field) is not added again. Details: docs/alarms.md.
            Exit codes: 0 something was imported (or the file holds no alarms), 1 every
            entry was skipped, 3 the daemon is not reachable.
            Examples:
              noisectl alarm import backup.json --dry-run
              noisectl alarm import backup.json
              noisectl alarm import iphone-alarms.json
            """)

    @OptionGroup var options: ClientOptions

    @Argument(help: "An 'alarm export' file, or the app's alarms file (a JSON array).")
    var file: String

    @Flag(name: .customLong("dry-run"), help: "Show what would be imported, without contacting the daemon.")
    var dryRun = false

    /// The app's files are a few kilobytes, an export about 300 bytes an alarm; this only stops a wrong path from
    /// filling memory.
    static let maxFileBytes = 64 << 20

    func run() throws {
        var report = LegacyAlarmImport.Report()
        switch Self.contents(of: file) {
        case .success(let bytes):
            let zone = SystemTimeZoneSource(environment: ProcessEnvironment.current).systemZone()
            report = LegacyAlarmImport.parse(bytes, zone: zone)
        case .failure(let problem):
            report.skipped.append(.init(index: nil, reason: "cannot read \(file): \(problem.reason)"))
        }
        var imported: [Int64] = []
        var alreadyThere: [AlarmImporting.AlreadyThere] = []
        var skipped = report.skipped
        if dryRun {
            printPlan(report)
        } else {
            if !report.alarms.isEmpty {
                try options.withDaemon { connection throws(ClientFailure) in
                    var existing: [AlarmInfo] = []
                    try connection.forEachAlarmPage { existing += $0 }
                    AlarmImporting.add(
                        report, over: connection, existing: existing, imported: &imported, alreadyThere: &alreadyThere,
                        skipped: &skipped)
                }
            }
            skipped.sort(by: Self.fileFirst)
            printOutcome(imported: imported, alreadyThere: alreadyThere, skipped: skipped, notes: report.notes)
        }
        // Alarms there from an earlier import are not a failure: running an import twice is safe.
        let done = dryRun ? report.alarms.count : imported.count + alreadyThere.count
        if done == 0 && !skipped.isEmpty { throw ExitCode(1) }
    }

    private func printOutcome(
        imported: [Int64], alreadyThere: [AlarmImporting.AlreadyThere], skipped: [LegacyAlarmImport.Skipped],
        notes: [String]
    ) {
        if options.json {
            struct Reply: Encodable {
                var imported: [Int64]
                var alreadyThere: [AlarmImporting.AlreadyThere]
                var skipped: [LegacyAlarmImport.Skipped]
                var notes: [String]
            }
            return Output.json(Reply(imported: imported, alreadyThere: alreadyThere, skipped: skipped, notes: notes))
        }
        if imported.isEmpty && alreadyThere.isEmpty && skipped.isEmpty {
            return Output.line("Nothing to import: the file holds no alarms.")
        }
        if !alreadyThere.isEmpty {
            Output.line(
                "\(Output.count(alreadyThere.count, "alarm")) already there, not added again (alarm"
                    + "\(alreadyThere.count == 1 ? "" : "s") \(alreadyThere.map { String($0.id) }.joined(separator: ", ")))."
            )
        }
        if imported.isEmpty && skipped.isEmpty { return printNotes(notes) }
        var head =
            imported.isEmpty
            ? "Imported no alarms"
            : "Imported \(Output.count(imported.count, "alarm")) (id\(imported.count == 1 ? "" : "s") "
                + imported.map(String.init).joined(separator: ", ") + ")"
        if !skipped.isEmpty { head += "; skipped \(skipped.count):" }
        Output.line(skipped.isEmpty ? head + "." : head)
        skipped.forEach { Output.line("  " + Self.text($0)) }
        printNotes(notes)
    }

    private func printPlan(_ report: LegacyAlarmImport.Report) {
        if options.json {
            struct Planned: Encodable {
                var index: Int
                var alarm: AlarmChanges
            }
            struct Plan: Encodable {
                var wouldImport: [Planned]
                var skipped: [LegacyAlarmImport.Skipped]
                var notes: [String]
            }
            let planned = zip(report.sources, report.alarms).map { Planned(index: $0, alarm: $1) }
            return Output.json(Plan(wouldImport: planned, skipped: report.skipped, notes: report.notes))
        }
        if report.alarms.isEmpty && report.skipped.isEmpty {
            return Output.line("Nothing to import: the file holds no alarms.")
        }
        Output.line(
            report.alarms.isEmpty
                ? "Would import no alarms." : "Would import \(Output.count(report.alarms.count, "alarm")):")
        for (index, changes) in zip(report.sources, report.alarms) {
            Output.line("  entry \(index): " + Self.summary(changes))
        }
        if !report.skipped.isEmpty { Output.line("Would skip \(report.skipped.count):") }
        report.skipped.forEach { Output.line("  " + Self.text($0)) }
        printNotes(report.notes)
    }

    private func printNotes(_ notes: [String]) {
        guard !notes.isEmpty else { return }
        Output.line("Notes:")
        notes.forEach { Output.line("  " + $0) }
    }

    /// `07:30 weekdays "Work", sound digital, volume 70, snooze 10 min` (and `disabled` when it is); a Mars
    /// alarm's time with its clock, a pass alarm's rule.
    static func summary(_ changes: AlarmChanges) -> String {
        var parts = ["\(changes.time.map(\.description) ?? "?") \(changes.repeat ?? .once)"]
        if let mars = changes.mars {
            // A Mars alarm's every day is every sol, as `alarm list` says.
            let rule = (changes.repeat ?? .once).isOnce ? "once" : "every sol"
            parts[0] = "\(changes.time.map(\.description) ?? "?") \(mars.clockName) \(mars.placeName) \(rule)"
        }
        if let pass = changes.pass.map({ $0.applied(to: PassAlarm()) }) { parts[0] = AlarmText.passRule(pass) }
        if let label = changes.label, !label.isEmpty { parts[0] += " \"\(label)\"" }
        if changes.enabled == false { parts.append("disabled") }
        parts.append("sound \(changes.sound ?? AlarmDefaults.sound)")
        parts.append("volume \((changes.volume ?? AlarmDefaults.volume).formatted)")
        parts.append("snooze \(changes.snoozeMinutes ?? AlarmDefaults.snoozeMinutes) min")
        return parts.joined(separator: ", ")
    }

    static func text(_ skipped: LegacyAlarmImport.Skipped) -> String {
        skipped.index.map { "entry \($0): \(skipped.reason)" } ?? skipped.reason
    }

    /// The file's own refusal (no index) before any entry's, the entries in the array's order.
    static func fileFirst(_ lhs: LegacyAlarmImport.Skipped, _ rhs: LegacyAlarmImport.Skipped) -> Bool {
        switch (lhs.index, rhs.index) {
        case (let left?, let right?): left < right
        case (nil, _?): true
        default: false
        }
    }

    struct ReadProblem: Error {
        var reason: String
    }

    /// The file's bytes, read with plain POSIX calls like the rest of the client.
    static func contents(of path: String) -> Result<[UInt8], ReadProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadProblem(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(ReadProblem(reason: String(cString: strerror(errno)))) }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<count]
            if bytes.count > maxFileBytes {
                return .failure(ReadProblem(reason: "larger than \(maxFileBytes >> 20) MiB, which no alarms file is"))
            }
        }
    }
}
