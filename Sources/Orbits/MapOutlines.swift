import Glibc

/// The outlines a world map draws around the satellite and the Sun (the web page's ISS map), on a sphere of the
/// Earth's equatorial radius: close enough for a map, where a pixel is tens of kilometres. Pure.
public enum MapOutlines {
    /// The angle at the Earth's centre from the subpoint to the edge of what sees a satellite `heightKm` up, on the
    /// horizon (no refraction): about 20° for the ISS.
    public static func footprintRadius(heightKm: Double) -> Double {
        acos(EarthFrames.equatorialRadius / (EarthFrames.equatorialRadius + max(0, heightKm))) * 180 / .pi
    }

    /// The footprint's edge: `count` points `radius` degrees of arc from `center`, going round clockwise from north,
    /// longitudes in -180...180 (a ring over the date line or a pole is the map's to draw whole).
    public static func circle(around center: GeodeticPosition, radius: Double, count: Int = 72) -> [GeodeticPosition] {
        let toRadians = Double.pi / 180
        let (lat, lon, arc) = (center.latitude * toRadians, center.longitude * toRadians, radius * toRadians)
        return (0..<count).map { index in
            let bearing = Double(index) / Double(count) * 2 * .pi
            let pointLat = asin(sin(lat) * cos(arc) + cos(lat) * sin(arc) * cos(bearing))
            let pointLon = lon + atan2(sin(bearing) * sin(arc) * cos(lat), cos(arc) - sin(lat) * sin(pointLat))
            return GeodeticPosition(latitude: pointLat / toRadians, longitude: normalized(pointLon / toRadians))
        }
    }

    /// The terminator (the Sun on the horizon, geometric) when the Sun stands over `subsolar`: its latitude at each
    /// longitude from -180 to 180 every `step` degrees. The night side is the rest of the map toward the pole
    /// that the Sun's declination turns away (the south pole when the Sun is north of the equator).
    public static func terminator(subsolar: GeodeticPosition, step: Double = 2) -> [GeodeticPosition] {
        let toRadians = Double.pi / 180
        // At an equinox the terminator runs along meridians; a declination a hair off zero keeps the formula finite.
        let declination = abs(subsolar.latitude) < 1e-6 ? 1e-6 : subsolar.latitude
        let count = Int((360 / step).rounded())
        return (0...count).map { index in
            let longitude = -180 + Double(index) * step
            let hourAngle = (longitude - subsolar.longitude) * toRadians
            let latitude = atan(-cos(hourAngle) / tan(declination * toRadians)) / toRadians
            return GeodeticPosition(latitude: latitude, longitude: longitude)
        }
    }

    /// A longitude in -180..<180.
    static func normalized(_ longitude: Double) -> Double {
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }
}
