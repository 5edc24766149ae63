/// The night look every page wears (docs/web.md, "The night screen"): one full-screen layer over everything that
/// multiplies each pixel by the night colour at the brightness cap, so no pixel is brighter than the cap and all
/// are in its colour, whatever a page or the ringing screen draws. Pure: the style sheet `/api/night.css` is.
public struct NightLook: Sendable, Equatable {
    public var red: Int
    public var green: Int
    public var blue: Int

    /// The settings' colour scaled by the cap: the brightest each channel may be, 0 to 255.
    public init(_ face: FaceSettings) {
        let (r, g, b): (UInt8, UInt8, UInt8) =
            switch face.nightColor {
            case .rgb(let r, let g, let b): (r, g, b)
            case .ansi, .palette, .terminalDefault: (255, 0, 0)  // not taken by the key; red, the default, if ever
            }
        let scale = { (channel: UInt8) in Int((Double(channel) * Double(face.nightBrightness) / 100).rounded()) }
        (red, green, blue) = (scale(r), scale(g), scale(b))
    }

    /// `rgb(64 0 0)`.
    public var css: String { "rgb(\(red) \(green) \(blue))" }

    /// Seconds the cap takes to lift (an alarm rings, a dawn begins, the night ends) or to come back.
    public static let riseSeconds = 5

    /// The style sheet: the layer, shown when `html` is at night. The server knows the night at the moment it
    /// answers, so the page's first paint is already dark: at night the selector is "not day", by day "night",
    /// and web/js/night.js sets one class or the other at the window's edges. `html.dawn` (the dawn's script) and
    /// `html.alarm-ringing` (the ringing screen) lift the cap, over `riseSeconds`, never at once.
    public func styleSheet(isNight: Bool) -> String {
        let night = isNight ? "html:not(.day)" : "html.night"
        return """
            /* The night screen (docs/web.md): made by noiseweb at each request, never kept. */
            :root { --night-cap: \(css); }
            html::after { content: ""; position: fixed; inset: 0; z-index: 2147483647; pointer-events: none;
              background: var(--night-cap); mix-blend-mode: multiply; opacity: 0;
              transition: opacity \(Self.riseSeconds)s linear; }
            \(night)::after { opacity: 1; }
            \(night).dawn::after, \(night).alarm-ringing::after { opacity: 0; }

            """
    }
}
