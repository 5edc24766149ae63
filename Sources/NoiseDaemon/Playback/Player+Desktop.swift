import NoiseAudio
import NoiseCatalog
import NoiseCore
import NoiseProtocol

/// What the desktop's media controls ask of the player (MPRIS, docs/desktop.md): Play that always plays
/// something, Next and Previous through the catalog's noises.
extension Player {
    /// The paused or last mix, else (nothing has ever played) the configured default noise.
    public func resumeOrPlayDefault() async throws(ProtocolError) -> PlaybackInfo {
        guard state != .playing else { return reply() }
        if mixKeeper.last.isEmpty {
            return try await play(Commands.Play(sounds: [defaults.defaultSound]))
        }
        return try await resume(fadeIn: nil)
    }

    /// The noise `offset` places after (or before) the one sound playing, in the catalog's order, wrapping
    /// around; nil unless exactly one sound plays.
    func steppedNoise(by offset: Int) -> Sound? {
        let sounding = active.filter { $0.state != .fadingOut }
        guard sounding.count == 1 else { return nil }
        let noises = library.sounds.filter { $0.entry.kind == .loop }
        guard noises.count > 1, let here = noises.firstIndex(where: { $0.id == sounding[0].sound.id }) else {
            return nil
        }
        return noises[((here + offset) % noises.count + noises.count) % noises.count]
    }

    /// Crossfades from the one sound playing to the next (or previous) noise, at the same volume.
    public func step(by offset: Int) async throws(ProtocolError) -> PlaybackInfo {
        guard let next = steppedNoise(by: offset), let playing = active.first(where: { $0.state != .fadingOut }) else {
            throw ProtocolError(
                .notPlaying,
                "next and previous step from one sound playing, and "
                    + (state == .playing ? "several play" : "nothing plays"))
        }
        let outgoing = active.indices.filter { active[$0].sound.id == playing.sound.id }
        try await start([WantedSound(id: next.id, volume: playing.volume)], fadeIn: nil)
        if let timer = playing.timer, let index = index(of: next.id) { active[index].timer = timer }
        fadeOut(outgoing, fadeFrames: AudioFormat.frames(seconds: defaults.fadeOutSeconds))
        return reply()
    }
}
