/// The `status` reply as the bytes around the one value that changes on every request, the uptime. Between two
/// requests the rest of the status seldom changes (a status bar polls it every second), so the daemon keeps the
/// template while the status fits it and writes only the uptime and the request's id into a copy, instead of
/// writing some 500 bytes of JSON member by member (docs/performance.md, row 2). The bytes are those of
/// `Replies.success(id:data:)`; the parity tests compare the two.
public struct StatusReplyTemplate: Sendable {
    /// The status the template was made from, its uptime set to 0.
    private let status: StatusInfo
    /// `{"data":{` and every member of the status up to the uptime's key.
    private let head: [UInt8]
    /// The members after the uptime and the status's closing brace.
    private let tail: [UInt8]

    public init(_ status: StatusInfo) throws {
        var status = status
        status.uptimeSeconds = 0
        self.status = status
        var head = JSONOutput(capacity: 1024)
        head.raw(Array(#"{"data":{"#.utf8))
        try status.writeFieldsUpToUptime(to: &head)
        self.head = head.bytes
        var tail = JSONOutput(capacity: 64)
        status.writeFieldsAfterUptime(to: &tail)
        tail.raw([UInt8(ascii: "}")])
        self.tail = tail.bytes
    }

    /// True when `status` differs from the template's at most in its uptime. Cheap when nothing changed: the
    /// strings and arrays compared share their storage with the template's, which the comparison checks first.
    public func fits(_ status: StatusInfo) -> Bool {
        var status = status
        status.uptimeSeconds = 0
        return status == self.status
    }

    /// The reply to the request `id` for a status that fits, with its uptime.
    public func reply(id: RequestID, uptimeSeconds: Double) throws -> [UInt8] {
        var out = JSONOutput(continuing: head, capacity: head.count + tail.count + 64)
        try out.number(uptimeSeconds)
        out.raw(tail)
        id.write(field: "id", to: &out)
        out.field("ok", true)
        out.raw([UInt8(ascii: "}")])
        return out.bytes
    }
}
