/// `[desktop]` in config.toml: which of noised's D-Bus parts are on (docs/desktop.md). Each is on by default.
public struct DesktopSettings: Sendable, Equatable {
    /// Show in the desktop's media controls and obey the media keys (MPRIS).
    public var mpris = true
    /// Show alarms as notifications with Snooze and Dismiss buttons, and missed alarms.
    public var notifications = true
    /// Keep the machine from sleeping while sounds play (a logind inhibitor), as the phone app's wake lock did.
    public var inhibitSleep = true

    public init() {}
}
