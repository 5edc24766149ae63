import ArgumentParser
import NoiseCore
import Orbits

/// `--min-elevation D`: how high a pass must climb, and where its rise and set are counted (`iss passes`, `iss
/// compass`; pass alarms take the same default).
struct MinElevationOption: ParsableArguments {
    @Option(
        help:
            "Only passes that climb this high, 0 to 90 degrees; rise and set are where they cross it (default \(PassFinder.defaultMinElevation.formatted))."
    )
    var minElevation = PassFinder.defaultMinElevation

    func validate() throws {
        guard PassFinder.minElevationRange.contains(minElevation) else {
            throw ValidationError("--min-elevation must be 0 to 90 degrees, got \(minElevation.formatted)")
        }
    }
}
