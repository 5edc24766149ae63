/// How the terminal clocks look, as `config.toml`'s `[clock]` and `[world]` tables keep it: `noisectl clock`
/// saves the options it was given there, so the next run looks the same. The daemon checks these keys like
/// every other and does nothing else with them.
public struct ClockSettings: Sendable, Equatable {
    public var format = HourFormat.locale
    public var seconds = false
    /// The AM/PM badge, shown in 12-hour mode only.
    public var ampm = false
    public var date = false
    /// `.terminalDefault`: the theme's colour (the terminal's own without a theme).
    public var color = TerminalColor.terminalDefault
    public var background = TerminalColor.terminalDefault
    public var theme = ClockTheme.terminal
    /// A new colour every minute (over `color`).
    public var randomColor = false
    /// The zones `noisectl world` shows with no arguments, in the order added.
    public var worldZones: [String] = []

    public init() {}
}

/// 12- or 24-hour digits; `locale` asks `LC_TIME`.
public enum HourFormat: String, Sendable, Equatable, CaseIterable {
    case locale
    case twelveHour = "12h"
    case twentyFourHour = "24h"

    /// Whether a locale name (`en_US.UTF-8`) writes times with AM/PM, for when the C library cannot load the
    /// locale to say: the usual glibc locales whose `t_fmt` is 12-hour.
    public static func localeUsesTwelveHours(_ name: String) -> Bool {
        let base = name.split(separator: ".").first.map(String.init) ?? name
        let parts = base.split(separator: "@")[0].split(separator: "_").map(String.init)
        guard parts.count >= 2 else { return false }
        return parts[0] == "ar" || twelveHourLocales.contains(parts[0] + "_" + parts[1])
    }

    static let twelveHourLocales: Set<String> = [
        "en_US", "en_CA", "en_AU", "en_NZ", "en_PH", "en_IN", "hi_IN", "bn_IN", "bn_BD", "mr_IN", "te_IN",
        "ta_IN", "gu_IN", "kn_IN", "ml_IN", "pa_IN", "or_IN", "ur_PK", "es_US", "fil_PH",
    ]
}

/// A colour scheme for the big clock: `night` is dim red on black, kind to dark-adapted eyes; `day` is dark on
/// light; `terminal` keeps the terminal's own colours.
public enum ClockTheme: String, Sendable, Equatable, CaseIterable {
    case terminal
    case night
    case day

    public var foreground: TerminalColor {
        switch self {
        case .terminal: .terminalDefault
        case .night: .rgb(0xB0, 0x20, 0x10)
        case .day: .rgb(0x20, 0x20, 0x20)
        }
    }

    public var background: TerminalColor {
        switch self {
        case .terminal: .terminalDefault
        case .night: .rgb(0, 0, 0)
        case .day: .rgb(0xF4, 0xF1, 0xE8)
        }
    }
}
