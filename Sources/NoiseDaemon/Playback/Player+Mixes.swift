import NoiseAudio
import NoiseCatalog
import NoiseCore
import NoiseProtocol
import NoiseStore

/// Pause, resume and saved mixes: what plays, kept with its volumes to be played again.
extension Player {
    /// Fades out what plays and keeps the mix for `resume`; with nothing playing, changes nothing.
    public func pause(fade: Double?) -> PlaybackInfo {
        let sounding = active.indices.filter { active[$0].state != .fadingOut }
        if !sounding.isEmpty {
            fadeOut(sounding, fadeFrames: AudioFormat.frames(seconds: fade ?? defaults.fadeOutSeconds))
            paused = true
        }
        return published()
    }

    /// Plays the paused mix, else the last one, at the volumes it had; with something playing, changes nothing.
    public func resume(fadeIn: Double?) async throws(ProtocolError) -> PlaybackInfo {
        if state != .playing {
            guard !lastMix.isEmpty else {
                throw ProtocolError(
                    .notPlaying,
                    "nothing to resume: nothing has played yet; play a sound first, "
                        + "e.g. 'noisectl play rain'")
            }
            try await start(lastMix.map(WantedSound.init), fadeIn: fadeIn)
        }
        return reply()
    }

    /// `pause` while something plays, else `resume` (a media key's Play/Pause).
    public func toggle() async throws(ProtocolError) -> PlaybackInfo {
        state == .playing ? pause(fade: nil) : try await resume(fadeIn: nil)
    }

    // MARK: Saved mixes

    /// Saves what plays now (or the paused mix) with its volumes as `name`, replacing a mix of that name.
    public func saveMix(named name: String) async throws(ProtocolError) -> MixInfo {
        let sounding = active.filter { $0.state != .fadingOut }.map { MixSound(id: $0.sound.id, volume: $0.volume) }
        let sounds = sounding.isEmpty && paused ? lastMix : sounding
        guard !sounds.isEmpty else {
            throw ProtocolError(
                .notPlaying,
                "nothing is playing: 'mix save' keeps the sounds playing now and their "
                    + "volumes; play them first, e.g. 'noisectl play rain fan --volume 60'")
        }
        let mix = MixInfo(name: name, sounds: sounds)
        let saved = try await storing("the mix could not be saved") { memory in try await memory.saveMix(mix) }
        guard saved else {
            throw ProtocolError(
                .invalidArgument,
                "\(CatalogLimits.maxMixes) mixes are saved already, the most kept; "
                    + "remove one first ('noisectl mix remove NAME')")
        }
        await publishMixes()
        return mix
    }

    public func mixes() async throws(ProtocolError) -> MixList {
        MixList(mixes: try await reading { memory in try await memory.mixes() })
    }

    public func removeMix(named name: String) async throws(ProtocolError) -> MixInfo {
        let mix = try await savedMix(named: name)
        _ = try await storing("the mix could not be removed") { memory in try await memory.removeMix(named: name) }
        await publishMixes()
        return mix
    }

    /// Tells subscribers the saved mixes after a change (a page showing them); a store that cannot be read now
    /// sends nothing, and the next `mix_list` says why.
    private func publishMixes() async {
        guard let list = try? await mixes() else { return }
        hub.publish(.mixes(list))
    }

    func savedMix(named name: String) async throws(ProtocolError) -> MixInfo {
        try await mixes().named(name)
    }

    /// Runs `work` on the store through `storeChanges`, its failure said as `failure` ("…, so nothing changed: the
    /// disk is full"); a daemon with no store (the tests' players) says so.
    private func storing<T: Sendable>(
        _ failure: String, _ work: @Sendable (any PlaybackMemory) async throws -> T
    )
        async throws(ProtocolError) -> T
    {
        guard let memory else { throw ProtocolError(.storageFailed, "\(failure): this daemon keeps no store") }
        return try await storeChanges.change(failure) { try await work(memory) }
    }

    private func reading<T: Sendable>(
        _ read: @Sendable (any PlaybackMemory) async throws -> T
    ) async throws(ProtocolError) -> T {
        guard let memory else {
            throw ProtocolError(.storageFailed, "the mixes could not be read: this daemon keeps no store")
        }
        return try await storeChanges.read("the mixes") { try await read(memory) }
    }
}
