/// A sound ready to play: its catalog entry, where it came from and its file's absolute path.
public struct Sound: Sendable, Equatable {
    public var entry: SoundEntry
    public var source: SoundSource
    public var path: String
    /// The absolute paths of its events' files (`entry.events`), in their order; empty without events.
    public var eventPaths: [String]

    public init(entry: SoundEntry, source: SoundSource, path: String, eventPaths: [String] = []) {
        self.entry = entry
        self.source = source
        self.path = path
        self.eventPaths = eventPaths
    }

    public var id: String { entry.id }
}
