import NoiseCore
import NoiseProtocol

/// The daemon's handler of each command in `CommandRegistry`, looked up by the command's name. Registering a handler
/// names the command's type, so a handler answers with that command's reply type and nothing else.
struct CommandTable: Sendable {
    /// What a handler answers: the reply's data, and whether the connection now receives events.
    struct Answer: Sendable {
        var data: any Encodable & Sendable
        var subscribes = false
    }

    typealias Handler = @Sendable (any DaemonCommand) async throws -> Answer

    private var handlers: [String: Handler] = [:]

    /// The names of the commands this table answers; a test holds it to the registry.
    var names: Set<String> { Set(handlers.keys) }

    mutating func on<C: DaemonCommand>(_ type: C.Type, _ body: @escaping @Sendable (C) async throws -> C.Reply) {
        handlers[C.name] = { command in Answer(data: try await body(command as! C)) }
    }

    /// A command whose reply is sent as bytes encoded already (the status board keeps its last encoding).
    mutating func on<C: DaemonCommand>(
        _ type: C.Type, subscribes: Bool = false,
        encoded body: @escaping @Sendable (C) async throws -> Replies.Encoded
    ) {
        handlers[C.name] = { command in Answer(data: try await body(command as! C), subscribes: subscribes) }
    }

    func run(_ command: any DaemonCommand) async throws -> Answer {
        guard let handler = handlers[type(of: command).name] else {
            throw ProtocolError(.internal, "no handler for '\(type(of: command).name)'")
        }
        return try await handler(command)
    }
}
