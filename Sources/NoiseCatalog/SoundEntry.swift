/// One entry of a catalog file (`sounds.json`), as written there.
public struct SoundEntry: Sendable, Equatable, Codable {
    /// What users type: lowercase letters, digits and '-', starting with a letter.
    public var id: String
    public var name: String
    public var category: String
    /// Path of the audio file relative to the catalog's `sounds/` folder.
    public var file: String
    public var kind: SoundKind
    /// Sounds mixed over the loop at random moments (a loop's only; nil: the loop alone).
    public var events: SoundEvents?

    public init(
        id: String, name: String, category: String, file: String, kind: SoundKind, events: SoundEvents? = nil
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.file = file
        self.kind = kind
        self.events = events
    }
}
