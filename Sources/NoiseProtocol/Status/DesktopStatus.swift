import NoiseCore

/// The desktop's side of `status` (docs/desktop.md): the D-Bus connections and what noised does on them. Every
/// part degrades on its own: a missing bus or service is said here, and the rest works.
public struct DesktopStatus: Sendable, Equatable, Codable {
    /// Whether noised is connected to the session bus (MPRIS, notifications); if not, why.
    public var sessionBus: Bool
    @ExplicitNull public var sessionBusProblem: String?
    /// Whether noised is connected to the system bus (logind); if not, why.
    public var systemBus: Bool
    @ExplicitNull public var systemBusProblem: String?
    /// The MPRIS bus name noised owns, nil when it owns none (turned off, no session bus, the name taken).
    @ExplicitNull public var mpris: String?
    /// Whether alarms show notifications (on in the config and a session bus to send them on).
    public var notifications: Bool
    /// Why the last notification could not be shown (no notification server), until one is.
    @ExplicitNull public var notificationProblem: String?
    /// Whether a logind inhibitor keeps the machine from sleeping (while sounds play), and the reason it gives.
    public var sleepInhibitorHeld: Bool
    @ExplicitNull public var sleepInhibitorWhy: String?
    /// The desktop's own inhibitor held beside logind's, for the same reason (the interface: the portal's
    /// `org.freedesktop.portal.Inhibit`, `org.gnome.SessionManager` or `org.freedesktop.PowerManagement.Inhibit`).
    @ExplicitNull public var desktopInhibitor: String?
    /// Why none of them could be taken: each one's refusal.
    @ExplicitNull public var desktopInhibitorProblem: String?
    /// Whether noised hears logind's PrepareForSleep, so alarms are looked at again the moment the machine resumes.
    public var resumeWatch: Bool

    public init(
        sessionBus: Bool = false, sessionBusProblem: String? = nil, systemBus: Bool = false,
        systemBusProblem: String? = nil, mpris: String? = nil, notifications: Bool = false,
        notificationProblem: String? = nil, sleepInhibitorHeld: Bool = false, sleepInhibitorWhy: String? = nil,
        desktopInhibitor: String? = nil, desktopInhibitorProblem: String? = nil, resumeWatch: Bool = false
    ) {
        self.sessionBus = sessionBus
        self.sessionBusProblem = sessionBusProblem
        self.systemBus = systemBus
        self.systemBusProblem = systemBusProblem
        self.mpris = mpris
        self.notifications = notifications
        self.notificationProblem = notificationProblem
        self.sleepInhibitorHeld = sleepInhibitorHeld
        self.sleepInhibitorWhy = sleepInhibitorWhy
        self.desktopInhibitor = desktopInhibitor
        self.desktopInhibitorProblem = desktopInhibitorProblem
        self.resumeWatch = resumeWatch
    }
}
