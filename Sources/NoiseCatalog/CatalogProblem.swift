/// A catalog entry that was refused, with where it was and why, so the user can fix that one line.
public struct CatalogProblem: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Which catalog: a file path.
    public var source: String
    /// Position in the `sounds` array (0-based), or nil for a problem with the whole file.
    public var index: Int?
    public var reason: String

    public init(source: String, index: Int?, reason: String) {
        self.source = source
        self.index = index
        self.reason = reason
    }

    public var description: String {
        if let index { "\(source): sounds[\(index)]: \(reason)" } else { "\(source): \(reason)" }
    }
}
