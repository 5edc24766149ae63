import ArgumentParser
import ClockFace
import NoiseSystem
import Orbits

/// `noisectl iss map`: the satellite on a live world map: its ground track one orbit back and ahead, the night
/// side, and the observer. Needs no daemon.
struct IssMap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "A live world map: the satellite, its track one orbit back and ahead, the night side, you (q quits).",
        discussion: """
            Examples:
              noisectl iss map
              noisectl iss map --once --size 120x34 --time 2024-01-01T16:39:23Z
            """)

    @OptionGroup var satellite: SatelliteOptions
    @OptionGroup var view: LiveViewOptions
    @OptionGroup var noJSON: ViewJSONRefusal

    /// The track's spacing: the ISS covers about 2° of ground in 30 s, a dot or two on a wide terminal.
    static let trackStep = 30.0

    func run() throws {
        let wall = WallTime.seconds()
        let asked = view.time
        let (set, place, notes) = try satellite.load(now: asked ?? wall)
        let finder = PassFinder(model: SGP4(set), observer: place.position, minElevation: 0)
        let name = set.name ?? "Satellite \(set.catalogNumber)"
        let lines = [WorldMapFace.legend(satellite: name, observer: place.name)] + notes
        view.show(asked: asked, wall: wall) { unix, size in
            WorldMapFace.render(Self.reading(finder, name: name, at: unix, lines: lines), size: size)
        }
    }

    /// The map's reading at `unix`: the subpoint and the track from SGP4, the Sun's subpoint, and a status line
    /// (where, how high and fast, sunlit or not) above `lines`.
    static func reading(_ finder: PassFinder, name: String, at unix: Double, lines: [String]) -> WorldMapFace.Reading {
        let sun = point(GroundTrack.subsolarPoint(unix: unix))
        let observer = point(finder.observer)
        guard let now = try? finder.sighting(at: unix) else {
            return WorldMapFace.Reading(
                satellite: nil, track: [], observer: observer, subsolar: sun,
                lines: ["\(name): the elements give no orbit now"] + lines)
        }
        let period = GroundTrack.period(of: finder.model.elements)
        let track = GroundTrack.track(of: finder.model, around: unix, span: period, step: trackStep)
        let over = now.subpoint
        let status =
            "\(name) over " + abs(over.latitude).fixed(2) + (over.latitude >= 0 ? "° N " : "° S ")
            + abs(over.longitude).fixed(2) + (over.longitude >= 0 ? "° E, " : "° W, ")
            + "\(over.heightKm.fixed(0)) km up, \(now.velocity.length.fixed(2)) km/s, "
            + (now.sunlit ? "sunlit" : "in the Earth's shadow")
        return WorldMapFace.Reading(
            satellite: point(over), track: track.map(point), observer: observer, subsolar: sun,
            lines: [status] + lines)
    }

    static func point(_ place: GeodeticPosition) -> WorldMapFace.Point {
        WorldMapFace.Point(latitude: place.latitude, longitude: place.longitude)
    }
}
