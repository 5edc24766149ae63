import NoiseClient
import NoiseConfig

extension ConfigStore {
    /// The saved clock settings for a view that shows them; a file that cannot be used gives the defaults and a
    /// warning on stderr.
    func clockSettings() -> ClockSettings {
        let (settings, warning) = clockSettingsOrDefaults()
        if let warning { Output.error("warning: \(warning)") }
        return settings
    }
}
