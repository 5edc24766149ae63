/// The `status` reply as the bytes around the one value that changes on every request, the uptime. Between two
/// requests the rest of the status seldom changes (a status bar polls it every second), so the daemon keeps the
/// template while the status is unchanged but for its uptime (which `StatusReplies` tells from the status board's
/// stamp) and writes only the uptime between its two fixed parts, instead of writing some 500 bytes of JSON
/// member by member (docs/performance.md, row 2). The bytes are those of `Replies.success(id:data:)`; the parity
/// tests compare the two.
public struct StatusReplyTemplate: Sendable {
    /// `{"data":{` and every member of the status up to the uptime's key: the same for every request.
    public let head: [UInt8]
    /// The members after the uptime, the status's closing brace and the id's key.
    private let tail: [UInt8]
    /// `tail` and the rest of a reply to a request without an id (a status bar's), whole: one copy per request.
    private let tailWithoutID: [UInt8]
    private static let end = Array(#","ok":true}"#.utf8)

    public init(_ status: StatusInfo) throws {
        var head = JSONOutput(capacity: 1024)
        head.raw(Array(#"{"data":{"#.utf8))
        try status.writeFieldsUpToUptime(to: &head)
        self.head = head.bytes
        var tail = JSONOutput(capacity: 64)
        status.writeFieldsAfterUptime(to: &tail)
        tail.raw(Array(#"},"id":"#.utf8))
        self.tail = tail.bytes
        var tailWithoutID = tail.bytes
        RequestID.none.writeValue(into: &tailWithoutID)
        tailWithoutID.append(contentsOf: Self.end)
        self.tailWithoutID = tailWithoutID
    }

    /// The reply to the request `id` for the status with this uptime.
    public func reply(id: RequestID, uptimeSeconds: Double) throws -> [UInt8] {
        var bytes = head
        bytes.reserveCapacity(head.count + tail.count + 64)
        try Self.writeUptime(uptimeSeconds, into: &bytes)
        bytes.append(contentsOf: tail(for: id))
        return bytes
    }

    /// The uptime as the reply writes it, the value that follows `head`.
    public static func writeUptime(_ seconds: Double, into bytes: inout [UInt8]) throws {
        // An uptime to the millisecond (the status board's) takes the short way; `writeNumber` writes the same text.
        if JSONWriter.writeThousandths(seconds, into: &bytes) { return }
        JSONWriter.writeNumber(try ValueEncoder.finite(seconds), into: &bytes)
    }

    /// What follows the uptime in the reply to `id`, to its end. The envelope's members are in key order (`data`,
    /// `id`, `ok`), as `Replies.success` writes them.
    public func tail(for id: RequestID) -> [UInt8] {
        if case .none = id { return tailWithoutID }
        var bytes = tail
        id.writeValue(into: &bytes)
        bytes.append(contentsOf: Self.end)
        return bytes
    }
}
