import Glibc
import Testing

@testable import Orbits

@Suite struct MapOutlinesTests {
    /// The angle at the Earth's centre between two points, by the haversine formula (another route than the code's).
    func arc(_ a: GeodeticPosition, _ b: GeodeticPosition) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad, dLon = (b.longitude - a.longitude) * rad
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2)
            * sin(dLon / 2)
        return 2 * asin(min(1, h.squareRoot())) / rad
    }

    @Test func theISSSeesAbout20DegreesOfArcAround() {
        // acos(6378.137 / 6798.137) from a 420 km orbit: 20.2455° (Python's math.acos).
        #expect(abs(MapOutlines.footprintRadius(heightKm: 420) - 20.2455) < 0.0001)
        #expect(MapOutlines.footprintRadius(heightKm: 0) == 0)
    }

    @Test func everyPointOfTheFootprintIsItsRadiusAway() {
        for center in [
            GeodeticPosition(latitude: 10, longitude: 170), GeodeticPosition(latitude: -51.6, longitude: -179.5),
            GeodeticPosition(latitude: 80, longitude: 20),
        ] {
            let ring = MapOutlines.circle(around: center, radius: 20, count: 72)
            #expect(ring.count == 72)
            for point in ring {
                #expect(abs(arc(center, point) - 20) < 1e-6, "\(center) \(point)")
                #expect((-180..<180).contains(point.longitude) && (-90...90).contains(point.latitude))
            }
            // Bearing 0 is due north of the centre.
            #expect(abs(ring[0].latitude - min(90, center.latitude + 20)) < 1e-6 || center.latitude + 20 > 90)
        }
    }

    @Test func aFootprintOverThePoleGoesAllTheWayRoundInLongitude() {
        let ring = MapOutlines.circle(around: GeodeticPosition(latitude: 80, longitude: 20), radius: 20)
        let longitudes = ring.map(\.longitude).sorted()
        let widestGap = zip(longitudes, longitudes.dropFirst()).map { $1 - $0 }.max() ?? 360
        #expect(widestGap < 30)
    }

    @Test func theTerminatorIsWhereTheSunIsOnTheHorizon() {
        for sun in [
            GeodeticPosition(latitude: 23.4, longitude: -75), GeodeticPosition(latitude: -12, longitude: 140),
            GeodeticPosition(latitude: 0, longitude: 0),
        ] {
            let line = MapOutlines.terminator(subsolar: sun, step: 2)
            #expect(line.count == 181 && line.first?.longitude == -180 && line.last?.longitude == 180)
            for point in line where abs(sun.latitude) > 0.1 {
                #expect(abs(arc(sun, point) - 90) < 1e-6, "\(sun) \(point)")
            }
        }
    }
}
