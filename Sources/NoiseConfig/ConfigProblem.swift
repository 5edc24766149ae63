import NoiseCore

/// What is wrong with the config file, and where: every message names the line, the key and what is accepted.
public struct ConfigProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    /// The dotted key (`audio.cache_size`), or nil for a syntax error.
    public let key: String?
    public let message: String

    /// Messages quote the bad value; a value of megabytes must not be copied into every `status` reply and log
    /// line, so the key and the message are cut to `ConfigLimits.maxProblemCharacters`.
    public init(line: Int, key: String?, message: String) {
        self.line = line
        self.key = key.map(Self.capped)
        self.message = Self.capped(message)
    }

    static func capped(_ text: String) -> String {
        text.count <= ConfigLimits.maxProblemCharacters
            ? text : text.prefix(ConfigLimits.maxProblemCharacters) + "… (cut)"
    }

    public var description: String {
        if line == 0 { return message }
        if let key { return "line \(line): \(key): \(message)" }
        return "line \(line): \(message)"
    }
}
