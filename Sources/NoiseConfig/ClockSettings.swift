/// How the terminal clocks look, as `config.toml`'s `[clock]`, `[world]` and `[mars]` tables keep it: `noisectl clock`
/// saves the options it was given there, so the next run looks the same. The daemon checks these keys like
/// every other and does nothing else with them.
public struct ClockSettings: Sendable, Equatable {
    public var format = HourFormat.locale
    public var seconds = false
    /// The AM/PM badge, shown in 12-hour mode only.
    public var ampm = true
    public var date = false
    /// `.terminalDefault`: the theme's colour (the terminal's own without a theme).
    public var color = TerminalColor.terminalDefault
    public var background = TerminalColor.terminalDefault
    public var theme = ClockTheme.terminal
    /// A new colour every minute (over `color`).
    public var randomColor = false
    /// What only the web face shows: size, glow, opacities, type, its overlays.
    public var face = FaceSettings()
    /// The zones `noisectl world` shows with no arguments, in the order added.
    public var worldZones: [String] = []
    /// Where `noisectl mars` and `noisectl clock --mars` tell the time when not told (`[mars] site`): a site's
    /// name or a longitude, as given; nil for the prime meridian.
    public var marsSite: String?
    /// Where the observer is, for satellite passes (`[location]`).
    public var location = LocationSetting()

    public init() {}
}

/// `[location]`: latitude and longitude (degrees, north and east positive), elevation (metres) and a name. A
/// location needs both coordinates; with one or none, views fall back to the system zone's city.
public struct LocationSetting: Sendable, Equatable {
    public var latitude: Double?
    public var longitude: Double?
    public var elevationMeters = 0.0
    public var name: String?

    public init() {}

    /// Both coordinates, when both are set.
    public var coordinates: (latitude: Double, longitude: Double)? {
        guard let latitude, let longitude else { return nil }
        return (latitude, longitude)
    }
}

extension ClockSettings {
    /// These settings with `changes` (clock keys, as `noisectl clock` saves them) made, read as the daemon reads
    /// the file; a change the file would refuse is left out.
    public func applying(_ changes: [ConfigEditor.Change]) -> ClockSettings {
        var settings = DaemonSettings()
        settings.clock = self
        for change in changes { _ = ConfigKey.named(change.key)?.apply(change.value, "", &settings) }
        return settings.clock
    }
}
