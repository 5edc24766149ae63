import NoiseCore
/// The lines the daemon sends: replies and events. Encoding only; one line each, without the newline.
public enum Replies {
    struct Success<Payload: Encodable>: Encodable {
        var id: RequestID
        var ok = true
        var data: Payload
    }

    struct Failure: Encodable {
        var id: RequestID
        var ok = false
        var error: ProtocolError
    }

    struct EventLine<Payload: Encodable>: Encodable {
        var event: String
        var data: Payload
    }

    /// An empty object, the data of replies that have nothing to say.
    public struct Empty: Codable, Sendable, Equatable {
        public init() {}
    }

    public static func success(id: RequestID, data: some Encodable) throws -> [UInt8] {
        try JSONCoding.line(Success(id: id, data: data))
    }

    public static func failure(id: RequestID, error: ProtocolError) -> [UInt8] {
        // An error reply is strings and an id: it always encodes.
        (try? JSONCoding.line(Failure(id: id, error: error))) ?? Array(#"{"id":null,"ok":false}"#.utf8)
    }

    public static func event(_ name: String, data: some Encodable) throws -> [UInt8] {
        try JSONCoding.line(EventLine(event: name, data: data))
    }
}
