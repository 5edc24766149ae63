import NoiseCatalog
import NoiseProtocol
import NoiseStore

/// Where the player keeps what survives a restart (the master volume, the last mix, playing or paused) and the
/// saved mixes. One real implementation: the store in use (`CurrentStore`, over `AlarmStore+Playback`).
public protocol PlaybackMemory: Sendable {
    func playback() async throws -> StoredPlayback?
    func savePlayback(_ playback: StoredPlayback) async throws
    func mixes() async throws -> [MixInfo]
    /// False when the mix is new and `Limits.maxMixes` are saved already.
    func saveMix(_ mix: MixInfo) async throws -> Bool
    func removeMix(named name: String) async throws -> Bool
}
