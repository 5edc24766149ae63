import NoiseAudio
import NoiseCore
import NoiseProtocol
import NoiseStore

/// The state kept across restarts (`PlaybackSaver`): taken back at start, handed on at every change.
extension Player {
    /// Takes back what the last run kept (the master volume, the last mix, paused or not) and, when it was playing
    /// and `resumeOnStart` is set or the last run ended without stopping (a crash, `kill -9`, the watchdog), plays
    /// the last mix again. Returns what happened, in words for the log.
    public func restore(resumeOnStart: Bool, afterUncleanExit: Bool = false) async -> String {
        guard let memory = saver.memory else { return "no store: the volume and last mix start afresh" }
        let stored: StoredPlayback?
        do {
            stored = try await memory.playback()
        } catch {
            saver.restored(snapshotToRemember())
            return "the player's state cannot be read (\(NoiseDatabase.describe(error))); starting afresh"
        }
        guard let stored else {
            saver.restored(snapshotToRemember())
            return "no player state kept yet"
        }
        masterVolume = stored.masterVolume
        engine.send(.setMasterGain(VolumeLaw.gain(forVolume: masterVolume)))
        mixKeeper.restore(last: stored.lastMix)
        paused = stored.state == .paused
        saver.restored(stored)
        var said =
            "master volume \(stored.masterVolume.formatted)%, last mix "
            + (stored.lastMix.isEmpty
                ? "none" : stored.lastMix.map { "\($0.id) \($0.volume.formatted)%" }.joined(separator: ", "))
            + " (\(stored.state.rawValue))"
        guard stored.state == .playing, !stored.lastMix.isEmpty else { return said }
        guard resumeOnStart || afterUncleanExit else {
            return said + "; not played again (playback.resume_on_start is off)"
        }
        do {
            try await start(stored.lastMix.map(WantedSound.init), fadeIn: nil)
            said +=
                afterUncleanExit
                ? "; playing it again (the last run ended without stopping)"
                : "; playing it again (playback.resume_on_start)"
        } catch {
            said += "; it cannot be played again: \(error.message)"
        }
        _ = published()
        return said
    }

    func snapshotToRemember() -> StoredPlayback {
        StoredPlayback(masterVolume: masterVolume, state: state, lastMix: mixKeeper.last)
    }

    /// Hands a changed state on to be written.
    func remember() {
        saver.changed(to: snapshotToRemember()) { memory in Task { await self.writeUnsaved(to: memory) } }
    }

    private func writeUnsaved(to memory: any PlaybackMemory) async {
        while let next = saver.nextToWrite() {
            try? await memory.savePlayback(next)
        }
    }

    /// Waits for the player's state to be in the store (before the machine sleeps).
    public func saved() async {
        await saver.writing?.value
    }

    /// Waits for the last write; nothing is written after (the store closes once the daemon's services end).
    func forget() async {
        await saver.stop()?.value
    }
}
