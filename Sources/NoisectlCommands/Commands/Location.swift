import ArgumentParser
import NoiseClient
import NoiseConfig
import NoiseCore

/// `noisectl location`: where you are, for satellite passes; saved as config.toml's `[location]`.
struct LocationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Show or set where you are (for satellite passes); saved in config.toml.",
        subcommands: [LocationShow.self, LocationSet.self],
        defaultSubcommand: LocationShow.self)
}

struct LocationShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show the location the satellite views use.")

    @Flag(help: "Print it as JSON: name, latitude, longitude (degrees, north and east positive), elevation_m, note.")
    var json = false

    /// `location --json`, and `location set --json`: the location in use.
    struct Shown: Encodable {
        var name: String
        var latitude, longitude, elevationM: Double
        @ExplicitNull var note: String?

        init(_ place: ObserverPlace) {
            name = place.name
            latitude = place.position.latitude
            longitude = place.position.longitude
            elevationM = place.position.heightKm * 1000
            note = place.note
        }
    }

    static func current() throws -> ObserverPlace {
        try ObserverPlace.resolve(at: nil, settings: ConfigStore().clockSettings().location)
    }

    func run() throws {
        let place = try Self.current()
        if json { return Output.json(Shown(place)) }
        Output.line(
            "\(place.name): \(ObserverPlace.format(place.position))"
                + (place.position.heightKm != 0 ? ", \((place.position.heightKm * 1000).fixed(0)) m" : ""))
        if let note = place.note { Output.line("Note: \(note)") }
    }
}

struct LocationSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Save where you are: LAT,LON or LAT,LON,METRES (north and east positive).",
        discussion: """
            Examples:
              noisectl location set 51.5074,-0.1278 --name London
              noisectl location set 33.8688S,151.2093E,58 --name Sydney
              noisectl location set -- -33.8688,151.2093   (a minus first needs the --)
            """)

    @Argument(help: "LAT,LON or LAT,LON,METRES, e.g. 51.5074,-0.1278.", transform: ObserverPlace.parse)
    var coordinates: ObserverPlace

    @Option(help: "A name to show, e.g. London.")
    var name: String?

    @Flag(help: "Print the location now in use as JSON, as 'location --json' does.")
    var json = false

    func validate() throws {
        if let name, name.isEmpty || name.count > 60 || name.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            throw ValidationError("--name: 1 to 60 characters, no control characters")
        }
    }

    func run() throws {
        let place = coordinates.position
        var changes: [ConfigEditor.Change] = [
            ("location.latitude", .float(place.latitude)),
            ("location.longitude", .float(place.longitude)),
            ("location.elevation", .float(place.heightKm * 1000)),
        ]
        if let name { changes.append(("location.name", .string(name))) }
        try ConfigStore().update { _ in (changes, ()) }
        if json { return Output.json(LocationShow.Shown(try LocationShow.current())) }
        Output.line("Location set: \(name ?? ObserverPlace.format(place)) (\(ObserverPlace.format(place)))")
    }
}
