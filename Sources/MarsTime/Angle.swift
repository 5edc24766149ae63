import Glibc

/// Degrees, as the Mars24 formulas are written.
enum Angle {
    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
    static func sin(_ degrees: Double) -> Double { Glibc.sin(radians(degrees)) }
    static func cos(_ degrees: Double) -> Double { Glibc.cos(radians(degrees)) }

    /// Wraps into 0 ..< 360.
    static func normalized(_ degrees: Double) -> Double {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}
