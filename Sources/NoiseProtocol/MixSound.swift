/// One sound of a mix and its volume: what `mix save` keeps, what `resume` plays again.
public struct MixSound: Sendable, Equatable, Codable {
    public var id: String
    /// 0 to 100.
    public var volume: Double

    public init(id: String, volume: Double) {
        self.id = id
        self.volume = volume
    }
}

/// A saved mix (`mix save`, `play @NAME`).
public struct MixInfo: Sendable, Equatable, Codable {
    public var name: String
    public var sounds: [MixSound]

    public init(name: String, sounds: [MixSound]) {
        self.name = name
        self.sounds = sounds
    }
}

/// `mix list`'s reply.
public struct MixList: Sendable, Equatable, Codable {
    public var mixes: [MixInfo]

    public init(mixes: [MixInfo]) {
        self.mixes = mixes
    }
}
