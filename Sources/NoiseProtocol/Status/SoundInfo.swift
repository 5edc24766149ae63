import NoiseCatalog

/// One row of the `sounds` reply.
public struct SoundInfo: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var category: String
    public var kind: SoundKind
    public var file: String
    public var source: SoundSource

    public init(_ sound: Sound) {
        id = sound.id
        name = sound.entry.name
        category = sound.entry.category
        kind = sound.entry.kind
        file = sound.path
        source = sound.source
    }
}
