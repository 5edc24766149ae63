import NoiseCore
import Synchronization

/// The live sessions, in memory only: a restart of noiseweb logs every page out (run `noisectl web` again), and a
/// session token is never on disk. At most `Limits.maxWebSessions`; a new one over that takes the oldest's place.
public final class SessionStore: Sendable {
    private let sessions = Mutex<[WebSecret]>([])
    private let limit: Int

    public init(limit: Int = Limits.maxWebSessions) {
        self.limit = limit
    }

    /// A new session.
    public func open() -> WebSecret {
        let session = WebSecret.random()
        sessions.withLock { sessions in
            if sessions.count >= limit { sessions.removeFirst(sessions.count - limit + 1) }
            sessions.append(session)
        }
        return session
    }

    /// The cookie's value names a live session. A value not of a secret's form is never looked up.
    public func isLive(_ cookie: String?) -> Bool {
        guard let cookie, let secret = WebSecret(parsing: cookie) else { return false }
        return sessions.withLock { $0.contains(secret) }
    }
}
