/// noisectl's own limits: its terminal clock's link to the daemon, the instants its options take.
enum NoisectlLimits {
    /// How often the terminal clock tries to reach a daemon that is not running, in seconds.
    static let clockReconnectSeconds = 5
    /// How long the terminal clock waits for a reply before it takes the daemon for gone (and keeps ticking).
    static let clockDaemonWaitSeconds = 2
    /// Digits after an instant's seconds that an option accepts (`date --iso-8601=ns` writes 9); an instant keeps
    /// milliseconds, the rest rounded, as no alarm rings finer.
    static let maxInstantFractionDigits = 9
}
