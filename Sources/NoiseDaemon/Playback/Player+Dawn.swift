import NoiseAudio
import NoiseCatalog
import NoiseCore
import NoiseProtocol

/// A dawn's sound (docs/alarms.md, "Dawn"): over what is left of an alarm's dawn, what plays (the night's mix) fades
/// out and a saved mix fades in, each of its sounds rising to its saved volume scaled by the alarm's, so the morning's
/// mix is as loud as the alarm when it rings. The same voices, fades and saved mixes as `play @MIX` and `stop`.
extension Player {
    /// Crossfades from what plays to the mix `name` over `seconds`; a sound in both keeps playing as it is. Nothing
    /// changes when the mix cannot start (removed since, a sound gone from the catalog): the reason is returned.
    public func playDawnSound(mix name: String, over seconds: Double, volume: Double) async -> ProtocolError? {
        let mix: MixInfo
        do { mix = try await savedMix(named: name) } catch { return error }
        let staying = Set(mix.sounds.map(\.id))
        let wanted = mix.sounds.map { sound in
            WantedSound(
                id: sound.id, volume: isSounding(sound.id) ? nil : (sound.volume * volume / 100).rounded())
        }
        do { try await start(wanted, fadeIn: seconds) } catch { return error }
        let leaving = active.indices.filter { !staying.contains(active[$0].sound.id) && active[$0].state != .fadingOut }
        fadeOut(leaving, fadeFrames: AudioFormat.frames(seconds: seconds))
        return nil
    }
}
