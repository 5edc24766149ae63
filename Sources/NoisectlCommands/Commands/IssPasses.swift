import ArgumentParser
import NoiseCore
import NoiseSystem
import NoiseTime
import Orbits

/// What every satellite view takes: the elements, which satellite, and where the observer is.
struct SatelliteOptions: ParsableArguments {
    @Option(help: "A file of two-line element sets or CelesTrak OMM JSON (default: those imported with 'iss elements import').")
    var elements: String?

    @Option(help: "Which satellite in the file, by catalog number (default: the ISS, 25544, else the first).")
    var satellite: Int?

    @Option(parsing: .unconditional,
            help: "Where you are: LAT,LON or LAT,LON,METRES, e.g. -33.87,151.21 or 33.87S,151.21E (default: config.toml's [location], else your time zone's city).",
            transform: ObserverPlace.parse)
    var at: ObserverPlace?

    /// The chosen set, the observer, and notes every view shows (the elements' age, an approximate place).
    func load(now: Double) throws -> (set: OrbitalElements, place: ObserverPlace, notes: [String]) {
        let sets = try elements.map { try ElementFile.read($0) } ?? ElementCache.user.readSets() ?? {
            throw ValidationError("no orbital elements yet: import some (noisectl iss elements import FILE, a TLE or "
                + "OMM file such as CelesTrak's stations.txt) or give --elements FILE")
        }()
        let wanted = satellite ?? (sets.contains { $0.catalogNumber == 25544 } ? 25544 : sets[0].catalogNumber)
        guard let set = sets.first(where: { $0.catalogNumber == wanted }) else {
            let numbers = sets.prefix(10).map { String($0.catalogNumber) }.joined(separator: ", ")
            throw ValidationError("--satellite \(wanted): no such catalog number in \(elements ?? ElementCache.user.path) (it has \(numbers))")
        }
        let place = try ObserverPlace.resolve(at: at, settings: ConfigStore().clockSettings().location)
        var notes = [IssText.age(of: set, now: now)]
        if let note = place.note { notes.append(note) }
        return (set, place, notes)
    }
}

/// `noisectl iss passes`: when the satellite passes over, computed here from its elements.
struct IssPasses: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passes",
        abstract: "List the satellite's passes over you (rise, highest point, set, brightness), computed here.",
        discussion: """
            A ★ marks a visible pass: the satellite sunlit while your Sun is 6° or more below
            the horizon. Rise and set are at the horizon; --min-elevation leaves out passes
            that stay lower. Times are local.
            Examples:
              noisectl iss passes --elements iss.tle --visible
              noisectl iss passes --elements stations.json --at 51.5074,-0.1278 --days 3 --json
            """)

    @OptionGroup var options: ClientOptions
    @OptionGroup var satellite: SatelliteOptions

    @Option(help: "How many days ahead, 1 to 30.")
    var days = 10

    @Flag(help: "Only the passes you can see.")
    var visible = false

    @Option(help: "Leave out passes whose highest point is lower than this, 0 to 90 degrees.")
    var minElevation = 10.0

    @Option(help: "Start here instead of now: ISO-8601 with an offset or Z.", transform: OptionValue.instant)
    var from: Double?

    func validate() throws {
        guard (1...30).contains(days) else { throw ValidationError("--days must be 1 to 30, got \(days)") }
        guard (0...90).contains(minElevation) else { throw ValidationError("--min-elevation must be 0 to 90 degrees") }
    }

    func run() throws {
        let start = from ?? WallTime.seconds()
        let (set, place, notes) = try satellite.load(now: start)
        let finder = PassFinder(model: SGP4(set), observer: place.position, minElevation: minElevation)
        var passes: [SatellitePass]
        do {
            passes = try finder.passes(from: start, to: start + Double(days) * 86_400)
        } catch {
            throw ValidationError("the elements of \(set.catalogNumber) give no orbit: \(error)")
        }
        if visible { passes = passes.filter(\.visible) }
        if options.json {
            return Output.json(Reply(satellite: set.catalogNumber, name: set.name, observer: place.name,
                                     elementsEpoch: IssText.utc(set.epochUnix), notes: notes,
                                     passes: passes.map(PassInfo.init)))
        }
        notes.forEach { Output.line("Note: \($0)") }
        let title = (set.name ?? "Satellite \(set.catalogNumber)") + " over \(place.name)"
        guard !passes.isEmpty else {
            return Output.line("No \(visible ? "visible " : "")pass of \(title) above \(minElevation.fixed(0))° "
                + "in the next \(days) days.")
        }
        Output.line("\(title), next \(days) days:")
        let zone = World.zoneSource.systemZone()
        let rows = passes.map { pass in
            [IssText.day(pass.rise.unix, zone), IssText.clock(pass.rise.unix, zone) + " " + pass.rise.look.compass,
             IssText.clock(pass.culmination.unix, zone) + " " + pass.maxElevation.fixed(0) + "° "
                + pass.culmination.look.compass,
             IssText.clock(pass.set.unix, zone) + " " + pass.set.look.compass,
             IssText.duration(pass.duration), pass.magnitude.map { $0.fixed(1) } ?? "",
             pass.visible ? "★" : ""]
        }
        Output.table([["DATE", "RISE", "HIGHEST", "SET", "LASTS", "MAG", ""]] + rows).forEach(Output.line)
    }

    struct Reply: Encodable {
        var satellite: Int
        var name: String?
        var observer: String
        var elementsEpoch: String
        var notes: [String]
        var passes: [PassInfo]
    }

    struct PointInfo: Codable {
        var utc: String
        var azimuthDeg: Double
        var elevationDeg: Double

        init(_ point: PassPoint) {
            (utc, azimuthDeg, elevationDeg) = (IssText.utc(point.unix), point.look.azimuth, point.look.elevation)
        }
    }

    struct PassInfo: Encodable {
        var rise, culmination, set: PointInfo
        var maxElevationDeg: Double
        var durationS: Double
        var visible: Bool
        @ExplicitNull var visibleFrom: PointInfo?
        @ExplicitNull var visibleUntil: PointInfo?
        @ExplicitNull var magnitude: Double?

        init(_ pass: SatellitePass) {
            (rise, culmination, set) = (PointInfo(pass.rise), PointInfo(pass.culmination), PointInfo(pass.set))
            (maxElevationDeg, durationS, visible) = (pass.maxElevation, pass.duration, pass.visible)
            (visibleFrom, visibleUntil) = (pass.visibleFrom.map(PointInfo.init), pass.visibleUntil.map(PointInfo.init))
            magnitude = pass.magnitude
        }
    }
}
