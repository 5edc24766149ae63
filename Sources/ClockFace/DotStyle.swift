/// How a `DotCanvas` packs its dots into character cells. Both styles make square dots on a terminal whose cells
/// are about twice as tall as wide, so a circle of dots is round on screen in either.
public enum DotStyle: String, Sendable, Equatable, CaseIterable {
    /// Unicode braille patterns (U+2800...U+28FF): 2 dots across and 4 down per cell.
    case braille
    /// Half blocks, for fonts without braille: 1 dot across and 2 down per cell (`▀`, `▄`, `█`).
    case blocks

    public var dotsAcross: Int {
        switch self {
        case .braille: 2
        case .blocks: 1
        }
    }

    public var dotsDown: Int {
        switch self {
        case .braille: 4
        case .blocks: 2
        }
    }

    /// The bit that stands for the dot `across`, `down` within its cell, in this style's own encoding, so that a
    /// cell's bits turn into its character without reordering.
    func bit(across: Int, down: Int) -> UInt8 {
        switch self {
        // Braille numbers its dots down the left column first (1, 2, 3), then the right (4, 5, 6); dots 7 and 8,
        // the bottom row, came later and got the high bits.
        case .braille: Self.brailleBits[down][across]
        case .blocks: down == 0 ? 1 : 2
        }
    }

    /// The character of a cell with `bits` set; an empty cell is a plain space in both styles, not U+2800, so
    /// blank areas copy and compare as ordinary spaces.
    func glyph(_ bits: UInt8) -> Unicode.Scalar {
        guard bits != 0 else { return " " }
        switch self {
        case .braille: return Unicode.Scalar(0x2800 + UInt32(bits))!
        case .blocks: return Self.blockGlyphs[Int(bits)]
        }
    }

    private static let brailleBits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
    private static let blockGlyphs: [Unicode.Scalar] = [" ", "▀", "▄", "█"]
}
