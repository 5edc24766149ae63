import ArgumentParser
import NoiseConfig

/// `noisectl location`: where you are, for satellite passes; saved as config.toml's `[location]`.
struct LocationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Show or set where you are (for satellite passes); saved in config.toml.",
        subcommands: [LocationShow.self, LocationSet.self],
        defaultSubcommand: LocationShow.self)
}

struct LocationShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the location the satellite views use.")

    @Flag(help: "Print it as JSON: name, latitude, longitude (degrees, north and east positive), elevation_m, note.")
    var json = false

    /// `location --json`.
    struct Shown: Encodable {
        var name: String
        var latitude, longitude, elevationM: Double
        var note: String?
    }

    func run() throws {
        let place = try ObserverPlace.resolve(at: nil, settings: ConfigStore().clockSettings().location)
        if json {
            return Output.json(Shown(name: place.name, latitude: place.position.latitude, longitude: place.position.longitude,
                                     elevationM: place.position.heightKm * 1000, note: place.note))
        }
        Output.line("\(place.name): \(ObserverPlace.format(place.position))"
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

    func validate() throws {
        if let name, name.isEmpty || name.count > 60 || name.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            throw ValidationError("--name: 1 to 60 characters, no control characters")
        }
    }

    func run() throws {
        let place = coordinates.position
        var changes: [ConfigEditor.Change] = [("location.latitude", .float(place.latitude)),
                                              ("location.longitude", .float(place.longitude)),
                                              ("location.elevation", .float(place.heightKm * 1000))]
        if let name { changes.append(("location.name", .string(name))) }
        try ConfigStore().update { _ in (changes, ()) }
        Output.line("Location set: \(name ?? ObserverPlace.format(place)) (\(ObserverPlace.format(place)))")
    }
}
