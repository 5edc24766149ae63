import NoiseCatalog
import NoiseProtocol
import NoiseStore

/// Where the player keeps what survives a restart (the master volume, the last mix, playing or paused) and the
/// saved mixes. An interface so that the tests' players can keep none; one real implementation, the database's
/// `PlaybackStore`, which reaches no table but the player's.
public protocol PlaybackMemory: Sendable {
    func playback() async throws -> StoredPlayback?
    func savePlayback(_ playback: StoredPlayback) async throws
    func mixes() async throws -> [MixInfo]
    /// False when the mix is new and `CatalogLimits.maxMixes` are saved already.
    func saveMix(_ mix: MixInfo) async throws -> Bool
    func removeMix(named name: String) async throws -> Bool
}

extension PlaybackStore: PlaybackMemory {}
