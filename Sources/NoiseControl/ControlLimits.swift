/// The control socket's limits (docs/protocol.md, "Limits and misbehaving clients"), with the server they limit.
/// The line size and the events a subscriber may leave unread, which clients share, stay in NoiseCore's `Limits`.
public enum ControlLimits {
    /// After refusing a line over the limit, how long the daemon goes on reading (and dropping) what the client
    /// still sends before it closes: closing with unread data would reset the connection and lose the refusal.
    public static let overlongLineDrainSeconds: Int64 = 10
    /// Connections served at once. A new one over the limit takes the place of an idle one (which is told why and
    /// closed); only when every connection is busy with a request is the new one refused.
    public static let maxConnections = 512
    /// Subscribed connections at once, below `maxConnections` so that requests always have room; a new subscription
    /// over it takes the place of another subscriber.
    public static let maxSubscribers = 256
    /// Reply and event bytes the daemon holds, across all connections, for clients that do not read them; past this
    /// the connection holding the most is closed.
    public static let maxQueuedReplyBytes = 64 << 20
    /// Connections the kernel holds waiting to be accepted: a burst of clients (a status bar's widgets at log-in)
    /// waits there instead of being refused with EAGAIN.
    public static let listenBacklog: Int32 = 512
    /// How long a connection may stay silent before it is closed (subscribers are exempt).
    public static let idleConnectionSeconds: Int64 = 300
}
