import NoiseCore
import NoiseProtocol

/// A line from the daemon read once, straight into the types its reader expects: a reply's data as `Payload` (or
/// the daemon's error), an event as `Event` (`DaemonEvent` to use it, `SkippedEvent` to pass over it unread). The
/// one way both clients read what the daemon sends.
public enum ClientLine<Payload: Decodable, Event: Decodable>: Decodable {
    case event(Event)
    /// A reply: the id it echoes (null for a line the daemon could not read, or a refusal in place of the greeting)
    /// and its data or error.
    case reply(RequestID, Result<Payload, ProtocolError>)

    private enum CodingKeys: CodingKey { case id, event, data, error }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.event) {
            self = .event(try Event(from: decoder))
            return
        }
        let id = try container.decodeIfPresent(RequestID.self, forKey: .id) ?? .none
        if let error = try container.decodeIfPresent(ProtocolError.self, forKey: .error) {
            self = .reply(id, .failure(error))
        } else {
            self = .reply(id, .success(try container.decode(Payload.self, forKey: .data)))
        }
    }

    /// Reads `line` (without its newline). A line that is not the protocol's JSON fails as unreachable (exit 3: it
    /// is not noised speaking); a reply whose data is not a `Payload` fails as an unexpected reply.
    public static func read(_ line: some Collection<UInt8>) throws(ClientFailure) -> Self {
        do {
            return try JSONCoding.decode(Self.self, from: line)
        } catch {
            // Only on failure, to say which: does the line have the shape of any line at all?
            guard (try? JSONCoding.decode(ClientLine<Skipped, SkippedEvent>.self, from: line)) != nil else {
                throw .notProtocol(line)
            }
            throw .unexpected(error)
        }
    }
}

/// An event passed over: only its name is read, not its data.
public struct SkippedEvent: Decodable, Sendable {
    public var name: String

    private enum CodingKeys: String, CodingKey { case name = "event" }
}

/// Any JSON value, read and dropped: the data of a reply nobody waits for.
public struct Skipped: Decodable, Sendable {
    public init(from decoder: any Decoder) throws {}
}

/// The data of a reply or an event as a tree, for `--json` and for looking at single fields, and the line it came in.
public struct ReplyData: Encodable {
    public var value: JSONValue
    var line: [UInt8]

    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

/// An event as the daemon sent it: its name read, its line kept whole, so a relay (noiseweb) passes the daemon's
/// own bytes on, whatever the event; `decoded()` reads its data into its type.
public struct ReceivedEvent: Sendable {
    public let name: String
    /// The line, without its newline.
    public let line: [UInt8]

    public init(name: String, line: [UInt8]) {
        self.name = name
        self.line = line
    }

    /// The event read into its type (`.unknown` with its data as it came, for one this client does not know).
    public func decoded() -> DaemonEvent {
        (try? JSONCoding.decode(DaemonEvent.self, from: line)) ?? .unknown(name, data: .null)
    }
}
