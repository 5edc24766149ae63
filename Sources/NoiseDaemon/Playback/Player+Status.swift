import NoiseCatalog
import NoiseProtocol

/// What the player tells: the status board (every change, as it happens), `playback` events, and the queries.
extension Player {
    // MARK: Queries

    public func playback() -> PlaybackInfo {
        playbackSnapshot().info(at: started.duration(to: clock.now).seconds)
    }

    public func catalogSummary() -> CatalogSummary {
        CatalogSummary(sounds: library.sounds.count, problems: library.problems.map(\.description))
    }

    public func sounds(category: String?) -> [SoundInfo] {
        library.sounds.filter { category == nil || $0.entry.category == category }.map(SoundInfo.init)
    }

    /// What plays, with the instants needed to tell the time-dependent parts later (fades ending, the sleep timer).
    func playbackSnapshot() -> StatusBoard.Playback {
        var playback = StatusBoard.Playback()
        playback.state = state
        playback.masterVolume = masterVolume
        playback.sounds = active.map { item in
            let timer = item.timer.flatMap { sleepTimers[$0] }
            return .init(
                info: PlayingSound(
                    id: item.sound.id, name: item.sound.entry.name, volume: item.volume, state: item.state),
                fadeInEnds: started.duration(to: item.fadeEnds).seconds,
                sleep: timer.map { (started.duration(to: $0.deadline).seconds, $0.fadeSeconds, $0.floor) })
        }
        playback.lastPlayed = mixKeeper.last.map(\.id)
        return playback
    }

    /// Playing while anything sounds; else paused after `pause`, stopped otherwise.
    var state: PlaybackState {
        active.contains { $0.state != .fadingOut } ? .playing : paused ? .paused : .stopped
    }

    func publishPlayback() {
        board.publish(playbackSnapshot())
    }

    func published() -> PlaybackInfo {
        let info = playback()
        hub.publish(.playback(info))
        return info
    }

    /// `published()` with the output device's state, for a command that starts sound: a device that cannot be
    /// opened is said in the reply (the daemon keeps retrying), not only in `status`.
    func reply() -> PlaybackInfo {
        var info = published()
        info.audio = AudioStatus(engine.status)
        return info
    }
}
