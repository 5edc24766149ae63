import ArgumentParser
import NoiseClient
import NoiseSystem
import Orbits

/// `noisectl iss now`: where the satellite is and how you would see it, computed here.
struct IssNow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now",
        abstract: "Where the satellite is now: over which point, how high and fast, sunlit or not, and from you.")

    @OptionGroup var options: ClientOptions
    @OptionGroup var satellite: SatelliteOptions

    @Option(help: "Another instant than now: ISO-8601 with an offset or Z.", transform: OptionValue.instant)
    var time: Double?

    func run() throws {
        let now = time ?? WallTime.seconds()
        let (set, place, notes) = try satellite.load(now: now)
        let seen: Sighting
        do {
            seen = try PassFinder(model: SGP4(set), observer: place.position).sighting(at: now)
        } catch {
            throw ValidationError("the elements of \(set.catalogNumber) give no orbit now: \(error)")
        }
        if options.json { return Output.json(SatelliteNow(set, seen: seen, at: now, place: place, notes: notes)) }
        notes.forEach { Output.line("Note: \($0)") }
        let lat = abs(seen.subpoint.latitude).fixed(2) + (seen.subpoint.latitude >= 0 ? "° N" : "° S")
        let lon = abs(seen.subpoint.longitude).fixed(2) + (seen.subpoint.longitude >= 0 ? "° E" : "° W")
        let rows = [
            ["Satellite", (set.name ?? "") + " (\(set.catalogNumber))"],
            [
                "Over",
                "\(lat) \(lon), \(seen.subpoint.heightKm.fixed(0)) km up, "
                    + "\(seen.velocity.length.fixed(2)) km/s" + (seen.sunlit ? ", sunlit" : ", in the Earth's shadow"),
            ],
            [
                "From \(place.name)",
                "azimuth \(seen.look.azimuth.fixed(1))° (\(seen.look.compass)), elevation "
                    + "\(seen.look.elevation.fixed(1))°, \(seen.look.rangeKm.fixed(0)) km away"
                    + (seen.look.elevation > 0 ? ", above the horizon" : ", below the horizon"),
            ],
        ]
        Output.table(rows).forEach(Output.line)
    }
}
