import NoiseCore

/// The `disconnected` event: sent to a connection the daemon closes to make room for another (the connection or
/// subscriber limit was reached and this one was idle), just before it closes.
public struct Disconnected: Codable, Sendable, Equatable {
    /// `connection_limit` or `subscriber_limit`.
    public var reason: String
    public var message: String

    public init(reason: String, message: String) {
        self.reason = reason
        self.message = message
    }
}
