import NoiseCore
import Synchronization

/// The live sessions, in memory only: a restart of noiseweb logs every page out (run `noisectl web` again; a kiosk
/// is a paired device instead, `noisectl web --kiosk`), and a session's secrets are never on disk. At most
/// `WebLimits.maxWebSessions`; a new one over that takes the oldest's place.
public final class SessionStore: Sendable {
    /// A session's two secrets: the cookie (`HttpOnly`, sent to every port of the host) and the key the page keeps in
    /// its own origin's storage (`SignIn`).
    public struct Session: Sendable, Equatable {
        public let cookie: WebSecret
        public let key: WebSecret
    }

    private let sessions = Mutex<[Session]>([])
    private let limit: Int

    public init(limit: Int = WebLimits.maxWebSessions) {
        self.limit = limit
    }

    /// A new session.
    public func open() -> Session {
        let session = Session(cookie: .random(), key: .random())
        sessions.withLock { sessions in
            if sessions.count >= limit { sessions.removeFirst(sessions.count - limit + 1) }
            sessions.append(session)
        }
        return session
    }

    /// What the cookie and key prove: the key must be the cookie's own session's. A value not of a secret's form is
    /// never looked up.
    public func signIn(cookie: String?, key: String?) -> SignIn {
        guard let cookie, let secret = WebSecret(parsing: cookie),
            let session = sessions.withLock({ $0.first { $0.cookie == secret } })
        else { return .none }
        return key.flatMap { WebSecret(parsing: $0) } == session.key ? .full : .cookieOnly
    }
}
