import Glibc

/// The ground under a satellite and under the Sun, for the world map (`noisectl iss map`). Pure.
public enum GroundTrack {
    /// One revolution, in seconds, from the elements' mean motion (revolutions a day): about 92.9 minutes for the ISS.
    public static func period(of elements: OrbitalElements) -> Double {
        86_400 / elements.meanMotion
    }

    /// The point under the satellite at `unix` (WGS-84 geodetic), as `PassFinder.sighting` finds it.
    public static func subpoint(of model: SGP4, at unix: Double) throws(SGP4Error) -> GeodeticPosition {
        let (r, v) = try model.state(minutesSinceEpoch: (unix - model.elements.epochUnix) / 60)
        return EarthFrames.geodetic(EarthFrames.earthFixed(r, v, gmst: EarthFrames.gmst(unix: unix)).position)
    }

    /// The subpoints from `unix - span` to `unix + span` every `step` seconds, in time order, `unix` among them.
    /// Instants SGP4 has no orbit for (before a decay, say) are left out, so the track ends where the orbit does.
    public static func track(of model: SGP4, around unix: Double, span: Double, step: Double) -> [GeodeticPosition] {
        let steps = Int((span / step).rounded(.down))
        return (-steps...steps).compactMap { index in try? subpoint(of: model, at: unix + Double(index) * step) }
    }

    /// Where the Sun stands overhead at `unix`: its declination as the latitude (geocentric, which the map cannot
    /// tell from geodetic) and its Earth-fixed longitude by GMST.
    public static func subsolarPoint(unix: Double) -> GeodeticPosition {
        let sun = EarthFrames.earthFixed(Sunlight.position(unix: unix), gmst: EarthFrames.gmst(unix: unix))
        let latitude = atan2(sun.z, (sun.x * sun.x + sun.y * sun.y).squareRoot()) * 180 / .pi
        return GeodeticPosition(latitude: latitude, longitude: atan2(sun.y, sun.x) * 180 / .pi)
    }
}
