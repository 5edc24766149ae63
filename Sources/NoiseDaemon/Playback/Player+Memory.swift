import NoiseAudio
import NoiseCore
import NoiseProtocol
import NoiseStore

/// The state kept across restarts: written on every change (not on exit only, which a crash or a power cut
/// never reaches), in order, one write at a time, off the actor's turn.
extension Player {
    /// Takes back what the last run kept (the master volume, the last mix, paused or not) and, when it was playing
    /// and `resumeOnStart` is set or the last run ended without stopping (a crash, `kill -9`, the watchdog), plays
    /// the last mix again. Returns what happened, in words for the log.
    public func restore(resumeOnStart: Bool, afterUncleanExit: Bool = false) async -> String {
        guard let memory else { return "no store: the volume and last mix start afresh" }
        let stored: StoredPlayback?
        do {
            stored = try await memory.playback()
        } catch {
            remembered = snapshotToRemember()
            return "the player's state cannot be read (\(NoiseDatabase.describe(error))); starting afresh"
        }
        guard let stored else {
            remembered = snapshotToRemember()
            return "no player state kept yet"
        }
        masterVolume = stored.masterVolume
        engine.send(.setMasterGain(VolumeLaw.gain(forVolume: masterVolume)))
        lastMix = stored.lastMix
        paused = stored.state == .paused
        remembered = stored
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
        StoredPlayback(masterVolume: masterVolume, state: state, lastMix: lastMix)
    }

    /// Hands a changed state to the store. One write at a time, of the newest state: a flood of changes (a
    /// volume slider, a script) leaves at most one state waiting, never a queue of them. Nothing is written before
    /// `restore` (it would overwrite what it is about to read) nor after `forget`. A write that fails is not
    /// retried: the store's trouble (full disk, read-only) is in `status` already, from the alarms' side.
    func remember() {
        guard let memory, let remembered else { return }
        let now = snapshotToRemember()
        guard now != remembered else { return }
        self.remembered = now
        unsaved = now
        guard saving == nil else { return }  // the write in flight takes it next
        saving = Task { await self.writeUnsaved(to: memory) }
    }

    private func writeUnsaved(to memory: any PlaybackMemory) async {
        while let next = unsaved {
            unsaved = nil
            try? await memory.savePlayback(next)
        }
        saving = nil
    }

    /// Waits for the last write; nothing is written after (the store closes once the daemon's services end).
    func forget() async {
        let last = saving
        remembered = nil
        await last?.value
    }
}
