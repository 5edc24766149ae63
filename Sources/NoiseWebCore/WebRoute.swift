/// What a request asks for, by its path: each kind has its own checks in `WebGate`.
public enum WebRoute: Sendable, Equatable {
    /// `GET /login?code=…`: trades a one-time code for a session; the one route open without a session.
    case login
    /// `GET /pair?code=…`: trades a one-time pairing code for a paired device's cookie (the LAN listener's login).
    case pairing
    /// `GET /ca.crt`: the LAN mode's certificate authority, open to all (it is public), for a device to trust it.
    case certificate
    /// `POST /api/command`: a command relayed to noised.
    case command
    /// `GET /api/clock`, `/api/location` and `/api/world`: a table of config.toml; `POST`: a change to it, checked as a
    /// command is.
    case clockSettings
    /// `GET /api/mars`, the life poster, the night screen's window and the other things noiseweb makes with the Swift
    /// modules: read-only.
    case reading
    /// `GET /ws`: the WebSocket with the daemon's events.
    case events
    /// Anything else: a file of the web root.
    case file

    public static let loginPath = "/login"
    public static let pairPath = "/pair"
    public static let certificatePath = "/ca.crt"
    public static let commandPath = "/api/command"
    public static let clockSettingsPath = "/api/clock"
    public static let locationPath = "/api/location"
    public static let eventsPath = "/ws"
    public static let marsPath = "/api/mars"
    public static let marsSitesPath = "/api/mars/sites"
    public static let lifePosterPath = "/api/life/poster.svg"
    public static let issPath = "/api/iss"
    public static let issTrackPath = "/api/iss/track"
    public static let issPassesPath = "/api/iss/passes"
    public static let worldPath = "/api/world"
    public static let nightPath = "/api/night"
    /// The night screen's style sheet: made at each request, but a file to the gate, as every page's `<head>` links
    /// it and a `<link>` carries the cookie alone (it tells no more than whether it is night).
    public static let nightStyleSheetPath = "/css/night.css"

    /// Whether `path` is the one spelling of itself that the gate and Hummingbird's router read alike: the router
    /// skips empty segments (`//ws`, `/ws/`, `/ws//` all reach `/ws`), so a path with one, or with a `.` or `..`
    /// segment, is refused before either reads it.
    public static func isCanonical(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        return !path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            .contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    public init(path: String) {
        switch path {
        case Self.loginPath: self = .login
        case Self.pairPath: self = .pairing
        case Self.certificatePath: self = .certificate
        case Self.commandPath: self = .command
        case Self.clockSettingsPath, Self.locationPath, Self.worldPath: self = .clockSettings
        case Self.eventsPath: self = .events
        case Self.marsPath, Self.marsSitesPath, Self.lifePosterPath, Self.issPath, Self.issTrackPath,
            Self.issPassesPath, Self.nightPath:
            self = .reading
        default: self = .file
        }
    }
}
