import NoiseCore
import NoiseProtocol

/// A command that came over the broker (`PREFIX/command/NAME`, its `args` object as the payload), checked as the
/// daemon will check it, and only if the schema opens it to a broker (`Senders.broker`): no paths, no store
/// recovery, nothing but what a bedside clock is asked from across the house.
public struct BrokerCommand: Sendable {
    public let name: String
    public let arguments: [String: JSONValue]

    /// Reads a message; a refusal says what was wrong and what is accepted.
    public static func read(name: String, payload: [UInt8]) -> Result<BrokerCommand, BrokerRefusal> {
        let allowed = CommandRegistry.names(for: .broker)
        guard allowed.contains(name) else {
            return .failure(
                BrokerRefusal(
                    code: "not_allowed_here",
                    message: "'\(name.prefix(40))' is not a command a broker may send; those are: "
                        + allowed.joined(separator: ", ")))
        }
        let arguments: [String: JSONValue]
        if payload.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            arguments = [:]
        } else {
            guard case .object(let fields)? = try? JSONCoding.decode(JSONValue.self, from: payload) else {
                return .failure(
                    BrokerRefusal(
                        code: ErrorCode.invalidArgument.rawValue,
                        message: "the payload of '\(name)' is not a JSON object; send its arguments as one, e.g. {} or "
                            + "{\"volume\": 40}"))
            }
            arguments = fields
        }
        do {
            _ = try CommandRegistry.decode(name: name, arguments: arguments)
        } catch {
            return .failure(BrokerRefusal(code: error.code.rawValue, message: error.message))
        }
        return .success(BrokerCommand(name: name, arguments: arguments))
    }
}

/// Why a broker's command was not sent: `not_allowed_here`, or the daemon's own code and message for a bad argument.
public struct BrokerRefusal: Error, Sendable, Equatable, Codable {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
