// What the player keeps and plays again: a mix of catalog sounds with their volumes, and whether it plays. The
// player, the store and the protocol share these.

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

/// Whether noise plays: `paused` keeps the mix for `resume` (as MPRIS's Paused), `stopped` was told to stop or its
/// sleep timer ended (`resume` still plays the last mix again).
public enum PlaybackState: String, Sendable, Codable {
    case playing
    case paused
    case stopped
}
