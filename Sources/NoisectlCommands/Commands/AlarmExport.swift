import ArgumentParser
import NoiseAlarms
import NoiseClient
import NoiseCore

/// `noisectl alarm export [FILE]`: every alarm with every field, as the file `alarm import` reads back
/// (`AlarmBackup`).
struct AlarmExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every alarm, with all its settings, as JSON that 'alarm import' reads back.",
        discussion: """
            The backup of your alarms: time, repeat, label, sound, volume, ramp, snooze,
            ring limit, note, enabled, Mars clock and pass settings. Ids are left out
            (the daemon that imports gives new ones), so exporting the alarms an
            import added gives the same file. Timers are not exported: they are gone
            in minutes. Alarms come in the order they were added. Details: docs/alarms.md.
            Examples:
              noisectl alarm export alarms-backup.json
              noisectl alarm export | less
              noisectl alarm import alarms-backup.json      (on another machine, or after a reinstall)
            """)

    @OptionGroup var options: ClientOptions

    @Argument(help: "The file to write (replaced whole; a new one is 0644); - or none for standard output.")
    var file: String?

    /// Nil for standard output.
    var path: String? { file == "-" ? nil : file }

    func run() throws {
        // Refused before the daemon is asked, as `gratitude export --output` does.
        do { if let path { try OutputFile.check(path, option: "alarm export") } } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        try options.withDaemon { connection throws(ClientFailure) in
            // In the order they were added (by id), not the order they sound, which moves with the clock: the same
            // alarms give the same file. Only each entry's bytes are kept, not the alarms' objects.
            var entries: [(id: Int64, bytes: [UInt8])] = []
            try connection.forEachAlarmPage { page in
                entries += page.map(\.alarm).filter(AlarmBackup.keeps).map { (id: $0.id, bytes: AlarmBackup.entry($0)) }
            }
            entries.sort { $0.id < $1.id }
            var body = AlarmBackup.head
            for (index, entry) in entries.enumerated() {
                body += entry.bytes
                body += Array((index == entries.count - 1 ? "\n" : ",\n").utf8)
            }
            body += AlarmBackup.tail
            guard let path else { return Output.text(String(decoding: body, as: UTF8.self)) }
            do throws(OutputFile.Failure) { try OutputFile.write(path, body, option: "alarm export") } catch {
                throw ClientFailure.failed(error.description)
            }
            if options.json {
                struct Written: Encodable { var exported: Int; var file: String }
                return Output.json(Written(exported: entries.count, file: path))
            }
            Output.line("Exported \(Output.count(entries.count, "alarm")) to \(path).")
        }
    }
}
