import NoiseCatalog
import NoiseCore
import NoiseProtocol

/// Saved mixes (`MixKeeper`): what plays, kept with its volumes to be played again.
extension Player {
    /// Saves what plays now (or the paused mix) with its volumes as `name`, replacing a mix of that name.
    public func saveMix(named name: String) async throws(ProtocolError) -> MixInfo {
        let mix = MixInfo(name: name, sounds: try mixKeeper.toSave(sounding: soundingMix(), paused: paused))
        try await mixKeeper.save(mix)
        await publishMixes()
        return mix
    }

    public func mixes() async throws(ProtocolError) -> MixList {
        try await mixKeeper.list()
    }

    public func removeMix(named name: String) async throws(ProtocolError) -> MixInfo {
        let mix = try await mixKeeper.remove(named: name)
        await publishMixes()
        return mix
    }

    func savedMix(named name: String) async throws(ProtocolError) -> MixInfo {
        try await mixKeeper.named(name)
    }

    /// What sounds now (not fading out), at its volumes.
    func soundingMix() -> [MixSound] {
        active.filter { $0.state != .fadingOut }.map { MixSound(id: $0.sound.id, volume: $0.volume) }
    }

    /// Tells subscribers the saved mixes after a change (a page showing them); a store that cannot be read now
    /// sends nothing, and the next `mix_list` says why.
    private func publishMixes() async {
        guard let list = try? await mixKeeper.list() else { return }
        hub.publish(.mixes(list))
    }
}
