/// A failed request: a stable code and a message for people that says what was wrong and what is accepted.
public struct ProtocolError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
