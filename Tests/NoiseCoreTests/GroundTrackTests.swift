import Testing

@testable import Orbits

/// The ground track and the Sun's subpoint that `noisectl iss map` draws.
@Suite("Orbits: ground track")
struct GroundTrackTests {
    /// The ISS on 2024-01-01 (the set the integration tests use).
    static let iss = """
        ISS (ZARYA)
        1 25544U 98067A   24001.50000000  .00016717  00000-0  30306-3 0  9999
        2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.49815325432113
        """
    /// 2024-01-01T16:39:23Z.
    static let instant = 1_704_127_163.0

    static func model() throws -> SGP4 {
        SGP4(try #require(try TwoLineElements.parse(iss).first))
    }

    @Test func theTrackPassesThroughTheSubpointAndSpansAnOrbitEachWay() throws {
        let model = try Self.model()
        let period = GroundTrack.period(of: model.elements)
        #expect(abs(period - 5574.9) < 0.1)
        let track = GroundTrack.track(of: model, around: Self.instant, span: period, step: 30)
        #expect(track.count == 2 * 185 + 1)
        let now = try PassFinder(model: model, observer: GeodeticPosition(latitude: 0, longitude: 0))
            .sighting(at: Self.instant).subpoint
        #expect(track[185] == now)
        // An orbit later the latitude is back (within the 25 s the 30 s steps fall short of a period) and the
        // Earth has turned under the orbit by 360° × period / sidereal day, about 23.3° westwards.
        for (end, turned) in [(track.last!, -23.3), (track.first!, 23.3)] {
            #expect(abs(end.latitude - now.latitude) < 2)
            #expect(abs(Self.wrapped(end.longitude - now.longitude) - turned) < 3)
        }
    }

    @Test func theTrackCrossesTheDateLineOnlyAsAJumpOfAFullTurn() throws {
        let model = try Self.model()
        let track = GroundTrack.track(
            of: model, around: Self.instant, span: GroundTrack.period(of: model.elements),
            step: 30)
        let steps = zip(track, track.dropFirst()).map { $1.longitude - $0.longitude }
        let jumps = steps.filter { abs($0) > 180 }
        // The ISS crosses the date line once an orbit: two or three times in two orbits.
        #expect((2...3).contains(jumps.count))
        #expect(jumps.allSatisfy { abs(abs($0) - 360) < 5 })
        #expect(steps.filter { abs($0) <= 180 }.allSatisfy { abs($0) < 5 })
        #expect(track.allSatisfy { abs($0.latitude) < 52.5 && (-180...180).contains($0.longitude) })
    }

    /// skyfield 1.55 (DE421, apparent place, ITRS) puts the Sun over 23.4382° N 132.3036° W at the June solstice
    /// of 2024 and over 0.1465° N 1.8273° E at noon UTC on the March equinox.
    @Test(arguments: [(1_718_916_660.0, 23.4382, -132.3036), (1_710_936_000.0, 0.1465, 1.8273)])
    func theSunsSubpointAgreesWithSkyfield(_ unix: Double, _ latitude: Double, _ longitude: Double) {
        let sun = GroundTrack.subsolarPoint(unix: unix)
        #expect(abs(sun.latitude - latitude) < 0.02)
        #expect(abs(Self.wrapped(sun.longitude - longitude)) < 0.05)
    }

    static func wrapped(_ degrees: Double) -> Double {
        let turned = (degrees + 180).truncatingRemainder(dividingBy: 360)
        return (turned < 0 ? turned + 360 : turned) - 180
    }
}
