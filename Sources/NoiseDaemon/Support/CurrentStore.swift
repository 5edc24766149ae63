import NoiseCatalog
import NoiseProtocol
import NoiseStore
import Synchronization

/// The store in use: the scheduler replaces it after `store recover`, and the player, which keeps its state and
/// the saved mixes in it, follows without being told.
public final class CurrentStore: Sendable {
    private let current: Mutex<AlarmStore>

    public init(_ store: AlarmStore) {
        current = Mutex(store)
    }

    public var store: AlarmStore {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}

extension CurrentStore: PlaybackMemory {
    public func playback() async throws -> StoredPlayback? { try await store.playback() }
    public func savePlayback(_ playback: StoredPlayback) async throws { try await store.savePlayback(playback) }
    public func mixes() async throws -> [MixInfo] { try await store.mixes() }
    public func saveMix(_ mix: MixInfo) async throws -> Bool { try await store.saveMix(mix) }
    public func removeMix(named name: String) async throws -> Bool { try await store.removeMix(named: name) }
}
