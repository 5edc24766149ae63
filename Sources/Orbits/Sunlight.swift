import Glibc
import TimeScales

/// The Sun for satellite watching: its direction (the Astronomical Almanac's low-precision formula, good to 0.01°
/// from 1950 to 2050), the Earth's shadow on a satellite (conical, with the penumbra), and a satellite's brightness.
public enum Sunlight {
    public static let astronomicalUnit = 149_597_870.7
    public static let sunRadius = 695_700.0

    /// The Sun's position from the Earth's centre, km, in the mean equator and equinox of date (TEME to 0.01°).
    public static func position(unix: Double) -> Vector3 {
        let n = TerrestrialTime.julianDate(unix: unix) - 2_451_545.0
        let radians = Double.pi / 180
        let meanLongitude = (280.460 + 0.9856474 * n) * radians
        let anomaly = (357.528 + 0.9856003 * n) * radians
        let longitude = meanLongitude + (1.915 * sin(anomaly) + 0.020 * sin(2 * anomaly)) * radians
        let obliquity = (23.439 - 0.0000004 * n) * radians
        let distance = (1.00014 - 0.01671 * cos(anomaly) - 0.00014 * cos(2 * anomaly)) * astronomicalUnit
        return distance * Vector3(cos(longitude), cos(obliquity) * sin(longitude), sin(obliquity) * sin(longitude))
    }

    /// How much of the Sun's disc a satellite at `satellite` (km, Earth-centred) sees past the Earth: 1 in full
    /// sunlight, 0 in the umbra, between in the penumbra (the overlap of the two discs as the satellite sees them).
    public static func illumination(satellite: Vector3, sun: Vector3) -> Double {
        let toSun = sun - satellite
        let toEarth = -1 * satellite
        let sunAngle = asin(min(1, sunRadius / toSun.length))
        let earthAngle = asin(min(1, EarthFrames.equatorialRadius / toEarth.length))
        let separation = acos(max(-1, min(1, toSun.dot(toEarth) / (toSun.length * toEarth.length))))
        if separation >= sunAngle + earthAngle { return 1 }
        if separation <= earthAngle - sunAngle { return 0 }
        if separation <= sunAngle - earthAngle { return 1 - (earthAngle * earthAngle) / (sunAngle * sunAngle) }
        // Two discs partly overlapping (small angles: plane geometry).
        let (a, b, c) = (sunAngle, earthAngle, separation)
        let x = (c * c + a * a - b * b) / (2 * c)
        let y = (a * a - x * x).squareRoot()
        let overlap = a * a * acos(x / a) + b * b * acos((c - x) / b) - c * y
        return 1 - overlap / (.pi * a * a)
    }

    /// The apparent magnitude of a satellite of intrinsic (standard) magnitude `standard` (at 1,000 km, half lit):
    /// range and phase angle, for a diffusely reflecting sphere, as gpredict and Heavens-Above estimate it.
    public static func magnitude(standard: Double, rangeKm: Double, phaseAngle: Double) -> Double {
        let phase = sin(phaseAngle) + (.pi - phaseAngle) * cos(phaseAngle)
        return standard + 5 * log10(rangeKm / 1000) - 2.5 * log10(max(phase, 1e-9))
    }
}
