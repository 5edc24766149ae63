import NoiseConfig
import NoiseTime

/// The colours a frame is painted in, resolved from the settings and, for `random_color`, the minute.
public struct ClockColors: Sendable, Equatable {
    public var text: TerminalColor
    public var digits: TerminalColor
    public var background: TerminalColor

    public init(text: TerminalColor, digits: TerminalColor, background: TerminalColor) {
        self.text = text
        self.digits = digits
        self.background = background
    }

    /// Colours that read well on a dark or a light background, for `random_color`.
    static let randomPalette: [TerminalColor] = [
        .rgb(0xE0, 0x6C, 0x75), .rgb(0x98, 0xC3, 0x79), .rgb(0xE5, 0xC0, 0x7B), .rgb(0x61, 0xAF, 0xEF),
        .rgb(0xC6, 0x78, 0xDD), .rgb(0x56, 0xB6, 0xC2), .rgb(0xD1, 0x9A, 0x66), .rgb(0xFF, 0x79, 0xC6),
        .rgb(0x50, 0xFA, 0x7B), .rgb(0xBD, 0x93, 0xF9), .rgb(0xF1, 0xFA, 0x8C), .rgb(0x8B, 0xE9, 0xFD),
    ]

    /// The theme's colours under the explicit ones; with `randomColor` the digits take the minute's colour,
    /// a different one from the minute before.
    public static func resolve(_ settings: ClockSettings, at reading: ClockReading) -> ClockColors {
        let theme = settings.theme
        let text = theme.foreground
        let background = settings.background == .terminalDefault ? theme.background : settings.background
        var digits = settings.color == .terminalDefault ? text : settings.color
        if settings.randomColor {
            let minute =
                CivilDate.days(year: reading.year, month: reading.month, day: reading.day) * 1440
                + Int64(reading.hour * 60 + reading.minute)
            digits = randomPalette[paletteIndex(minute: minute)]
        }
        return ClockColors(text: text, digits: digits, background: background)
    }

    /// A scrambled index per minute that never repeats the previous minute's.
    static func paletteIndex(minute: Int64) -> Int {
        func scrambled(_ value: Int64) -> Int {
            var mixed = UInt64(bitPattern: value) &* 0x9E37_79B9_7F4A_7C15
            mixed ^= mixed >> 29
            return Int(mixed % UInt64(randomPalette.count))
        }
        let index = scrambled(minute)
        return index == scrambled(minute - 1) ? (index + 1) % randomPalette.count : index
    }
}

extension ClockColors {
    /// The colours at a dawn's `point` (`DawnCurve`) as `depth` can show them: the background is the dawn's light,
    /// the text dark once the light is bright enough to read it on. Nil when the terminal shows no colour.
    public static func dawn(point: Double, depth: ColorDepth) -> ClockColors? {
        let light = DawnCurve.color(point)
        guard let background = depth.color(light.red, light.green, light.blue) else { return nil }
        let dark = DawnCurve.intensity(point) > 0.25
        let text = dark ? depth.color(40, 20, 0) : depth.color(light.red / 2 + 110, light.green / 2 + 70, 60)
        return ClockColors(text: text ?? .terminalDefault, digits: text ?? .terminalDefault, background: background)
    }
}
