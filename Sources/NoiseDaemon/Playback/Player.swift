import NoiseAudio
import NoiseCore
import NoiseCatalog
import NoiseConfig
import NoiseProtocol

/// Owns what plays: the voices in the mixer, their volumes, the master volume, the sleep timer, the sound
/// library and the decoded-sound cache. Talks to the output thread only by sending it commands.
public actor Player<C: Clock> where C.Duration == Duration {
    struct Active {
        let voice: VoiceID
        let sound: Sound
        var volume: Double
        var state: PlayingSound.State
        var fadeEnds: C.Instant
    }

    /// The sleep timer: when everything has faded out, and the task that starts the fade (`Player+SleepTimer`).
    struct SleepTimer {
        let deadline: C.Instant
        let fadeSeconds: Double
        let task: Task<Void, Never>
    }

    let engine: AudioEngine
    let clock: C
    private let hub: EventHub
    private var defaults: PlaybackDefaults
    private let started: C.Instant
    /// Where `status` reads what plays (see `StatusBoard`): every change below is published as it happens.
    public nonisolated let board: StatusBoard
    var library: SoundLibrary { didSet { board.publish(catalogSummary()) } }
    /// The `CatalogKeeper` version of `library` (0: the one given at start).
    private var libraryVersion: UInt64 = 0
    private var cache: SoundCache
    /// Decoded sounds kept on disk across restarts; nil keeps none.
    private let decodedStore: (any DecodedSoundStore)?
    private var active: [Active] = [] {
        didSet {
            let sounding = active.filter { $0.state != .fadingOut }.map(\.sound.id)
            if !sounding.isEmpty { lastPlayed = sounding }
            publishPlayback()
        }
    }
    /// What played last (`status`'s `last_played`): kept through a stop, for "play it again".
    private var lastPlayed: [String] = []
    private var masterVolume = 100.0 { didSet { publishPlayback() } }
    var sleepTimer: SleepTimer? { didSet { publishPlayback() } }
    /// The stops of previews still sounding, by voice (`Player+AlarmTones`): each cancelled when its voice ends
    /// first, all of them by `shutdown`.
    var previewStops: [VoiceID: Task<Void, Never>] = [:]
    var nextVoice: VoiceID = 1
    /// The one alarm tone, if any: its voice, the trigger it was scheduled for, whether its alarm rang (false while
    /// it is only prepared ahead of its trigger), and which sound it is.
    var alarmTone: (voice: VoiceID, trigger: Int64, rung: Bool, tone: ToneInfo)?
    /// The last alarm tone's first frames relative to its trigger: when written, when heard (seconds).
    public private(set) var lastOnset: (written: Double, heard: Double)? {
        didSet { board.publish(onset: lastOnset.map { OnsetInfo(writtenSeconds: $0.written, heardSeconds: $0.heard) }) }
    }

    public init(engine: AudioEngine, library: SoundLibrary, clock: C, hub: EventHub, cacheBytes: Int,
                decodedStore: (any DecodedSoundStore)? = nil, defaults: PlaybackDefaults = PlaybackDefaults()) {
        self.engine = engine
        self.library = library
        self.clock = clock
        self.hub = hub
        self.cache = SoundCache(budgetBytes: cacheBytes)
        self.decodedStore = decodedStore
        self.defaults = defaults
        let started = clock.now
        self.started = started
        self.board = StatusBoard(uptime: { started.duration(to: clock.now).seconds }, audio: { engine.status })
        board.publish(CatalogSummary(sounds: library.sounds.count, problems: library.problems.map(\.description)))
    }

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

    // MARK: Commands

    public func play(_ request: PlayArguments) async throws(ProtocolError) -> PlaybackInfo {
        let sounds = try request.sounds.map { (id) throws(ProtocolError) -> Sound in
            guard let sound = library.sound(id: id) else { throw library.unknownSoundError(id) }
            return sound
        }
        // Load everything first: a sound that cannot be decoded fails the command before anything changes.
        var loaded: [String: SoundLoader.Loaded] = [:]
        for sound in sounds where index(of: sound.id) == nil {
            loaded[sound.id] = try await source(for: sound, progressive: true)
        }
        let fadeFrames = AudioFormat.frames(seconds: request.fadeIn ?? defaults.fadeInSeconds)
        let fadeEnds = clock.now.advanced(by: .seconds(request.fadeIn ?? defaults.fadeInSeconds))
        var commands: [MixerCommand] = []
        for sound in sounds {
            if let index = index(of: sound.id) {
                var item = active[index]
                if let volume = request.volume, volume != item.volume {
                    item.volume = volume
                    commands.append(.setGain(item.voice, gain: VolumeLaw.gain(forVolume: volume)))
                }
                if item.state == .fadingOut {
                    item.state = .fadingIn
                    item.fadeEnds = fadeEnds
                    commands.append(.resume(item.voice, fadeFrames: fadeFrames))
                }
                active[index] = item
            } else if let source = loaded[sound.id] {
                let volume = request.volume ?? defaults.volume
                let voice = nextVoice
                nextVoice += 1
                commands.append(.start(voice, source: Self.makeSource(source),
                                       gain: VolumeLaw.gain(forVolume: volume), fadeFrames: fadeFrames))
                active.append(Active(voice: voice, sound: sound, volume: volume, state: .fadingIn, fadeEnds: fadeEnds))
            }
        }
        engine.send(commands)
        if let seconds = request.for {
            startSleepTimer(seconds: seconds, fade: request.fadeOut ?? defaults.sleepFadeSeconds)
        }
        return published()
    }

    public func stop(_ request: StopArguments) throws(ProtocolError) -> PlaybackInfo {
        let fadeFrames = AudioFormat.frames(seconds: request.fade ?? defaults.fadeOutSeconds)
        guard let ids = request.sounds else {
            cancelSleepTimer()
            fadeOutEverything(fadeFrames: fadeFrames)
            return published()
        }
        let indices = try ids.map { (id) throws(ProtocolError) -> Int in
            guard let index = index(of: id) else { throw notPlayingError(id) }
            return index
        }
        fadeOut(indices, fadeFrames: fadeFrames)
        return published()
    }

    public func setVolume(_ request: VolumeArguments) throws(ProtocolError) -> PlaybackInfo {
        guard let id = request.sound else {
            masterVolume = request.target(from: masterVolume)
            engine.send(.setMasterGain(VolumeLaw.gain(forVolume: masterVolume)))
            return published()
        }
        guard let index = index(of: id) else { throw notPlayingError(id) }
        active[index].volume = request.target(from: active[index].volume)
        engine.send(.setGain(active[index].voice, gain: VolumeLaw.gain(forVolume: active[index].volume)))
        return published()
    }

    /// New defaults from a reloaded config; what plays now is left as it is.
    public func apply(_ newDefaults: PlaybackDefaults) {
        defaults = newDefaults
    }

    /// Replaces the library (after an import or a reload) and forgets decoded sounds that may have changed. A
    /// library older than the one in use (two loads finishing out of order) is ignored.
    public func replaceLibrary(_ loaded: CatalogKeeper.Versioned) {
        guard loaded.version > libraryVersion else { return }
        libraryVersion = loaded.version
        library = loaded.library
        cache.removeAll()
        hub.publish(EventName.catalog, data: catalogSummary())
    }

    /// What the output thread reported.
    public func handle(_ event: AudioEvent) {
        switch event {
        case .status(let status):
            hub.publish(EventName.audio, data: status)
        case .voicesEnded(let voices):
            // A preview that ran out by itself has nothing left to stop.
            for voice in voices { previewStops.removeValue(forKey: voice)?.cancel() }
            guard active.contains(where: { voices.contains($0.voice) }) else { return }
            active.removeAll { voices.contains($0.voice) }
            if active.isEmpty { cancelSleepTimer() }
            _ = published()
        case .alarmAudio(let voice, let writtenAt, let heardAt):
            if let tone = alarmTone, tone.voice == voice {
                lastOnset = (writtenAt - Double(tone.trigger), heardAt - Double(tone.trigger))
            }
        }
    }

    /// Ends the player's timed work (the sleep timer, previews' stops) and waits for it, so none outlives the
    /// daemon's audio; returns how long the engine fades everything out before it closes the device (the fade
    /// stands in for those stops). Requests have stopped by now: the control server stops first.
    public func shutdown() async -> Int {
        let timed = [sleepTimer?.task].compactMap { $0 } + Array(previewStops.values)
        cancelSleepTimer()
        previewStops = [:]
        for task in timed {
            task.cancel()
            await task.value
        }
        return AudioFormat.frames(seconds: defaults.fadeOutSeconds)
    }

    // MARK: Helpers

    private func index(of id: String) -> Int? {
        active.firstIndex { $0.sound.id == id }
    }

    private func notPlayingError(_ id: String) -> ProtocolError {
        let playing = active.filter { $0.state != .fadingOut }.map(\.sound.id)
        let list = playing.isEmpty ? "nothing is playing" : "playing: \(playing.joined(separator: ", "))"
        return ProtocolError(.notPlaying, "'\(id.prefix(40))' is not playing; \(list)")
    }

    /// What plays, with the instants needed to tell the time-dependent parts later (fades ending, the sleep timer).
    private func playbackSnapshot() -> StatusBoard.Playback {
        var playback = StatusBoard.Playback()
        playback.masterVolume = masterVolume
        playback.sounds = active.map { item in
            .init(info: PlayingSound(id: item.sound.id, name: item.sound.entry.name, volume: item.volume, state: item.state),
                  fadeInEnds: started.duration(to: item.fadeEnds).seconds)
        }
        playback.sleepDeadline = sleepTimer.map { started.duration(to: $0.deadline).seconds }
        playback.sleepFadeSeconds = sleepTimer?.fadeSeconds ?? 0
        playback.lastPlayed = lastPlayed
        return playback
    }

    private func publishPlayback() {
        board.publish(playbackSnapshot())
    }

    func published() -> PlaybackInfo {
        let info = playback()
        hub.publish(EventName.playback, data: info)
        return info
    }

    /// The sound's samples, from the cache, else loaded; `progressive` hands over a decoded copy still being read
    /// (a noise, heard sooner), else all of it is read first (a tone, a preview).
    func source(for sound: Sound, progressive: Bool = false) async throws(ProtocolError) -> SoundLoader.Loaded {
        // A buffer whose filling failed is loaded again (its voices have ended).
        if let buffer = cache.buffer(for: sound.path), !buffer.failed { return .buffer(buffer) }
        let available = cache.budgetBytes - cache.bytes(pinned: Set(active.map(\.sound.path)))
        let loaded: SoundLoader.Loaded
        do {
            loaded = try await SoundLoader.load(path: sound.path, maxCachedBytes: available, store: decodedStore,
                                                progressive: progressive)
        } catch {
            throw ProtocolError(.soundUnavailable, "sound '\(sound.id)' cannot be played: \(error.description)")
        }
        if case .buffer(let buffer) = loaded {
            cache.insert(buffer, for: sound.path, pinned: Set(active.map(\.sound.path)))
        }
        return loaded
    }

    /// Noises and alarm tones loop; a preview plays once.
    static func makeSource(_ loaded: SoundLoader.Loaded, loops: Bool = true) -> any PCMSource {
        switch loaded {
        case .buffer(let buffer): BufferSource(buffer: buffer, loops: loops)
        case .stream(let decoder): StreamingSource(decoder: decoder, loops: loops)
        }
    }

    /// Fades out every noise (alarm tones are not noise: they stop by dismiss, snooze or their limit).
    func fadeOutEverything(fadeFrames: Int) {
        fadeOut(Array(active.indices), fadeFrames: fadeFrames)
    }

    /// Fades out the voices at `indices` in one change of `active`: one at a time, `last_played` would be left
    /// with the last of them alone (`play rain fan; stop` kept `["fan"]`).
    private func fadeOut(_ indices: [Int], fadeFrames: Int) {
        var fading = active
        for index in indices { fading[index].state = .fadingOut }
        engine.send(indices.map { .fadeOut(fading[$0].voice, fadeFrames: fadeFrames) })
        active = fading
    }

}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
