import NoiseAlarms
import NoiseCore

/// Everything `config.toml` can set, with the product's defaults. Pure: `ConfigFile` fills it from the file's
/// text, the daemon applies it (and the command line overrides it).
public struct DaemonSettings: Sendable, Equatable {
    /// ALSA PCM to play to; `null` plays to nowhere, paced in real time.
    public var device = "default"
    /// Memory for decoded sounds, in MiB; larger sounds stream from disk.
    public var cacheMiB = Limits.defaultCacheMiB
    /// What `play` and `stop` use when the command leaves a value out.
    public var playback = PlaybackDefaults()
    /// The settings of a new alarm that `alarm add` leaves out.
    public var alarm = AlarmTemplate()
    /// How late a trigger may be found (after suspend or downtime) and still ring.
    public var missedGraceSeconds = AlarmDefaults.missedGraceSeconds
    /// The iCalendar file of days off that alarms with `--skip-holidays` pass over (absolute, `~/` expanded); nil: none.
    public var holidaysFile: String?
    /// Folders of extra sounds, absolute paths (`~/` already expanded).
    public var soundFolders: [String] = []
    /// The most the user's imported sounds may take together, in MiB (`sounds.import_quota`).
    public var importQuotaMiB = Limits.defaultImportQuotaMiB
    /// One of `LogLevels.names`.
    public var logLevel = "info"
    /// `[clock]` and `[world]`: read by `noisectl clock` and `noisectl world`; the daemon only checks them.
    public var clock = ClockSettings()
    /// `[desktop]`: what noised does on D-Bus.
    public var desktop = DesktopSettings()
    /// `[satellites]`: downloading the satellites' elements.
    public var satellites = SatelliteSettings()
    /// `[web]`: read by noiseweb and `noisectl web`; the daemon only checks it.
    public var web = WebSettings()
    /// `[hooks]`: read by noisehome; the daemon only checks it.
    public var hooks = HookSettings()
    /// `[mqtt]`: read by noisehome; the daemon only checks it.
    public var mqtt = MQTTSettings()

    public init() {}
}
