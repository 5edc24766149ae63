import NoiseClient
import NoiseClientAsync
import NoiseCore

/// `POST /api/command`: `{"cmd": "...", "args": {...}}` sent to noised through `DaemonClient`, its own connection per
/// command (a command is rare; the shared subscription exists only while pages are open). The daemon checks the
/// command and its arguments as it checks noisectl's; its refusal comes back with its code and message.
public struct CommandRelay: Sendable {
    /// The body's shape.
    struct Body: Decodable {
        var cmd: String
        var args: JSONValue?
    }

    /// A reply for the page: the daemon's data, or an error with its code and message, and the HTTP status.
    public struct Reply: Sendable {
        public var status: Int
        public var json: [UInt8]
    }

    private struct Success: Encodable {
        var ok = true
        var data: JSONValue
        var warning: String?
    }

    private struct Failure: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
        }
        var ok = false
        var error: Detail
    }

    let socketPath: String

    public init(socketPath: String) {
        self.socketPath = socketPath
    }

    /// Reads the body and relays the command.
    public func relay(_ body: [UInt8]) async -> Reply {
        let request: Body
        switch Self.read(body) {
        case .success(let read): request = read
        case .failure(let refusal): return Self.failure(refusal.status, code: refusal.code, message: refusal.message)
        }
        do throws(ClientFailure) {
            let client = try await DaemonClient.connect(path: socketPath)
            let outcome: Result<JSONValue, ClientFailure>
            do throws(ClientFailure) {
                outcome = .success(try await client.request(request.cmd, args: request.args == .null ? nil : request.args, as: JSONValue.self))
            } catch {
                outcome = .failure(error)
            }
            await client.close()
            let data = try outcome.get()
            return Self.success(data)
        } catch {
            if error.isUnreachable { return Self.failure(503, code: "daemon_unreachable", message: error.message) }
            return Self.failure(error.code == nil ? 502 : 400, code: error.code?.rawValue ?? "failed", message: error.message)
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
        switch request.args {
        case nil, .null?, .object?:
            return .success(request)
        default:
            return .failure(WebRefusal(status: 400, code: "bad_request", message: "'args' must be an object"))
        }
    }

    static func success(_ data: JSONValue, warning: String? = nil) -> Reply {
        Reply(status: 200, json: (try? JSONCoding.line(Success(data: data, warning: warning))) ?? Array(#"{"ok":true}"#.utf8))
    }

    static func failure(_ status: Int, code: String, message: String) -> Reply {
        let json = (try? JSONCoding.line(Failure(error: .init(code: code, message: message)))) ?? Array(#"{"ok":false}"#.utf8)
        return Reply(status: status, json: json)
    }
}
