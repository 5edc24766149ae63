/// What answers the control socket's requests: one line in, one reply line out. The daemon's `RequestHandler` is the
/// one real one; this target knows lines and connections, not what the requests do.
public protocol ControlRequests: Sendable {
    func reply(to line: some Collection<UInt8>) async -> ControlReply
}

/// A reply line, and whether the connection now wants events.
public struct ControlReply: Sendable {
    public var line: [UInt8]
    public var subscribes: Bool

    public init(line: [UInt8], subscribes: Bool = false) {
        self.line = line
        self.subscribes = subscribes
    }
}
