/// What the command line sets; it wins over the config file, also after a reload.
public struct SettingsOverrides: Sendable, Equatable {
    public var device: String?
    public var cacheMiB: Int?
    /// `--fade`: the default fade of both `play` and `stop`.
    public var fadeSeconds: Double?
    public var logLevel: String?

    public init(device: String? = nil, cacheMiB: Int? = nil, fadeSeconds: Double? = nil, logLevel: String? = nil) {
        self.device = device
        self.cacheMiB = cacheMiB
        self.fadeSeconds = fadeSeconds
        self.logLevel = logLevel
    }

    public func applied(to file: DaemonSettings) -> DaemonSettings {
        var settings = file
        if let device { settings.device = device }
        if let cacheMiB { settings.cacheMiB = cacheMiB }
        if let fadeSeconds {
            settings.playback.fadeInSeconds = fadeSeconds
            settings.playback.fadeOutSeconds = fadeSeconds
        }
        if let logLevel { settings.logLevel = logLevel }
        return settings
    }
}
