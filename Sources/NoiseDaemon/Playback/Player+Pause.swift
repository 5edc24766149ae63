import NoiseAudio
import NoiseCore
import NoiseProtocol

/// Pause and resume: what plays fades out and is kept (`MixKeeper`'s last mix) to be played again.
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
            try await start(mixKeeper.toResume().map(WantedSound.init), fadeIn: fadeIn)
        }
        return reply()
    }

    /// `pause` while something plays, else `resume` (a media key's Play/Pause).
    public func toggle() async throws(ProtocolError) -> PlaybackInfo {
        state == .playing ? pause(fade: nil) : try await resume(fadeIn: nil)
    }
}
