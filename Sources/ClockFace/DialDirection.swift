/// Directions on a clock dial, worked out in plain Swift rather than with the C library's `sin` and `cos`: the
/// analog face's golden frames must come out dot for dot the same on every libm, and the quarter hours exact.
enum DialDirection {
    /// The unit vector `turns` of a full turn clockwise from 12 o'clock, in screen coordinates (y grows down).
    static func unit(turns: Double) -> (x: Double, y: Double) {
        let quarters = (turns - turns.rounded(.down)) * 4
        let quadrant = Int(quarters.rounded(.down))
        let angle = (quarters - Double(quadrant)) * Double.pi / 2
        let (sine, cosine) = (sin(angle), cos(angle))
        switch quadrant {
        case 0: return (sine, -cosine)
        case 1: return (cosine, sine)
        case 2: return (-sine, cosine)
        default: return (-cosine, -sine)
        }
    }

    /// Taylor series for 0 ≤ x < π/2, nested so each term is the last times -x²/((2k)(2k+1)); eight terms leave
    /// an error far below a dot's width on any dial a terminal can hold.
    private static func sin(_ x: Double) -> Double {
        var sum = 1.0
        for k in stride(from: 8, through: 1, by: -1) { sum = 1 - x * x / Double(2 * k * (2 * k + 1)) * sum }
        return x * sum
    }

    private static func cos(_ x: Double) -> Double {
        var sum = 1.0
        for k in stride(from: 8, through: 1, by: -1) { sum = 1 - x * x / Double((2 * k - 1) * 2 * k) * sum }
        return sum
    }
}
