/// The requests the daemon answers at once, from what it already knows, without a turn on any actor.
public enum ImmediateRequest: Sendable, Equatable {
    case ping
    case status
}

/// A request line, decoded and checked: its id and command.
public struct Request: Sendable, Equatable {
    public var id: RequestID
    public var command: Command

    public init(id: RequestID, command: Command) {
        self.id = id
        self.command = command
    }
}

/// Turns one line of the socket protocol into a `Request`, or into the error to send back.
/// Pure: the server's framing hands it complete lines.
public enum RequestDecoder {
    /// A failure that still carries the request's id when one could be read, so the reply can echo it.
    public struct Failure: Error, Sendable, Equatable {
        public var id: RequestID
        public var error: ProtocolError
    }

    public static func decode(_ line: some Collection<UInt8>) -> Result<Request, Failure> {
        if let request = line.withContiguousStorageIfAvailable(BareRequest.read) ?? nil { return .success(request) }
        return decodeTree(line)
    }

    /// A request for `ping` or `status` (which the daemon answers on its event loop) with its id, or nil for any
    /// other line, valid or not: what `decode` makes of the line, without making a `Command` for the usual bare
    /// shape (docs/performance.md, row 2).
    public static func immediate(bytes line: UnsafeBufferPointer<UInt8>) -> (ImmediateRequest, RequestID)? {
        if let found = BareRequest.immediate(line) { return found }
        if BareRequest.read(line) != nil { return nil }
        guard case .success(let request) = decodeTree(line) else { return nil }
        switch request.command {
        case .ping: return (.ping, request.id)
        case .status: return (.status, request.id)
        default: return nil
        }
    }

    /// Any line: read as a JSON tree, then checked field by field.
    static func decodeTree(_ line: some Collection<UInt8>) -> Result<Request, Failure> {
        let top: JSONValue
        do {
            top = try JSONReader.read(line)
        } catch {
            return .failure(Failure(id: .none, error: ProtocolError(
                .parseError, "the line is not valid JSON (UTF-8 text, one request object per line)")))
        }
        guard case .object(let fields) = top else {
            return .failure(Failure(id: .none, error: ProtocolError(
                .invalidRequest, "a request must be a JSON object like {\"id\":1,\"cmd\":\"status\"}, got \(top.typeName)")))
        }
        let id: RequestID
        switch fields["id"] ?? .null {
        case .null: id = .none
        case .string(let text): id = .string(text)
        case .number(let number) where number == number.rounded() && abs(number) <= RequestID.maxExactInteger:
            id = .int(Int64(number))
        case let other:
            return .failure(Failure(id: .none, error: ProtocolError(
                .invalidRequest, "'id' must be an integer (below 2^53 in size) or a string, got \(ArgumentReader.describe(other))")))
        }
        do throws(ProtocolError) {
            return .success(Request(id: id, command: try command(from: fields)))
        } catch {
            return .failure(Failure(id: id, error: error))
        }
    }

    private static func command(from fields: [String: JSONValue]) throws(ProtocolError) -> Command {
        let extra = fields.keys.filter { !["id", "cmd", "args"].contains($0) }.sorted()
        if let key = extra.first {
            throw ProtocolError(.invalidRequest, "unknown field '\(key)'; a request has only 'id', 'cmd' and 'args'")
        }
        guard case .string(let name) = fields["cmd"] ?? .null else {
            throw ProtocolError(.invalidRequest, "a request needs 'cmd', a string: one of \(Command.names.joined(separator: ", "))")
        }
        let args: [String: JSONValue]
        switch fields["args"] ?? .null {
        case .null: args = [:]
        case .object(let object): args = object
        case let other: throw ProtocolError(.invalidRequest, "'args' must be an object, got \(other.typeName)")
        }
        return try CommandParser.parse(name: name, args: args)
    }
}
