/// Why `config.toml` could not be read as TOML, and where: the daemon refuses to start on a broken config file,
/// so the message must let a person fix it without a TOML manual at hand.
public struct TOMLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the problem.
    public let line: Int
    /// 1-based column of the problem, counted in Unicode scalars (a tab counts as one), so it matches what an
    /// editor shows for ordinary text.
    public let column: Int
    /// What was wrong and what is accepted instead, in plain English.
    public let message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}
