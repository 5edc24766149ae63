import ArgumentParser
import ClockFace
import NoiseClient
import NoiseConfig
import NoiseCore
import NoiseSystem
import NoiseTime

/// `noisectl world`: clocks of other zones, computed here from the system's tz database (no daemon needed).
/// The zones shown without arguments are `world.zones` in config.toml, kept by `world add` and `world remove`.
struct World: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "world",
        abstract: "Show the time in other zones (the saved ones, or those given); no daemon needed.",
        discussion: """
            Each zone's city, its time, its date when that is not today here, and how
            many hours it is ahead of here (+5:30) or behind (-6).

            Examples:
              noisectl world add Europe/Berlin Asia/Kolkata
              noisectl world
              noisectl world America/New_York
              noisectl world remove Europe/Berlin

            Exit codes: 0 success, 1 nothing was saved (the message says why), 2 usage
            error (an unknown zone is one, with close names suggested).
            """,
        subcommands: [Show.self, WorldAdd.self, WorldRemove.self],
        defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show the time in the zones given, or else in the saved ones.")

        @OptionGroup var options: ClientOptions

        @Argument(
            help: "Zones to show, e.g. Europe/Berlin America/New_York (default: the saved ones).",
            completion: .timeZones)
        var zones: [String] = []

        @Option(
            help:
                "Show the clocks at this instant instead of now (for scripts and tests): ISO-8601 with an offset or Z, e.g. 2024-11-23T15:00:00Z.",
            transform: OptionValue.instant)
        var at: Double?

        /// The zones given, read in `validate()`: every unknown one is named in one message.
        var given = Validated<[ZoneRules]>()

        mutating func validate() throws {
            given.value = try World.zoneRules(zones, from: World.zoneSource)
        }

        func run() throws {
            let source = World.zoneSource
            var rules = given.value
            if zones.isEmpty {
                let saved = ConfigStore().clockSettings().worldZones
                for name in saved {
                    do {
                        rules.append(try source.zone(named: name))
                    } catch {
                        Output.error(
                            "warning: the saved zone '\(name)' is not in the system's tz database; "
                                + "remove it with 'noisectl world remove \(name)'")
                    }
                }
                if saved.isEmpty && !options.json {
                    return Output.line("No world clocks saved. Add one: noisectl world add Europe/Berlin")
                }
            }
            let here = source.systemZone()
            let rows = WorldClockRow.rows(at: at.map { Int64($0) } ?? LocalTime.nowSeconds(), zones: rules, local: here)
            if options.json { return Output.json(Reply(here: here.identifier, zones: rows)) }
            Output.table(Self.table(rows)).forEach(Output.line)
        }

        struct Reply: Encodable {
            var here: String
            var zones: [WorldClockRow]
        }

        /// A header and a line a zone; the date column only when some zone is on another day.
        static func table(_ rows: [WorldClockRow]) -> [[String]] {
            guard !rows.isEmpty else { return [] }
            let withDates = rows.contains { $0.date != nil }
            let header = ["CITY", "TIME"] + (withDates ? ["DATE"] : []) + ["FROM HERE"]
            return [header]
                + rows.map { row in
                    [row.city, row.time] + (withDates ? [row.date ?? ""] : []) + [row.offset]
                }
        }
    }

    static var zoneSource: SystemTimeZoneSource { SystemTimeZoneSource(environment: ProcessEnvironment.current) }

    /// The rules of each zone named; unknown ones are a usage error, each with close names suggested, so a
    /// typo is caught before anything is shown or saved.
    static func zoneRules(_ names: [String], from source: SystemTimeZoneSource) throws -> [ZoneRules] {
        switch source.zones(named: names) {
        case .success(let rules): return rules
        case .failure(let unknown): throw ValidationError(unknown.message)
        }
    }
}

extension World {
    /// Reads the saved zones, lets `change` work out the new list, and saves it when it differs, with the
    /// config folder locked throughout (`ConfigStore.update`, so two `world add`s at once both count). A config
    /// file that cannot be read or changed is reported and exits 1, unchanged.
    static func updateZones<Result>(
        in store: ConfigStore,
        _ change: ([String]) throws -> (zones: [String], result: Result)
    ) throws -> Result {
        do {
            return try store.update { settings in
                let planned = try change(settings.worldZones)
                let changes: [ConfigEditor.Change] =
                    planned.zones == settings.worldZones
                    ? []
                    : [(key: "world.zones", value: .array(planned.zones.map { .string($0) }))]
                return (changes, planned.result)
            }
        } catch let failure as ConfigStore.Failure {
            Output.error(failure.description)
            throw ExitCode(1)
        }
    }
}
