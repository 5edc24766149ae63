import ArgumentParser
import NoiseClient
import NoiseCore
import NoiseSystem
import NoiseTime
import Orbits

/// What every satellite view takes: the elements, which satellite, and where the observer is.
struct SatelliteOptions: ParsableArguments {
    @Option(
        help:
            "A file of two-line element sets or CelesTrak OMM JSON (default: those imported with 'iss elements import')."
    )
    var elements: String?

    @Option(help: "Which satellite in the file, by catalog number (default: the ISS, 25544, else the first).")
    var satellite: Int?

    @Option(
        parsing: .unconditional,
        help:
            "Where you are: LAT,LON or LAT,LON,METRES, e.g. -33.87,151.21 or 33.87S,151.21E (default: config.toml's [location], else your time zone's city).",
        transform: ObserverPlace.parse)
    var at: ObserverPlace?

    /// The chosen set, the observer, and notes every view shows (the elements' age, an approximate place). Refuses
    /// a set that no longer tells where the satellite is at `now`, the instant asked about (too old, decayed).
    func load(now: Double) throws -> (set: OrbitalElements, place: ObserverPlace, notes: [String]) {
        let sets = try elements.map { try ElementFile.read($0) } ?? ElementCache.user.readSets()
        let set: OrbitalElements
        do {
            set = try SatelliteView.choose(
                from: sets, wanted: satellite, now: now, source: elements ?? ElementCache.user.path)
        } catch {
            throw ValidationError(error.description)
        }
        let place = try ObserverPlace.resolve(at: at, settings: ConfigStore().clockSettings().location)
        return (set, place, SatelliteView.notes(set, place: place, now: now))
    }
}

/// `noisectl iss passes`: when the satellite passes over, computed here from its elements.
struct IssPasses: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passes",
        abstract: "List the satellite's passes over you (rise, highest point, set, brightness), computed here.",
        discussion: """
            Passes are counted as observers count them: only those that climb to
            --min-elevation (default 10°), and rise and set where they cross it (the JSON
            keeps the horizon crossings too). A ★ marks a visible pass: above that
            elevation, the satellite sunlit while your Sun is 6° or more below the horizon.
            --visible lists only those, each from where it can be seen until where it
            cannot. Times are local, to the second. Elements more than 14 days from the
            instant asked about are refused.
            Examples:
              noisectl iss passes --elements iss.tle --visible
              noisectl iss passes --elements stations.json --at 51.5074,-0.1278 --days 3 --json
            """)

    @OptionGroup var options: ClientOptions
    @OptionGroup var satellite: SatelliteOptions
    @OptionGroup var elevation: MinElevationOption

    @Option(help: "How many days ahead, 1 to 30.")
    var days = 10

    @Flag(help: "Only the passes you can see, each shown from where it can be seen until where it cannot.")
    var visible = false

    @Option(help: "Start here instead of now: ISO-8601 with an offset or Z.", transform: OptionValue.instant)
    var from: Double?

    func validate() throws {
        guard (1...30).contains(days) else { throw ValidationError("--days must be 1 to 30, got \(days)") }
    }

    func run() throws {
        let start = from ?? WallTime.seconds()
        let (set, place, notes) = try satellite.load(now: start)
        let minElevation = elevation.minElevation
        let finder = PassFinder(model: SGP4(set), observer: place.position, minElevation: minElevation)
        var passes: [SatellitePass]
        do {
            passes = try finder.passes(from: start, to: start + Double(days) * 86_400)
        } catch {
            throw ValidationError("the elements of \(set.catalogNumber) give no orbit: \(error)")
        }
        if visible { passes = passes.filter(\.visible) }
        if options.json {
            return Output.json(PassReport(set, place: place, minElevation: minElevation, notes: notes, passes: passes))
        }
        notes.forEach { Output.line("Note: \($0)") }
        let title = (set.name ?? "Satellite \(set.catalogNumber)") + " over \(place.name)"
        guard !passes.isEmpty else {
            return Output.line(
                "No \(visible ? "visible " : "")pass of \(title) above \(minElevation.formatted)° "
                    + "in the next \(days) days.")
        }
        let zone = World.zoneSource.systemZone()
        if visible {
            Output.line(
                "\(title), next \(days) days, where each pass can be seen (above \(minElevation.formatted)°, "
                    + "sunlit, the Sun \((-finder.darkSky).formatted)° or more below the horizon):")
            Output.table(IssPassTable.visible(passes, zone: zone)).forEach(Output.line)
        } else {
            Output.line("\(title), next \(days) days (rise and set at \(minElevation.formatted)°):")
            Output.table(IssPassTable.whole(passes, zone: zone)).forEach(Output.line)
        }
    }
}
