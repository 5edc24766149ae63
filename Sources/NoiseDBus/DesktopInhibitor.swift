/// One of the desktop's own inhibitors on the session bus, in the order they are tried (docs/desktop.md): GNOME's
/// automatic suspend and KDE's power management do not look at logind's `block` locks a user holds, only at their
/// own. Each is asked for suspend only, not idle, so the screen still blanks and locks while noise plays through
/// the night, as a phone's partial wake lock keeps the CPU and not the screen.
enum DesktopInhibitor: String, Sendable, CaseIterable {
    /// The XDG desktop portal (`xdg-desktop-portal`, on GNOME, KDE and others), which passes it to the desktop.
    case portal = "org.freedesktop.portal.Inhibit"
    /// gnome-session, where there is no portal.
    case gnomeSession = "org.gnome.SessionManager"
    /// The older freedesktop interface (KDE's PowerDevil, Xfce's power manager).
    case powerManagement = "org.freedesktop.PowerManagement.Inhibit"

    /// What the bus gives back to release it: the portal's request object, or the others' cookie.
    enum Token: Sendable, Equatable {
        case request(String)
        case cookie(UInt32)
    }

    /// `org.freedesktop.portal.Inhibit`'s and gnome-session's flag for suspend (1 logout, 2 user switch, 8 idle).
    static let suspendFlag: UInt32 = 4
    /// gnome-session's `app_id`: the desktop entry's name, which it shows beside the reason.
    static let appID = "noiseclock"

    /// The bus name whose owner holds it: it goes when that name's owner does.
    var busName: String {
        switch self {
        case .portal: "org.freedesktop.portal.Desktop"
        case .gnomeSession: "org.gnome.SessionManager"
        case .powerManagement: "org.freedesktop.PowerManagement"
        }
    }

    private var path: String {
        switch self {
        case .portal: "/org/freedesktop/portal/desktop"
        case .gnomeSession: "/org/gnome/SessionManager"
        case .powerManagement: "/org/freedesktop/PowerManagement/Inhibit"
        }
    }

    /// The call that takes it, giving `why`; its reply carries the token (`o` for the portal, `u` for the others).
    func take(why: String) -> BusCall {
        let arguments: [BusValue] =
            switch self {
            case .portal: [.string(""), .uint32(Self.suspendFlag), .dictionary([("reason", .string(why))])]
            case .gnomeSession: [.string(Self.appID), .uint32(0), .string(why), .uint32(Self.suspendFlag)]
            case .powerManagement: [.string("NoiseClock"), .string(why)]
            }
        return BusCall(busName, path, rawValue, "Inhibit", arguments)
    }

    /// The call that releases what `token` names: the portal's request is closed, a cookie given back.
    func release(_ token: Token) -> BusCall {
        switch token {
        case .request(let handle): BusCall(busName, handle, "org.freedesktop.portal.Request", "Close", [])
        case .cookie(let cookie):
            BusCall(busName, path, rawValue, self == .gnomeSession ? "Uninhibit" : "UnInhibit", [.uint32(cookie)])
        }
    }
}

/// A method call described as values, so what is sent is tested without a bus.
struct BusCall: Equatable {
    let destination: String
    let path: String
    let interface: String
    let member: String
    let arguments: [BusValue]

    init(_ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [BusValue]) {
        (self.destination, self.path, self.interface, self.member, self.arguments) =
            (destination, path, interface, member, arguments)
    }
}
