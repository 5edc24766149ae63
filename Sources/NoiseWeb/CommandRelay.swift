import NoiseClient
import NoiseClientAsync
import NoiseCore
import NoiseWebCore

/// `POST /api/command`: `{"cmd": "...", "args": {...}}`, one of the pages' own commands (`PageCommands`), sent to
/// noised on the one connection noiseweb keeps for commands (`CommandConnection`: several in flight, each reply
/// matched by its id), beside the pages' shared subscription. The daemon checks the command and its arguments as it
/// checks noisectl's; its refusal comes back with its code and message.
public struct CommandRelay: Sendable {
    /// The body's shape.
    struct Body: Decodable {
        var cmd: String
        var args: JSONValue?
    }

    let connection: CommandConnection

    public init(socketPath: String) {
        connection = CommandConnection(socketPath: socketPath)
    }

    /// Reads the body and relays the command.
    public func relay(_ body: [UInt8]) async -> WebReply {
        let request: Body
        switch Self.read(body) {
        case .success(let read): request = read
        case .failure(let refusal): return .failure(refusal)
        }
        switch await self.request(request.cmd, args: request.args == .null ? nil : request.args, as: JSONValue.self) {
        case .success(let data): return .success(data)
        case .failure(let reply): return reply
        }
    }

    /// One request on the kept connection; a failure as the page's reply (the daemon's refusal with its code, 503
    /// when noised is not running).
    public func request<T: Decodable & Sendable>(_ cmd: String, args: JSONValue? = nil, as type: T.Type) async -> Result<T, WebReply> {
        do throws(ClientFailure) {
            let client = try await connection.client()
            return .success(try await client.request(cmd, args: args, as: T.self))
        } catch {
            if error.isUnreachable { return .failure(.failure(503, code: "daemon_unreachable", message: error.message)) }
            return .failure(.failure(error.code == nil ? 502 : 400, code: error.code?.rawValue ?? "failed", message: error.message))
        }
    }

    /// The body as a command, or why it is not one.
    static func read(_ body: [UInt8]) -> Result<Body, WebRefusal> {
        let request: Body
        do {
            request = try JSONCoding.decode(Body.self, from: body)
        } catch {
            return .failure(WebRefusal(status: 400, code: "bad_request",
                                       message: "The body must be {\"cmd\": \"...\", \"args\": {...}}: \(JSONCoding.reason(error))"))
        }
        guard !request.cmd.isEmpty, request.cmd.utf8.count <= 64 else {
            return .failure(WebRefusal(status: 400, code: "bad_request", message: "'cmd' must be a command's name"))
        }
        if let refusal = PageCommands.refusal(for: request.cmd) { return .failure(refusal) }
        switch request.args {
        case nil, .null?, .object?:
            return .success(request)
        default:
            return .failure(WebRefusal(status: 400, code: "bad_request", message: "'args' must be an object"))
        }
    }
}
