import Orbits

/// Where the satellite is at one instant and how the observer would see it: `noisectl iss now --json`'s object and
/// the web page's position, from the same SGP4 sighting.
public struct SatelliteNow: Encodable, Sendable {
    public var satellite: Int
    public var name: String?
    public var utc: String
    public var latitudeDeg, longitudeDeg, altitudeKm, speedKmS: Double
    public var sunlit: Bool
    /// 1 in full sunlight, 0 in the umbra, between in the penumbra.
    public var illumination: Double
    /// The Sun's altitude at the observer (geometric, no refraction).
    public var sunAltitudeDeg: Double
    public var observer: String
    public var azimuthDeg, elevationDeg, rangeKm: Double
    public var aboveHorizon: Bool
    public var magnitude: Double?
    public var notes: [String]

    public init(_ set: OrbitalElements, seen: Sighting, at unix: Double, place: ObserverPlace, notes: [String]) {
        satellite = set.catalogNumber
        name = set.name
        utc = SatelliteView.utc(unix)
        (latitudeDeg, longitudeDeg, altitudeKm) = (
            seen.subpoint.latitude, seen.subpoint.longitude, seen.subpoint.heightKm
        )
        speedKmS = seen.velocity.length
        (sunlit, illumination, sunAltitudeDeg) = (seen.sunlit, seen.illumination, seen.sunAltitude)
        observer = place.name
        (azimuthDeg, elevationDeg, rangeKm) = (seen.look.azimuth, seen.look.elevation, seen.look.rangeKm)
        aboveHorizon = seen.look.elevation > 0
        magnitude = seen.look.elevation > 0 && seen.sunlit ? seen.magnitude : nil
        self.notes = notes
    }
}
