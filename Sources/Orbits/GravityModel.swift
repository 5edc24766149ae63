/// The Earth's gravity constants SGP4 is defined with: WGS-72, as the element sets are fitted with it
/// (Vallado et al., "Revisiting Spacetrack Report #3", AIAA 2006-6753, section on constants).
public struct GravityModel: Sendable {
    /// km³/s².
    public let mu: Double
    /// The equatorial radius, km.
    public let radius: Double
    /// √(μ / radius³) in Earth radii^1.5 per minute.
    public let xke: Double
    public let j2: Double
    public let j3: Double
    public let j4: Double

    public var j3oj2: Double { j3 / j2 }
    /// Minutes per time unit.
    public var tumin: Double { 1 / xke }

    public static let wgs72: GravityModel = {
        let mu = 398_600.8
        let radius = 6378.135
        return GravityModel(
            mu: mu, radius: radius, xke: 60 / (radius * radius * radius / mu).squareRoot(),
            j2: 0.001082616, j3: -0.00000253881, j4: -0.00000165597)
    }()
}
