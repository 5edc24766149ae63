import NoiseCatalog

public struct ImportArguments: Sendable, Equatable, Codable {
    /// Absolute path of the file to import, read by the daemon.
    public var path: String
    /// Made from the file's name when absent (`SoundNaming`: `Ocean Waves.flac` → `ocean-waves`).
    public var id: String?
    /// The file's name without its extension when absent (`Ocean Waves`).
    public var name: String?
    public var category: String?
    public var kind: SoundKind?

    public init(path: String, id: String? = nil, name: String? = nil, category: String? = nil, kind: SoundKind? = nil) {
        self.path = path
        self.id = id
        self.name = name
        self.category = category
        self.kind = kind
    }
}
