/// The config file as the daemon sees it: part of `status`.
public struct ConfigStatus: Sendable, Equatable, Codable {
    public var path: String
    /// False when there is no file (the defaults apply).
    public var found: Bool
    /// Why the file is not in use (empty when it is, or when there is none).
    public var problems: [String]

    public init(path: String, found: Bool, problems: [String]) {
        self.path = path
        self.found = found
        self.problems = problems
    }
}
