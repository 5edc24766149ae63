import NoiseCatalog

public struct ImportArguments: Sendable, Equatable, Codable {
    /// Absolute path of the file to import, read by the daemon.
    public var path: String
    public var id: String
    public var name: String
    public var category: String?
    public var kind: SoundKind?

    public init(path: String, id: String, name: String, category: String? = nil, kind: SoundKind? = nil) {
        self.path = path
        self.id = id
        self.name = name
        self.category = category
        self.kind = kind
    }
}
