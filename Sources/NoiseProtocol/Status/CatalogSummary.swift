public struct CatalogSummary: Sendable, Equatable, Codable {
    public var sounds: Int
    public var problems: [String]

    public init(sounds: Int, problems: [String]) {
        self.sounds = sounds
        self.problems = problems
    }
}
