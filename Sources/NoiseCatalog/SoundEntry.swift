/// What a sound is for: a noise to loop, or an alarm tone (which also loops while it rings).
public enum SoundKind: String, Sendable, Codable, CaseIterable {
    case loop
    case alarm
}

/// One entry of a catalog file (`sounds.json`), as written there.
public struct SoundEntry: Sendable, Equatable, Codable {
    /// What users type: lowercase letters, digits and '-', starting with a letter.
    public var id: String
    public var name: String
    public var category: String
    /// Path of the audio file relative to the catalog's `sounds/` folder.
    public var file: String
    public var kind: SoundKind

    public init(id: String, name: String, category: String, file: String, kind: SoundKind) {
        self.id = id
        self.name = name
        self.category = category
        self.file = file
        self.kind = kind
    }
}

/// The whole catalog file.
public struct CatalogFile: Sendable, Equatable, Codable {
    public static let currentVersion = 1
    public var version = CatalogFile.currentVersion
    public var sounds: [SoundEntry]

    public init(sounds: [SoundEntry]) {
        self.sounds = sounds
    }
}

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
