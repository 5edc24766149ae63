/// config.toml's own limits and the defaults of its keys that clients read too (`[world]`'s zones, `[web]`'s ports),
/// with the configuration they limit.
public enum ConfigLimits {
    /// Longest text of one config problem (which quotes the bad value), in characters.
    public static let maxProblemCharacters = 300
    /// Zones `noisectl world add` keeps in the config.
    public static let maxWorldZones = 24
    /// The port noiseweb listens on, on 127.0.0.1, unless `[web] listen` or `--listen` says otherwise; `noisectl
    /// web` builds its URL from the same setting. Unassigned by IANA, and far from the usual development ports.
    public static let defaultWebPort = 7470
    /// The LAN mode's port (`[web] lan`, HTTPS), beside the loopback one.
    public static let defaultWebLANPort = 7471
    /// `[clock] night_brightness`, percent: at least 1, so a night screen is never black (a clock nobody can read).
    public static let nightBrightness = 1...100
}
