import ArgumentParser
import MarsTime
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
        @Option(help: "A site, e.g. jezero, gale, curiosity, airy-0 (default: the prime meridian).",
                completion: .list(MarsSite.all.map(\.id)))
        var site: String?

        @Option(help: "A longitude instead of a site: 77.45E, 282.55W or -133.8 (east positive).")
        var lon: String?

        func validate() throws {
            if site != nil && lon != nil { throw ValidationError("give --site or --lon, not both") }
            _ = try resolved()
        }

        func resolved() throws -> (name: String, longitude: MarsLongitude, landing: Double?) {
            if let lon {
                guard let longitude = MarsLongitude(parsing: lon) else {
                    throw ValidationError("--lon '\(lon.prefix(40))' is not a longitude; use \(MarsLongitude.accepted)")
                }
                return ("longitude \(longitude.east)° E", longitude, nil)
            }
            switch MarsSite.named(site ?? "airy-0") {
            case .success(let found): return (found.name, found.longitude, found.landing)
            case .failure(let error): throw ValidationError(error.message)
            }
        }
    }

    /// An ISO-8601 instant with an offset, as Unix seconds (with the fraction), or nil for none given.
    static func instant(_ text: String?, option: String) throws -> Double? {
        guard let text else { return nil }
        guard let parts = ISO8601.parts(text), let instant = parts.instant else {
            throw ValidationError("\(option) '\(text.prefix(40))' is not an ISO-8601 instant with an offset; "
                + "use 2000-01-06T00:00:00Z or 2024-11-23T10:00:00-05:00")
        }
        return Double(instant)
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

            Examples:
              noisectl mars --site jezero
              noisectl mars --lon 137.44E --json
              noisectl mars --at 2000-01-06T00:00:00Z --lon 0 --json

            Sites: \(MarsSite.all.map(\.id).joined(separator: ", ")).
            """)

    @OptionGroup var options: ClientOptions
    @OptionGroup var place: Mars.Place

    @Option(help: "The Earth instant: ISO-8601 with an offset or Z, e.g. 2000-01-06T00:00:00Z (default: now).")
    var at: String?

    func validate() throws {
        _ = try Mars.instant(at, option: "--at")
    }

    func run() throws {
        let (name, longitude, landing) = try place.resolved()
        let unix = try Mars.instant(at, option: "--at") ?? WallTime.seconds()
        let (leapSeconds, problem) = SystemLeapSeconds.load()
        if let problem { Output.error("warning: \(problem)") }
        let clock = MarsClock(unix: unix, leapSeconds: leapSeconds)
        let missionSol = landing.map { landing in
            MarsSite.missionSol(at: clock, landing: MarsClock(unix: landing, leapSeconds: leapSeconds), longitude: longitude)
        }
        let reading = MarsReading(clock, longitude: longitude, missionSol: missionSol)
        if options.json { return Output.json(reading) }
        let whole = Int64(unix.rounded(.down))
        let zone = World.zoneSource.systemZone()
        let local = ISO8601.format(unix: whole, offsetSeconds: zone.offset(at: whole))
        for line in reading.lines(siteName: name, longitude: longitude,
                                  earthUTC: ISO8601.format(unix: whole, offsetSeconds: 0), earthLocal: local + " " + zone.abbreviation(at: whole)) {
            Output.line(line)
        }
        if let note = clock.leapSecondNote { Output.line("Note: \(note)") }
    }
}
