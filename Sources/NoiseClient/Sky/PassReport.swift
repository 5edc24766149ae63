import NoiseCore
import Orbits

/// The satellite's passes over the observer: `noisectl iss passes --json`'s object and the web page's pass list,
/// from the same `PassFinder`.
public struct PassReport: Encodable, Sendable {
    public var satellite: Int
    public var name: String?
    public var observer: String
    public var elementsEpoch: String
    public var minElevationDeg: Double
    public var notes: [String]
    public var passes: [Pass]

    public init(
        _ set: OrbitalElements, place: ObserverPlace, minElevation: Double, notes: [String], passes: [SatellitePass]
    ) {
        satellite = set.catalogNumber
        name = set.name
        observer = place.name
        elementsEpoch = SatelliteView.utc(set.epochUnix)
        minElevationDeg = minElevation
        self.notes = notes
        self.passes = passes.map(Pass.init)
    }

    public struct Point: Codable, Sendable {
        public var utc: String
        public var azimuthDeg: Double
        public var elevationDeg: Double

        init(_ point: PassPoint) {
            (utc, azimuthDeg, elevationDeg) = (SatelliteView.utc(point.unix), point.look.azimuth, point.look.elevation)
        }
    }

    /// A pass: `rise` and `set` where it crosses the minimum elevation, `horizon_rise` and `horizon_set` where it
    /// crosses the horizon.
    public struct Pass: Encodable, Sendable {
        public var rise, culmination, set, horizonRise, horizonSet: Point
        public var maxElevationDeg: Double
        public var durationS: Double
        public var visible: Bool
        @ExplicitNull public var visibleFrom: Point?
        @ExplicitNull public var visibleUntil: Point?
        @ExplicitNull public var magnitude: Double?

        init(_ pass: SatellitePass) {
            (rise, culmination, set) = (Point(pass.rise), Point(pass.culmination), Point(pass.set))
            (horizonRise, horizonSet) = (Point(pass.horizonRise), Point(pass.horizonSet))
            (maxElevationDeg, durationS, visible) = (pass.maxElevation, pass.duration, pass.visible)
            (visibleFrom, visibleUntil) = (pass.visibleFrom.map(Point.init), pass.visibleUntil.map(Point.init))
            magnitude = pass.magnitude
        }
    }
}
