import NoiseConfig

/// How many colours the terminal shows, as the environment says: 24-bit when `COLORTERM` is `truecolor` or `24bit`,
/// xterm's 256 otherwise, none when `NO_COLOR` is set (no-color.org). The dawn's light is drawn as near as the
/// terminal allows (docs/clock.md, "Dawn").
public enum ColorDepth: Sendable, Equatable {
    case trueColor
    case palette256
    case none

    public init(environment: [String: String]) {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            self = .none
        } else if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") {
            self = .trueColor
        } else {
            self = .palette256
        }
    }

    /// `red, green, blue` as this terminal can show it: itself, the nearest of xterm's 256, or nil for none.
    public func color(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> TerminalColor? {
        switch self {
        case .trueColor: .rgb(red, green, blue)
        case .palette256: .palette(Self.nearestPaletteIndex(red, green, blue))
        case .none: nil
        }
    }

    /// The nearest colour of xterm's 6×6×6 cube (16–231) or its grey ramp (232–255), by squared distance.
    static func nearestPaletteIndex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
        }
        func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
            let (dr, dg, db) = (r - Int(red), g - Int(green), b - Int(blue))
            return dr * dr + dg * dg + db * db
        }
        let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let cube = (index: 16 + 36 * r + 6 * g + b, distance: distance(levels[r], levels[g], levels[b]))
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let step = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + 10 * step
        let ramp = (index: 232 + step, distance: distance(grey, grey, grey))
        return UInt8(ramp.distance < cube.distance ? ramp.index : cube.index)
    }
}
