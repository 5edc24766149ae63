/// What is wrong with the config file, and where: every message names the line, the key and what is accepted.
public struct ConfigProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    /// The dotted key (`audio.cache_size`), or nil for a syntax error.
    public let key: String?
    public let message: String

    public init(line: Int, key: String?, message: String) {
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        if line == 0 { return message }
        if let key { return "line \(line): \(key): \(message)" }
        return "line \(line): \(message)"
    }
}
