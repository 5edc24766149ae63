import ArgumentParser
import ClockFace
import NoiseSystem
import NoiseTime
import Orbits

/// `noisectl iss compass`: where to look for the satellite, live: a compass rose pointing at its bearing, an
/// elevation gauge, and in words which way, how high and whether it rises or sets; between passes, when the next
/// one comes, counted as `iss passes` counts it (the same minimum elevation). Needs no daemon.
struct IssCompass: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compass",
        abstract: "A live compass pointing at the satellite: bearing, elevation, and the next pass (q quits).")

    @OptionGroup var satellite: SatelliteOptions
    @OptionGroup var view: LiveViewOptions
    @OptionGroup var noJSON: ViewJSONRefusal
    @OptionGroup var elevation: MinElevationOption

    func run() throws {
        let wall = WallTime.seconds()
        let asked = view.time
        let (set, place, notes) = try satellite.load(now: asked ?? wall)
        let finder = PassFinder(model: SGP4(set), observer: place.position, minElevation: elevation.minElevation)
        let zone = World.zoneSource.systemZone()
        let name = set.name ?? "Satellite \(set.catalogNumber)"
        view.show(asked: asked, wall: wall) { unix, size in
            CompassFace.render(Self.reading(finder, name: name, at: unix, zone: zone, notes: notes), size: size)
        }
    }

    /// The face's reading at `unix`: the bearing and elevation, and the words.
    static func reading(
        _ finder: PassFinder, name: String, at unix: Double, zone: ZoneRules,
        notes: [String]
    ) -> CompassFace.Reading {
        guard let now = try? finder.sighting(at: unix), let soon = try? finder.sighting(at: unix + 1) else {
            return CompassFace.Reading(
                azimuth: 0, elevation: -90, lines: ["\(name): the elements give no orbit now"] + notes)
        }
        let look = now.look
        var lines: [String]
        if look.elevation > 0 {
            let way = soon.look.elevation >= look.elevation ? "rising" : "setting"
            lines = [
                "\(name): look \(look.compass), \(look.elevation.fixed(0))° up, \(way)"
                    + (now.sunlit && now.sunAltitude < finder.darkSky
                        ? ", visible (mag \(now.magnitude.fixed(1)))" : "")
            ]
        } else {
            lines = ["\(name) is below the horizon (\(look.elevation.fixed(0))°, \(look.compass))"]
        }
        // The next pass as `iss passes` counts it; while a low pass is up, the one after it.
        if look.elevation < finder.minElevation || look.elevation <= 0,
            let next = try? finder.passes(from: unix, to: unix + 2 * 86_400).first(where: { $0.rise.unix > unix })
        {
            let through = finder.minElevation > 0 ? " through \(finder.minElevation.formatted)°" : ""
            lines.append(
                "next pass \(IssText.day(next.rise.unix, zone)) \(IssText.clock(next.rise.unix, zone)) "
                    + "rising \(next.rise.look.compass)\(through), highest \(next.maxElevation.fixed(0))° "
                    + "\(next.culmination.look.compass)" + (next.visible ? ", visible" : ""))
        }
        return CompassFace.Reading(azimuth: look.azimuth, elevation: look.elevation, lines: lines + notes)
    }
}
