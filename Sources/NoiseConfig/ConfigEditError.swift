/// Why `ConfigEditor` saved nothing: the file already had problems (the user's to fix, since only they know what
/// they meant), or the change itself would have made a file the daemon refuses.
public struct ConfigEditError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The file as it is does not parse or has a key the daemon refuses.
        case fileHasProblems
        /// The file was fine; with the change it would not be.
        case changeIsInvalid
    }

    public let reason: Reason
    /// Every problem `ConfigFile.read` found, the first one named in the message.
    public let problems: [ConfigProblem]

    public init(reason: Reason, problems: [ConfigProblem]) {
        self.reason = reason
        self.problems = problems
    }

    /// The message with the file named as the user knows it (its path): "PATH line 3: ...; fix it first...".
    public func message(file: String) -> String {
        guard let first = problems.first else { return "\(file): nothing was saved" }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        switch reason {
        case .fileHasProblems:
            let place = first.line > 0 ? "\(file) line \(first.line)" : file
            let key = first.key.map { "\($0): " } ?? ""
            return "\(place): \(key)\(first.message)\(more); fix it first ('noised --check-config' lists every "
                + "problem), nothing was saved"
        case .changeIsInvalid:
            let key = first.key.map { "\($0): " } ?? ""
            return "cannot save that to \(file): \(key)\(first.message)\(more); nothing was saved"
        }
    }

    public var description: String { message(file: "config.toml") }
}
