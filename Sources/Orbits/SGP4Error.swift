/// Why SGP4 gives no state at a time: Vallado's error codes (AIAA 2006-6753), typed.
public enum SGP4Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// Code 1: the mean eccentricity left 0 ..< 1 (drag drove it out).
    case meanEccentricity(Double)
    /// Code 2: the mean motion fell to zero or below.
    case meanMotion(Double)
    /// Code 3: the perturbed eccentricity (deep space) left 0 ... 1.
    case perturbedEccentricity(Double)
    /// Code 4: the semi-latus rectum is negative.
    case semiLatusRectum(Double)
    /// Code 6: the orbit has decayed: the satellite is below the Earth's surface.
    case decayed(radiusKm: Double)

    /// Vallado's number for it, as the verification output lists errors.
    public var code: Int {
        switch self {
        case .meanEccentricity: 1
        case .meanMotion: 2
        case .perturbedEccentricity: 3
        case .semiLatusRectum: 4
        case .decayed: 6
        }
    }

    /// `decayed` and the like, for JSON.
    public var name: String {
        switch self {
        case .meanEccentricity: "mean_eccentricity"
        case .meanMotion: "mean_motion"
        case .perturbedEccentricity: "perturbed_eccentricity"
        case .semiLatusRectum: "semi_latus_rectum"
        case .decayed: "decayed"
        }
    }

    public var description: String {
        switch self {
        case .meanEccentricity(let e):
            "the mean eccentricity is \(e), outside 0 to 1 (the elements no longer describe an orbit)"
        case .meanMotion(let n): "the mean motion is \(n) rad/min, not above 0"
        case .perturbedEccentricity(let e): "the perturbed eccentricity is \(e), outside 0 to 1"
        case .semiLatusRectum(let p): "the semi-latus rectum is \(p) Earth radii, below 0"
        case .decayed(let r): "the satellite has decayed: its orbit radius is \(Int(r)) km, inside the Earth"
        }
    }
}
