/// What `WebGate` judges a request by, read once from the request's head (`GateMiddleware`), so the checks are
/// pure functions of values a unit test can write down.
public struct RequestFacts: Sendable, Equatable {
    public var method: String
    /// The path as the router reads it (Hummingbird's `uri.path`: no query, not percent-decoded).
    public var path: String
    /// `Host` (HTTP/1.1's authority).
    public var host: String?
    public var origin: String?
    public var contentType: String?
    /// `X-NoiseClock`, which a cross-site form or a simple request cannot set.
    public var customHeader: String?
    /// What the request carries of a sign-in (a session, a kiosk or a paired device).
    public var signIn: SignIn

    public init(
        method: String, path: String, host: String?, origin: String? = nil, contentType: String? = nil,
        customHeader: String? = nil, signIn: SignIn = .none
    ) {
        self.method = method
        self.path = path
        self.host = host
        self.origin = origin
        self.contentType = contentType
        self.customHeader = customHeader
        self.signIn = signIn
    }
}

/// How far a request proves it comes from the page that signed in (docs/web.md, "Security model"). A cookie alone
/// is not enough for anything private: browsers send a cookie to every port of its host, so another local user's
/// server on 127.0.0.1 receives it whenever the person opens a page there. The sign-in's key is kept by the page in
/// its origin's storage (per port) and sent as `X-NoiseClock-Key` (the WebSocket: `?key=`), so it never leaves
/// this server's pages.
public enum SignIn: Sendable, Equatable {
    /// No cookie, or one that names no live session or device.
    case none
    /// The cookie names a live sign-in, but the request lacks its key: enough for the page's files, nothing more.
    case cookieOnly
    /// The cookie and its key.
    case full
}
