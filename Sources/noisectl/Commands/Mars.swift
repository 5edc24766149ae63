import ArgumentParser
import MarsTime
import NoiseCore
import NoiseSystem
import NoiseTime
import TimeScales

/// `noisectl mars`: the Mars24 clock at a site or longitude, computed here (no daemon needed); docs/mars.md.
struct Mars: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mars",
        abstract: "Show the time on Mars at a site or longitude (Mars24; no daemon needed).",
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

    @Option(help: "A site, e.g. jezero, gale, curiosity, airy-0 (default: the prime meridian).")
    var site: String?

    @Option(help: "A longitude instead of a site: 77.45E, 282.55W or -133.8 (east positive).")
    var lon: String?

    @Option(help: "The Earth instant: ISO-8601 with an offset or Z, e.g. 2000-01-06T00:00:00Z (default: now).")
    var at: String?

    func validate() throws {
        if site != nil && lon != nil { throw ValidationError("give --site or --lon, not both") }
        _ = try place()
        _ = try instant()
    }

    func run() throws {
        let (name, longitude, landing) = try place()
        let unix = try instant()
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

    /// The place asked for: its name, longitude and (for a rover's site) its landing instant.
    private func place() throws -> (String, MarsLongitude, Double?) {
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

    private func instant() throws -> Double {
        guard let at else { return WallTime.seconds() }
        guard let instant = ISO8601.parse(at) else {
            throw ValidationError("--at '\(at.prefix(40))' is not an ISO-8601 instant with an offset; "
                + "use 2000-01-06T00:00:00Z or 2024-11-23T10:00:00-05:00")
        }
        return Double(instant)
    }
}
