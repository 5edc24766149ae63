import NoiseCore
import NoiseProtocol

/// A line from the daemon: a reply (with `id`) or an event (with `event`).
public struct IncomingLine: Decodable {
    public var id: RequestID?
    public var event: String?
    private var data: JSONValue?
    public var error: ProtocolError?
    /// The line as it came, from which `DaemonConnection.decode` reads the data as a typed value.
    var bytes: [UInt8] = []

    private enum CodingKeys: CodingKey { case id, event, data, error }

    public var payload: ReplyData { ReplyData(value: data ?? .null, line: bytes) }
}

/// The data of a reply or an event: a tree for `--json` and for looking at single fields, and the line it came in.
public struct ReplyData: Encodable {
    public var value: JSONValue
    var line: [UInt8]

    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

/// The `data` of a line, read as the type a command expects.
struct TypedData<Payload: Decodable>: Decodable {
    var data: Payload
}

/// A line read once, straight into the type its command expects: a reply's data is decoded as `Payload`; an event's
/// (skipped while a reply is awaited) is not decoded at all.
struct ReplyLine<Payload: Decodable>: Decodable {
    var id: RequestID?
    var event: String?
    var error: ProtocolError?
    var data: Payload?

    private enum CodingKeys: CodingKey { case id, event, data, error }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(RequestID.self, forKey: .id)
        event = try container.decodeIfPresent(String.self, forKey: .event)
        error = try container.decodeIfPresent(ProtocolError.self, forKey: .error)
        guard event == nil, error == nil else { return }
        data = try container.decode(Payload.self, forKey: .data)
    }
}
