import Glibc

/// Greenwich mean sidereal time, IAU 1982 (Vallado's `gstime`): what turns TEME into an Earth-fixed frame.
public enum Sidereal {
    /// GMST in radians, 0 ..< 2π, at a Julian date in UT1 (UTC here: the difference, under a second, moves the ISS
    /// by under 0.5 km on the ground; docs/satellites.md).
    public static func gmst(julianDateUT1: Double) -> Double {
        let centuries = (julianDateUT1 - 2_451_545.0) / 36_525
        let seconds =
            -6.2e-6 * centuries * centuries * centuries + 0.093104 * centuries * centuries
            + (876_600.0 * 3600 + 8_640_184.812866) * centuries + 67_310.54841
        // 240 seconds of time are one degree.
        let angle = (seconds * (Double.pi / 180) / 240).truncatingRemainder(dividingBy: 2 * .pi)
        return angle < 0 ? angle + 2 * .pi : angle
    }
}
