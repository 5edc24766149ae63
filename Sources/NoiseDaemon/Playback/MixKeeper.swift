import NoiseCatalog
import NoiseCore
import NoiseProtocol
import NoiseStore

/// The player's mixes: the last one played, at its volumes (`status`'s `last_played`, what `resume` and the
/// desktop's Play start; kept through a stop and across restarts), and the saved ones, which live in the store.
/// The player tells it what sounds; it says what `resume` and `mix save` take, and reads and changes the saved
/// mixes on the caller's actor, a refusal said as `storage_failed`.
struct MixKeeper: Sendable {
    /// What played last, at its volumes; empty until something has played.
    private(set) var last: [MixSound] = []
    /// Where the saved mixes are; nil keeps none (the tests' players).
    let memory: (any PlaybackMemory)?
    /// How a change is stored, its refusal logged and shown.
    let storeChanges: StoreChanges

    init(memory: (any PlaybackMemory)?, storeChanges: StoreChanges) {
        self.memory = memory
        self.storeChanges = storeChanges
    }

    /// What sounds now (not fading out): the last mix, unless nothing sounds (a stop keeps the mix for `resume`).
    mutating func heard(_ sounding: [MixSound]) {
        if !sounding.isEmpty { last = sounding }
    }

    /// The last mix as the previous run kept it.
    mutating func restore(last kept: [MixSound]) {
        last = kept
    }

    /// The mix `resume` plays: the last one, or why there is none.
    func toResume() throws(ProtocolError) -> [MixSound] {
        guard !last.isEmpty else {
            throw ProtocolError(
                .notPlaying, "nothing to resume: nothing has played yet; play a sound first, e.g. 'noisectl play rain'")
        }
        return last
    }

    /// The sounds `mix save` keeps: those sounding, else the paused mix, else none, said why.
    func toSave(sounding: [MixSound], paused: Bool) throws(ProtocolError) -> [MixSound] {
        let sounds = sounding.isEmpty && paused ? last : sounding
        guard !sounds.isEmpty else {
            throw ProtocolError(
                .notPlaying,
                "nothing is playing: 'mix save' keeps the sounds playing now and their "
                    + "volumes; play them first, e.g. 'noisectl play rain fan --volume 60'")
        }
        return sounds
    }

    // MARK: The saved mixes

    /// Saves `mix`, replacing one of its name; refused when it is new and the most are saved already.
    func save(_ mix: MixInfo, isolation: isolated (any Actor)? = #isolation) async throws(ProtocolError) {
        let saved = try await storing("the mix could not be saved") { memory in try await memory.saveMix(mix) }
        guard saved else {
            throw ProtocolError(
                .invalidArgument,
                "\(CatalogLimits.maxMixes) mixes are saved already, the most kept; "
                    + "remove one first ('noisectl mix remove NAME')")
        }
    }

    func list(isolation: isolated (any Actor)? = #isolation) async throws(ProtocolError) -> MixList {
        guard let memory else {
            throw ProtocolError(.storageFailed, "the mixes could not be read: this daemon keeps no store")
        }
        return MixList(mixes: try await storeChanges.read("the mixes") { try await memory.mixes() })
    }

    /// The saved mix of that name, or `unknown_mix` naming the others.
    func named(_ name: String, isolation: isolated (any Actor)? = #isolation) async throws(ProtocolError) -> MixInfo {
        try await list().named(name)
    }

    /// Removes the mix of that name; returns it as it was.
    func remove(
        named name: String, isolation: isolated (any Actor)? = #isolation
    ) async throws(ProtocolError)
        -> MixInfo
    {
        let mix = try await named(name)
        _ = try await storing("the mix could not be removed") { memory in try await memory.removeMix(named: name) }
        return mix
    }

    /// Runs `work` on the store through `storeChanges`, its failure said as `failure` ("…, so nothing changed: the
    /// disk is full"); a daemon with no store says so.
    private func storing<T: Sendable>(
        _ failure: String, isolation: isolated (any Actor)? = #isolation,
        _ work: @Sendable (any PlaybackMemory) async throws -> T
    ) async throws(ProtocolError) -> T {
        guard let memory else { throw ProtocolError(.storageFailed, "\(failure): this daemon keeps no store") }
        return try await storeChanges.change(failure) { try await work(memory) }
    }
}
