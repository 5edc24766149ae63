/// The whole catalog file.
public struct CatalogFile: Sendable, Equatable, Codable {
    public static let currentVersion = 1
    public var version = CatalogFile.currentVersion
    public var sounds: [SoundEntry]

    public init(sounds: [SoundEntry]) {
        self.sounds = sounds
    }
}
