import ArgumentParser
import ClockFace
import MarsTime
import NoiseClient
import NoiseCore
import NoiseSystem
import NoiseTime
import TimeScales

/// `noisectl mars`: the Mars24 clock at a site or longitude, and when a site's clock reads a time, computed here
/// (no daemon needed); docs/mars.md.
struct Mars: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mars",
        abstract: "Show the time on Mars at a site or longitude (Mars24; no daemon needed).",
        subcommands: [MarsShow.self, MarsWhen.self],
        defaultSubcommand: MarsShow.self)

    /// Where on Mars, from `--site` or `--lon`: the name, longitude and (for a rover's site) its landing.
    struct Place: ParsableArguments {
        @Option(
            help: "A site, e.g. jezero, gale, curiosity, airy-0 (default: [mars] site in config.toml, else airy-0).",
            completion: .list(MarsSite.all.map(\.id)), transform: MarsPlace.parse)
        var site: MarsPlace?

        @Option(
            help: "A longitude instead of a site: 77.45E, 282.55W or -133.8 (east positive).",
            transform: MarsPlace.longitude)
        var lon: MarsPlace?

        func validate() throws {
            if site != nil && lon != nil { throw ValidationError("give --site or --lon, not both") }
        }

        /// What was given (`--site` or `--lon`), as `[mars] site` saves it; nil for neither.
        var given: String? { (site ?? lon)?.text }

        /// The place given, else `saved` (config.toml's `[mars] site`), else the prime meridian.
        func resolved(saved: String? = nil) throws -> MarsLocation {
            if let place = site ?? lon { return place.location }
            switch MarsLocation.named(saved ?? MarsLocation.primeMeridian) {
            case .success(let location): return location
            case .failure(let problem): throw ValidationError("[mars] site in config.toml: " + problem.message)
            }
        }
    }
}

/// `noisectl mars` itself: the panel, once.
struct MarsShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the time on Mars at a site or longitude.",
        discussion: """
            Coordinated Mars Time, the local mean and true solar time at the site, the sol,
            Ls with the season and Mars Year, and the values of the Mars24 chain.
            Longitudes are planetographic, positive east: 77.45E, 282.55W, -133.8.

            Live in a terminal, updating every second (q quits); --once, --json or a pipe
            print it once. --site or --lon given live is saved as config.toml's
            [mars] site, the place used when none is given.

            Examples:
              noisectl mars --site jezero
              noisectl mars --lon 137.44E --json
              noisectl mars --at 2000-01-06T00:00:00Z --lon 0 --json

            Sites: \(MarsSite.all.map(\.id).joined(separator: ", ")).
            """)

    @OptionGroup var options: ClientOptions
    @OptionGroup var place: Mars.Place

    @Option(
        help:
            "The Earth instant: ISO-8601 with an offset or Z, e.g. 2000-01-06T00:00:00Z (default: now); live, it runs on from there.",
        transform: OptionValue.instant)
    var at: Double?

    @Flag(help: "Print the panel once and exit (as when the output is not a terminal).")
    var once = false

    func run() throws {
        let environment = ProcessEnvironment.current
        let config = ConfigStore(environment: environment)
        let settings = config.clockSettings()
        let location = try place.resolved(saved: settings.marsSite)
        let asked = at
        let (leapSeconds, problem) = SystemLeapSeconds.load()
        let zone = World.zoneSource.systemZone()
        func reading(_ unix: Double) -> (reading: MarsReading, note: String?) {
            let clock = MarsClock(unix: unix, leapSeconds: leapSeconds)
            return (location.reading(at: clock, leapSeconds: leapSeconds), problem ?? clock.leapSecondNote)
        }
        func lines(_ unix: Double) -> [String] {
            let (shown, note) = reading(unix)
            let whole = Int64(unix.rounded(.down))
            let local =
                ISO8601.format(unix: whole, offsetSeconds: zone.offset(at: whole)) + " " + zone.abbreviation(at: whole)
            return shown.lines(
                siteName: location.name, longitude: location.longitude,
                earthUTC: ISO8601.format(unix: whole, offsetSeconds: 0),
                earthLocal: local) + (note.map { ["Note: \($0)"] } ?? [])
        }
        let terminal = ClockTerminal()
        let wall = WallTime.seconds()
        if options.json { return Output.json(reading(asked ?? wall).reading) }
        guard !once && terminal.isInteractive else { return lines(asked ?? wall).forEach(Output.line) }
        if let given = place.given {
            do { try config.update { _ in ([("mars.site", .string(given))], ()) } } catch {
                Output.error("warning: \(error)")
            }
        }
        let colors = ClockColors.resolve(settings, at: ClockReading(instant: Int64(wall), zone: zone))
        LiveView(terminal: terminal, colors: colors, start: asked.map { ($0, wall) }) { unix, size in
            MarsPanel.render(lines(unix), size: size)
        }.run(now: WallTime.seconds)
    }
}
