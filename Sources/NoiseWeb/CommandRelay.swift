import NoiseClient
import NoiseClientAsync
import NoiseCore
import NoiseProtocol
import NoiseWebCore

/// `POST /api/command`: `{"cmd": "...", "args": {...}}`, a command the registry opens to the sender (`PageCommands`:
/// a page on this machine or a paired device), checked with the daemon's own decoder, then sent as it came to noised
/// on the one connection noiseweb keeps for commands (`CommandConnection`: several in flight, each reply matched by
/// its id), beside the pages' shared subscription. The daemon's refusal comes back with its code and message.
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

    /// Reads the body and relays the command, if `principal` may send it.
    public func relay(_ body: [UInt8], from principal: Principal) async -> WebReply {
        let request: Body
        switch Self.read(body, from: principal) {
        case .success(let read): request = read
        case .failure(let refusal): return .failure(refusal)
        }
        let arguments = request.args == .null ? nil : request.args
        let relayed = await answer { client throws(ClientFailure) in
            try await client.relay(request.cmd, arguments: arguments)
        }
        switch relayed {
        case .success(let data): return .success(data)
        case .failure(let reply): return reply
        }
    }

    /// A command noiseweb itself sends (the life poster's `life_show`).
    public func call<C: DaemonCommand>(_ command: C) async -> Result<C.Reply, WebReply> {
        await answer { client throws(ClientFailure) in try await client.call(command) }
    }

    /// One request on the kept connection; a failure as the page's reply (the daemon's refusal with its code, 503
    /// when noised is not running).
    private func answer<T: Sendable>(
        _ ask: (DaemonClient) async throws(ClientFailure) -> T
    ) async -> Result<T, WebReply> {
        do throws(ClientFailure) {
            return .success(try await ask(try await connection.client()))
        } catch {
            if error.isUnreachable {
                return .failure(.failure(503, code: "daemon_unreachable", message: error.message))
            }
            return .failure(
                .failure(error.code == nil ? 502 : 400, code: error.code?.rawValue ?? "failed", message: error.message))
        }
    }

    /// The body as a command, or why it is not one.
    static func read(_ body: [UInt8], from principal: Principal) -> Result<Body, WebRefusal> {
        let request: Body
        do {
            request = try JSONCoding.decode(Body.self, from: body)
        } catch {
            return .failure(
                WebRefusal(
                    status: 400, code: "bad_request",
                    message: "The body must be {\"cmd\": \"...\", \"args\": {...}}: \(JSONCoding.reason(error))"))
        }
        guard !request.cmd.isEmpty, request.cmd.utf8.count <= 64 else {
            return .failure(WebRefusal(status: 400, code: "bad_request", message: "'cmd' must be a command's name"))
        }
        let arguments: [String: JSONValue]
        switch request.args {
        case nil, .null?: arguments = [:]
        case .object(let object)?: arguments = object
        default: return .failure(WebRefusal(status: 400, code: "bad_request", message: "'args' must be an object"))
        }
        if let refusal = PageCommands.refusal(for: request.cmd, arguments: arguments, from: principal) {
            return .failure(refusal)
        }
        return .success(request)
    }
}
