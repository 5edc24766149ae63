import Testing

@testable import Orbits

/// Passes as observers count them (Heavens-Above, skyfield's `find_events(altitude_degrees:)`): with a minimum
/// elevation, rise and set are where the pass crosses it, the horizon crossings are kept beside them, and a pass is
/// visible only where it is sunlit under a dark sky above that elevation. (Checked against skyfield itself in
/// Tests/integration/test_satellites.py.)
@Suite("Passes as observers count them")
struct PassCountingTests {
    static let iss = PassSearchTests.iss
    /// 2024-01-01T12:00:00Z, the elements' epoch.
    static let start = 1_704_110_400.0
    static let london = GeodeticPosition(latitude: 51.5074, longitude: -0.1278, heightKm: 0.035)

    @Test(arguments: [10.0, 30])
    func riseAndSetAreWhereThePassCrossesTheMinimumElevation(minElevation: Double) throws {
        let finder = PassFinder(model: SGP4(Self.iss), observer: Self.london, minElevation: minElevation)
        let passes = try finder.passes(from: Self.start, to: Self.start + 3 * 86_400)
        #expect(passes.count >= 4)
        for pass in passes {
            // The first instant at or above the minimum, to 0.01 s (and the last one, for set).
            let step = PassFinder.precision
            let before = (
                rise: try finder.elevation(pass.rise.unix - step),
                horizon: try finder.elevation(pass.horizonRise.unix - step)
            )
            let after = (
                set: try finder.elevation(pass.set.unix + step),
                horizon: try finder.elevation(pass.horizonSet.unix + step)
            )
            #expect(pass.rise.look.elevation >= minElevation && before.rise < minElevation)
            #expect(pass.set.look.elevation >= minElevation && after.set < minElevation)
            #expect(pass.horizonRise.look.elevation >= 0 && before.horizon < 0)
            #expect(pass.horizonSet.look.elevation >= 0 && after.horizon < 0)
            let times = [pass.horizonRise, pass.rise, pass.culmination, pass.set, pass.horizonSet].map(\.unix)
            #expect(times == times.sorted() && pass.duration == pass.set.unix - pass.rise.unix)
            if let from = pass.visibleFrom, let until = pass.visibleUntil {
                #expect(from.unix >= pass.rise.unix && until.unix <= pass.set.unix)
                #expect(from.look.elevation >= minElevation && until.look.elevation >= minElevation)
            }
        }
        // With no minimum, rise and set are the horizon crossings.
        let horizon = try PassFinder(model: SGP4(Self.iss), observer: Self.london, minElevation: 0)
            .passes(from: Self.start, to: Self.start + 86_400)
        #expect(horizon.allSatisfy { $0.rise == $0.horizonRise && $0.set == $0.horizonSet })
    }

    /// The defect: over Houston on 2018-07-05 the ISS came out of the Earth's shadow at 08:13:37, 9.1° up and
    /// sinking, so it was sunlit only below 10°; the pass was called visible (from 08:13:37 at 9.1°, mag 1.0).
    /// Skyfield's own test elements of the day (tests/test_earth_satellites.py).
    @Test func aPassSunlitOnlyBelowTheMinimumElevationIsNotVisible() throws {
        let iss = try #require(
            try TwoLineElements.parse(
                """
                1 25544U 98067A   18184.80969102  .00001614  00000-0  31745-4 0  9993
                2 25544  51.6414 295.8524 0003435 262.6267 204.2868 15.54005638121106
                """
            ).first)
        let houston = GeodeticPosition(latitude: 29.7604, longitude: -95.3698)
        let finder = PassFinder(model: SGP4(iss), observer: houston, minElevation: 10)
        let from = 1_530_777_600.0  // 2018-07-05T08:00:00Z
        let pass = try #require(try finder.passes(from: from, to: from + 3600).first)
        #expect(abs(pass.culmination.unix - 1_530_778_218) < 2 && pass.maxElevation > 50)
        let shadowLeft = 1_530_778_417.8  // 08:13:37.8
        #expect(pass.set.unix < shadowLeft && shadowLeft < pass.horizonSet.unix)
        let (lit, dark) = (try finder.sighting(at: shadowLeft + 1), try finder.sighting(at: shadowLeft - 1))
        #expect(lit.sunlit && !dark.sunlit)
        #expect(!pass.visible && pass.visibleFrom == nil && pass.magnitude == nil)
        // Counted from the horizon, as before, the same pass is visible from 9.1°.
        let low = try #require(
            try PassFinder(model: SGP4(iss), observer: houston, minElevation: 0)
                .passes(from: from, to: from + 3600).first)
        let seen = try #require(low.visibleFrom)
        #expect(abs(seen.unix - shadowLeft) < 0.2 && abs(seen.look.elevation - 9.14) < 0.01)
    }

    @Test func theHighestVisiblePointIsTheCulminationOrTheHigherEndOfTheVisiblePart() throws {
        let finder = PassFinder(model: SGP4(Self.iss), observer: Self.london)
        let visible = try finder.passes(from: Self.start, to: Self.start + 3 * 86_400).filter(\.visible)
        #expect(!visible.isEmpty)
        for pass in visible {
            let top = try #require(pass.highestVisible)
            let (from, until) = (try #require(pass.visibleFrom), try #require(pass.visibleUntil))
            #expect(top.look.elevation >= from.look.elevation && top.look.elevation >= until.look.elevation)
            #expect(from.unix <= top.unix && top.unix <= until.unix)
        }
    }
}
