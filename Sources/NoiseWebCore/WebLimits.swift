import NoiseCore

/// noiseweb's own limits (docs/web.md), with the web face they limit. What noisectl and the daemon share with it
/// (the ports, the login and pairing codes' lifetimes) stays in NoiseCore's `Limits`.
public enum WebLimits {
    /// The most readings a live page asks for at once (`/api/mars` and `/api/iss` with `steps`): one for each second
    /// ahead, so noiseweb wakes for the page once a minute at most, not once a second.
    public static let maxWebReadingSteps = 60
    /// Devices paired at once; pairing another asks to revoke one first (`noisectl web revoke`).
    public static let maxPairedDevices = 32
    /// A paired device's cookie lasts this long (Chrome's cap on a cookie's age, 400 days).
    public static let pairedCookieSeconds = 400 * 86_400
    /// Sessions noiseweb keeps at once; a new one over the limit takes the place of the oldest.
    public static let maxWebSessions = 64
    /// The largest body `POST /api/command` reads: a request line's limit, since that is where it goes.
    public static let maxWebCommandBytes = Limits.maxLineBytes
    /// How long noiseweb waits before trying noised again after it went away, doubling up to the most.
    public static let webReconnectFirstSeconds = 0.25
    public static let webReconnectMostSeconds = 5.0
    /// Browser connections noiseweb holds at once, in all and from one address (each listener counts its own). A
    /// browser opens about six per server and one WebSocket per page; a thousand idle sockets from a stranger would
    /// otherwise use up the process's files (`LimitNOFILE` in noiseweb.service is well above both).
    public static let maxWebConnections = 256
    public static let maxWebConnectionsPerAddress = 64
    /// Files noiseweb keeps for itself beside its connections (its sockets, the event loops' descriptors, the link to
    /// noised, files being read): the connection limits shrink to fit when `RLIMIT_NOFILE` is low. noiseweb raises
    /// its soft limit up to `webFileLimit` first.
    public static let webReservedFiles = 32
    public static let webFileLimit = 4096
    /// How long noiseweb waits for a browser: for a request's head and body to arrive once the connection opened or
    /// the last answer was sent. A connection that sends nothing (or a byte a minute) is closed after it; a page's
    /// open WebSocket is not timed.
    public static let webRequestWaitSeconds = 20
}
