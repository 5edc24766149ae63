/// Why a file could not be decoded, in words for the user.
public struct DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot decode \(path): \(reason)" }
}
