/// The web face's own `[clock]` keys (docs/web.md): what a browser can show and a terminal cannot. They sit in
/// `[clock]` beside the terminal clock's keys, so one table describes the clock wherever it is shown.
public struct FaceSettings: Sendable, Equatable {
    /// Percent of the largest size that fits the screen.
    public var size = 100
    /// Percent strength of the glow around the digits.
    public var glow = 0
    /// Percent opacity of the digits.
    public var opacity = 100
    /// Percent opacity of the overlays (date, next alarm, what plays).
    public var overlayOpacity = 60
    /// A font family's name; empty for the design's system font.
    public var font = ""
    /// CSS weight, 100 (thin) to 900 (black).
    public var weight = 300
    public var design = FontDesign.default
    /// The overlay with the next alarm.
    public var nextAlarm = true
    /// The overlay with what plays.
    public var nowPlaying = true
    /// When every page wears the night look (docs/web.md, "The night screen").
    public var night = NightSchedule.off
    /// The night look's colour, multiplied over every page: a page's white becomes this colour at
    /// `nightBrightness`. Always `.rgb` (the key takes #RRGGBB only: a browser has no terminal palette).
    public var nightColor = TerminalColor.rgb(255, 0, 0)
    /// Percent: the brightest any channel of any pixel may be at night.
    public var nightBrightness = 25

    public init() {}

    /// What `font` accepts: letters, digits, spaces and hyphens (every installed family's name is so), which also
    /// keeps the value harmless inside CSS.
    public static func fontProblem(_ name: String) -> String? {
        guard name.count <= 64 else { return "a font name of at most 64 characters" }
        let plain = name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "-"
        }
        return plain ? nil : "'\(name.prefix(40))' is not a font family's name (letters, digits, spaces and hyphens)"
    }
}

/// The face's kind of type, as Apple's font designs name them; each maps to a CSS generic family.
public enum FontDesign: String, Sendable, Equatable, CaseIterable {
    case `default`
    case rounded
    case monospaced
    case serif
}
