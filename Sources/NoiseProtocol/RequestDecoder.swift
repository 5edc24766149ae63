import NoiseCore

/// Turns one line of the socket protocol into a `Request`, or into the error to send back.
/// Pure: the server's framing hands it complete lines.
public enum RequestDecoder {
    /// A failure that still carries the request's id when one could be read, so the reply can echo it.
    public struct Failure: Error, Sendable, Equatable {
        public var id: RequestID
        public var error: ProtocolError
    }

    /// Any line: read as a JSON tree, then checked field by field.
    public static func decode(_ line: some Collection<UInt8>) -> Result<Request, Failure> {
        let top: JSONValue
        do {
            top = try JSONCoding.decode(JSONValue.self, from: line)
        } catch {
            return .failure(
                Failure(
                    id: .none,
                    error: ProtocolError(
                        .parseError, "the line is not valid JSON (UTF-8 text, one request object per line)")))
        }
        guard case .object(let fields) = top else {
            return .failure(
                Failure(
                    id: .none,
                    error: ProtocolError(
                        .invalidRequest,
                        "a request must be a JSON object like {\"id\":1,\"cmd\":\"status\"}, got \(top.typeName)")))
        }
        let id: RequestID
        switch fields["id"] ?? .null {
        case .null: id = .none
        case .string(let text): id = .string(text)
        case .number(let number) where number == number.rounded() && abs(number) <= RequestID.maxExactInteger:
            id = .int(Int64(number))
        case let other:
            return .failure(
                Failure(
                    id: .none,
                    error: ProtocolError(
                        .invalidRequest,
                        "'id' must be an integer (below 2^53 in size) or a string, got \(ArgumentReader.describe(other))"
                    )))
        }
        do throws(ProtocolError) {
            return .success(Request(id: id, command: try command(from: fields)))
        } catch {
            return .failure(Failure(id: id, error: error))
        }
    }

    private static func command(from fields: [String: JSONValue]) throws(ProtocolError) -> any DaemonCommand {
        let extra = fields.keys.filter { !["id", "cmd", "args"].contains($0) }.sorted()
        if let key = extra.first {
            throw ProtocolError(.invalidRequest, "unknown field '\(key)'; a request has only 'id', 'cmd' and 'args'")
        }
        guard case .string(let name) = fields["cmd"] ?? .null else {
            throw ProtocolError(
                .invalidRequest,
                "a request needs 'cmd', a string: one of \(CommandRegistry.names.joined(separator: ", "))")
        }
        let args: [String: JSONValue]
        switch fields["args"] ?? .null {
        case .null: args = [:]
        case .object(let object): args = object
        case let other: throw ProtocolError(.invalidRequest, "'args' must be an object, got \(other.typeName)")
        }
        return try CommandRegistry.decode(name: name, arguments: args)
    }
}
