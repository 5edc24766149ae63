import NoiseCore

/// The lines the daemon sends: replies and events. Encoding only; one line each, without the newline.
public enum Replies {
    /// An empty object, the data of replies that have nothing to say.
    public struct Empty: Codable, Sendable, Equatable {
        public init() {}
    }

    /// Protocol JSON encoded already (the status board keeps its last encoding), sent as it is.
    public struct Encoded: Encodable, Sendable {
        public let bytes: [UInt8]
        public init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// Inside another value it is read back and encoded as a part of it.
        public func encode(to encoder: any Encoder) throws {
            try JSONCoding.decode(JSONValue.self, from: bytes).encode(to: encoder)
        }
    }

    /// `{"data":…,"id":…,"ok":true}`, the keys in the sorted order of every line; data encoded already is not
    /// encoded again.
    /// Built in one array, with no copy of the data but the encoder's: a reply can be megabytes (a diary export).
    public static func success(id: RequestID, data: some Encodable) throws -> [UInt8] {
        let head = Array(#"{"data":"#.utf8)
        let tail = Array(#","id":"#.utf8) + (try json(id)) + Array(#","ok":true}"#.utf8)
        guard let encoded = data as? Encoded else { return try JSONCoding.line(data, after: head, before: tail) }
        var line: [UInt8] = []
        line.reserveCapacity(head.count + encoded.bytes.count + tail.count)
        line += head
        line += encoded.bytes
        line += tail
        return line
    }

    /// An id as JSON; an integer's or null's text needs no encoder (a string's does: escapes).
    private static func json(_ id: RequestID) throws -> [UInt8] {
        switch id {
        case .int(let value): Array(String(value).utf8)
        case .none: Array("null".utf8)
        case .string: try JSONCoding.line(id)
        }
    }

    public static func failure(id: RequestID, error: ProtocolError) -> [UInt8] {
        FailureLine(id: id, error).line
    }

    public static func event(_ event: DaemonEvent) throws -> [UInt8] {
        try JSONCoding.line(event)
    }
}
