/// What `WebGate` judges a request by, read once from the request's head (`WebRequestReading`), so the checks are
/// pure functions of values a unit test can write down.
public struct RequestFacts: Sendable, Equatable {
    public var method: String
    public var path: String
    /// `Host` (HTTP/1.1's authority).
    public var host: String?
    public var origin: String?
    public var contentType: String?
    /// `X-NoiseClock`, which a cross-site form or a simple request cannot set.
    public var customHeader: String?
    /// The session cookie names a live session.
    public var hasSession: Bool

    public init(method: String, path: String, host: String?, origin: String? = nil, contentType: String? = nil,
                customHeader: String? = nil, hasSession: Bool = false) {
        self.method = method
        self.path = path
        self.host = host
        self.origin = origin
        self.contentType = contentType
        self.customHeader = customHeader
        self.hasSession = hasSession
    }
}
