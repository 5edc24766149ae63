/// A sound ready to play: its catalog entry, where it came from and its file's absolute path.
public struct Sound: Sendable, Equatable {
    public var entry: SoundEntry
    public var source: SoundSource
    public var path: String

    public init(entry: SoundEntry, source: SoundSource, path: String) {
        self.entry = entry
        self.source = source
        self.path = path
    }

    public var id: String { entry.id }
}
