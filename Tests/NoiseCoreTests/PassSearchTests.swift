import Testing

@testable import Orbits

/// The pass search's long steps (the cone a pass needs, the climb to the horizon) never step over a pass: the
/// passes it finds are those a plain scan of the elevation every 10 seconds finds, for a low orbit and an
/// eccentric one, from the equator to the far north, at several lowest heights.
@Suite("Pass search against a plain scan")
struct PassSearchTests {
    static let iss = try! TwoLineElements.parse(
        """
        1 25544U 98067A   24001.50000000  .00016717  00000-0  30306-3 0  9999
        2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.49815325432113
        """)[0]
    static let vanguard = try! TwoLineElements.parse(OrbitsTests.vanguard)[0]

    /// The highest points of the elevation, sampled every 10 s, at least `minElevation` high.
    func scannedTops(_ finder: PassFinder, from start: Double, to end: Double) throws -> [Double] {
        var tops: [Double] = []
        var (before, here) = (try finder.elevation(start - 10), try finder.elevation(start))
        var t = start
        while t < end {
            let after = try finder.elevation(t + 10)
            if here >= before && here > after && here >= max(0, finder.minElevation) { tops.append(t) }
            (before, here) = (here, after)
            t += 10
        }
        return tops
    }

    @Test(arguments: [(0.0, 0.0), (51.5, -0.13), (-33.9, 151.2), (64.8, -147.7), (78.2, 15.6)])
    func theSearchFindsEveryPassAScanFinds(latitude: Double, longitude: Double) throws {
        for (elements, start) in [(Self.iss, Self.iss.epochUnix), (Self.vanguard, Self.vanguard.epochUnix)] {
            for minElevation in [0.0, 10, 40] {
                let finder = PassFinder(
                    model: SGP4(elements), observer: GeodeticPosition(latitude: latitude, longitude: longitude),
                    minElevation: minElevation)
                let end = start + 2 * 86_400
                let found = try finder.passes(from: start, to: end).map(\.culmination.unix)
                let scanned = try scannedTops(finder, from: start, to: end)
                // A pass cut by the window's ends may be in one list and not the other.
                let inside = { (t: Double) in t > start + 900 && t < end - 900 }
                #expect(
                    found.filter(inside).count == scanned.filter(inside).count,
                    "\(elements.catalogNumber) at \(latitude), \(longitude), ≥ \(minElevation)°")
                for top in scanned.filter(inside) {
                    #expect(found.contains { abs($0 - top) <= 10 }, "the pass at \(top) was stepped over")
                }
            }
        }
    }
}
