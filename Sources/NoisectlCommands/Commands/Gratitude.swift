import ArgumentParser
import ClockFace
import Glibc
import LifeCalendar
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseSystem
import NoiseTime

/// `noisectl gratitude`: one entry a day, kept by the daemon; searched, listed, exported and imported.
struct GratitudeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gratitude",
        abstract: "The gratitude diary: one entry a day, written here or in your editor, searched and exported.",
        discussion: """
            Examples:
              noisectl gratitude "The walk by the river"     today's entry
              noisectl gratitude                             today's entry in $VISUAL / $EDITOR
              noisectl gratitude "and a good coffee" --append
              noisectl gratitude search river
              noisectl gratitude export --format markdown --output diary.md
            """,
        subcommands: [Write.self, Show.self, List.self, Search.self, Export.self, Import.self, GratitudeRemind.self],
        defaultSubcommand: Write.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a day's entry (default: today's).")
        @OptionGroup var options: ClientOptions
        @Argument(help: "The day, YYYY-MM-DD.", transform: OptionValue.date) var date: LocalDate?

        func run() throws {
            try options.send(Commands.GratitudeShow(date: date)) { shown in
                guard let entry = shown.entry else {
                    return Output.line("No entry for \(shown.date). Write one: noisectl gratitude \"…\"")
                }
                GratitudeCommand.show(entry)
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the entries, oldest first.",
            aliases: ["ls"])
        @OptionGroup var options: ClientOptions
        @Option(help: "From this day on, YYYY-MM-DD.", transform: OptionValue.date) var since: LocalDate?

        func run() throws {
            try options.withDaemon { connection throws(ClientFailure) in
                if options.json {
                    // The one object, `{"entries": […]}`, written a page at a time as the export's JSON is.
                    var first = true
                    Output.text(Export.head(.json))
                    try connection.forEachEntryPage(since: since) { page in
                        Output.text(Export.piece(page, .json, first: first))
                        first = false
                    }
                    return Output.line("]}")
                }
                var listed = 0
                try connection.forEachEntryPage(since: since) { page in
                    page.forEach { Output.line("\($0.date)  " + GratitudeCommand.firstLine($0.text, width: 70)) }
                    listed += page.count
                }
                if listed == 0 { Output.line("No entries" + (since.map { " since \($0)" } ?? "") + ".") }
            }
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Find entries with all these words (ignoring case and accents; 'grate' finds 'grateful').")
        @OptionGroup var options: ClientOptions
        @Argument(help: "The words.") var words: [String]

        func run() throws {
            try options.send(Commands.GratitudeSearch(words: words.joined(separator: " "))) { found in
                guard !found.matches.isEmpty else {
                    return Output.line("No entry has \(words.joined(separator: " ")).")
                }
                found.matches.forEach {
                    Output.line(
                        "\($0.entry.date)  "
                            + VisibleText.terminal($0.snippet.split(whereSeparator: \.isNewline).joined(separator: " "))
                    )
                }
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Write out every entry.")
        @OptionGroup var options: ClientOptions
        @Option(
            help: "markdown (the default), json (what 'gratitude import' reads; as --json) or csv.",
            transform: Self.format)
        var format: DiaryExport.Format?
        @Option(
            help:
                "Write to this file instead of the terminal: a regular file or a new path, replaced whole, a new one 0600."
        )
        var output: String?

        static func format(_ text: String) throws -> DiaryExport.Format {
            guard let format = DiaryExport.Format(rawValue: text) else {
                throw ValidationError("--format must be markdown, json or csv, got '\(text)'")
            }
            return format
        }

        /// `--json` is `--format json`, as every command's `--json` prints JSON.
        func validate() throws {
            if options.json, let format, format != .json {
                throw ValidationError("--json writes the export as JSON; it cannot go with --format \(format.rawValue)")
            }
        }

        func run() throws {
            let format = format ?? (options.json ? .json : .markdown)
            // Refused before the daemon is asked, as `life grid` does.
            do { if let output { try OutputFile.check(output, option: "--output") } } catch {
                Output.error("\(error)")
                throw ExitCode(1)
            }
            try options.withDaemon { connection throws(ClientFailure) in
                var count = 0
                // Page by page as the daemon gives them, written as they come: nothing holds the whole diary.
                let export = { (emit: (String) throws -> Void) throws in
                    try emit(Self.head(format))
                    var first = true
                    try connection.forEachEntryPage(export: true) { page throws(ClientFailure) in
                        do { try emit(Self.piece(page, format, first: first)) } catch {
                            throw error as? ClientFailure ?? ClientFailure.failed("\(error)")
                        }
                        first = false
                        count += page.count
                    }
                    try emit(format == .json ? "]}\n" : "")
                }
                do {
                    if let output {
                        try OutputFile.write(output, option: "--output", privacy: .owner) { write in
                            try export { try write(Array($0.utf8)) }
                        }
                    } else {
                        // On a terminal the entries' controls are made visible, as `show` does; into a pipe, exact.
                        let terminal = isatty(STDOUT_FILENO) == 1
                        try export { Output.text(terminal ? VisibleText.terminal($0, .lines) : $0) }
                    }
                } catch {
                    throw error as? ClientFailure ?? ClientFailure.failed("\(error)")
                }
                guard let output else { return }
                struct Written: Encodable { var written: Int; var output: String }
                if options.json { return Output.json(Written(written: count, output: output)) }
                Output.line("Wrote \(count == 1 ? "1 entry" : "\(count) entries") to \(output).")
            }
        }

        static func head(_ format: DiaryExport.Format) -> String {
            switch format {
            case .markdown: DiaryExport.markdownHead
            case .csv: DiaryExport.csvHead
            case .json: "{\"entries\":["
            }
        }

        /// A page of entries; in JSON, each on the one JSON path, as `GratitudeEntries` would write them.
        static func piece(_ entries: [GratitudeEntry], _ format: DiaryExport.Format, first: Bool) -> String {
            switch format {
            case .markdown: return DiaryExport.markdownPiece(entries)
            case .csv: return DiaryExport.csvPiece(entries)
            case .json:
                let lines = entries.map { String(decoding: (try? JSONCoding.line($0)) ?? [], as: UTF8.self) }
                return (first || lines.isEmpty ? "" : ",") + lines.joined(separator: ",")
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Read entries from 'gratitude export' (json, or markdown); importing twice changes nothing.")
        @OptionGroup var options: ClientOptions
        @Argument(help: "The JSON or Markdown file.", completion: .file(extensions: ["json", "md"])) var file: String

        func run() throws {
            let entries = try GratitudeImportFile.read(file)
            try options.withDaemon { connection throws(ClientFailure) in
                // The whole file is checked before the first batch goes, against the daemon's today: a batch the
                // daemon refuses after others were stored would leave half an import. Each batch is one transaction.
                let today = try connection.call(Commands.LifeShow()).today
                if let problem = DiaryImport.problem(entries, today: today) {
                    throw ClientFailure(
                        message: "\(file): \(problem); nothing was imported", code: .invalidArgument,
                        exitCode: ClientFailure.failedExitCode)
                }
                // Staged: the daemon holds the batches and stores them all in one transaction with the last.
                let batches = GratitudeImportFile.batches(entries)
                let stage = "import-\(getpid())-\(LocalTime.nowSeconds())"
                var total = GratitudeImported()
                for (index, batch) in batches.enumerated() {
                    total = try connection.call(
                        Commands.GratitudeImport(
                            entries: batch.entries, stage: stage,
                            last: index == batches.count - 1))
                }
                if options.json { return Output.json(total) }
                Output.line(
                    "Imported \(entries.count) \(entries.count == 1 ? "entry" : "entries") from \(file): \(total.added) added, \(total.replaced) replaced "
                        + "(saved later), \(total.unchanged) unchanged, \(total.kept) kept as they were (the stored one is newer)."
                )
            }
        }
    }

    static func show(_ entry: GratitudeEntry) {
        Output.line(
            "\(entry.date)  (last saved \(ISO8601.format(seconds: entry.savedAt, offsetSeconds: World.zoneSource.systemZone().offset(at: Int64(entry.savedAt)))))"
        )
        Output.line(VisibleText.terminal(entry.text, .lines))
    }

    static func firstLine(_ text: String, width: Int) -> String {
        let line = LifeText.firstLine(text)
        let more = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }.count > 1
        return line.count > width ? String(line.prefix(width - 1)) + "…" : line + (more ? " …" : "")
    }
}
