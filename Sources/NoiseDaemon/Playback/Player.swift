import Logging
import NoiseAudio
import NoiseCatalog
import NoiseConfig
import NoiseControl
import NoiseCore
import NoiseProtocol
import NoiseStore
import NoiseSystem

/// Owns what plays: the voices in the mixer, their volumes, the master volume and pause, the alarm tone, the
/// sound library and the decoded-sound cache. Talks to the output thread only by sending it commands. The parts
/// with a state of their own are values it owns and carries out, each tested alone: the mixes (`MixKeeper`), the
/// state kept across restarts (`PlaybackSaver`) and the sleep timers (`SleepTimers`).
public actor Player<C: Clock> where C.Duration == Duration {
    struct Active {
        let voice: VoiceID
        let sound: Sound
        var volume: Double
        var state: PlayingSound.State
        var fadeEnds: C.Instant
        /// The sleep timer this sound belongs to (`sleepTimers`), if any.
        var timer: Int?
    }

    let engine: AudioEngine
    let clock: C
    let hub: EventHub
    var defaults: PlaybackDefaults
    let started: C.Instant
    /// Where `status` reads what plays (see `StatusBoard`): every change below is published as it happens.
    public nonisolated let board: StatusBoard
    var library: SoundLibrary { didSet { board.publish(catalogSummary()) } }
    /// The `CatalogKeeper` version of `library` (0: the one given at start).
    private var libraryVersion: UInt64 = 0
    var cache: SoundCache
    /// Decoded sounds kept on disk across restarts; nil keeps none.
    let decodedStore: (any DecodedSoundStore)?
    var active: [Active] = [] {
        didSet {
            let sounding = soundingMix()
            mixKeeper.heard(sounding)
            if !sounding.isEmpty { paused = false }
            publishPlayback()
            remember()
        }
    }
    /// The last mix played and the saved ones (`Player+Mixes`).
    var mixKeeper: MixKeeper
    /// Set by `pause`, until something plays or `stop`: MPRIS's Paused, not Stopped.
    var paused = false { didSet { publishPlayback(); remember() } }
    var masterVolume = 100.0 { didSet { publishPlayback(); remember() } }
    /// The sleep timers the sounds belong to (`Player+SleepTimer`).
    var sleepTimers = SleepTimers<C.Instant>() { didSet { publishPlayback() } }
    /// Writes the state above to be kept across restarts (`Player+Memory`).
    var saver: PlaybackSaver
    /// The stops of previews still sounding, by voice (`Player+AlarmTones`): each cancelled when its voice ends
    /// first, all of them by `shutdown`.
    var previewStops: [VoiceID: Task<Void, Never>] = [:]
    var nextVoice: VoiceID = 1
    /// Logs the play path's hops at debug level (`PlayHop`); the output thread's are logged by `AudioService`.
    let logger: Logger
    /// A seed for each play of a sound with events, so no two plays hear the same ones.
    let makeSeed: @Sendable () -> UInt64
    /// The one alarm tone, if any, prepared or ringing.
    var alarmTone: AlarmTone?
    /// The last alarm tone's first frames relative to its trigger: when written, when heard (seconds).
    public private(set) var lastOnset: (written: Double, heard: Double)? {
        didSet { board.publish(onset: lastOnset.map { OnsetInfo(writtenSeconds: $0.written, heardSeconds: $0.heard) }) }
    }

    public init(
        engine: AudioEngine, library: SoundLibrary, clock: C, hub: EventHub, cacheBytes: Int,
        decodedStore: (any DecodedSoundStore)? = nil, memory: (any PlaybackMemory)? = nil,
        defaults: PlaybackDefaults = PlaybackDefaults(), logger: Logger = Logger(label: "noised.player"),
        makeSeed: @escaping @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) }
    ) {
        self.makeSeed = makeSeed
        self.logger = logger
        self.engine = engine
        self.library = library
        self.clock = clock
        self.hub = hub
        self.cache = SoundCache(budgetBytes: cacheBytes)
        self.decodedStore = decodedStore
        self.saver = PlaybackSaver(memory: memory)
        self.defaults = defaults
        let started = clock.now
        self.started = started
        self.board = StatusBoard(
            uptime: { started.duration(to: clock.now).seconds }, audio: { AudioStatus(engine.status) })
        board.publish(CatalogSummary(sounds: library.sounds.count, problems: library.problems.map(\.description)))
        mixKeeper = MixKeeper(memory: memory, storeChanges: StoreChanges(board: board, logger: logger))
    }

    // MARK: Commands

    public func play(_ request: Commands.Play) async throws(ProtocolError) -> PlaybackInfo {
        mark(.request)
        var wanted = request.sounds.map { WantedSound(id: $0, volume: request.volume) }
        if let mix = request.mix { wanted = try await savedMix(named: mix).sounds.map(WantedSound.init) }
        try await start(wanted, fadeIn: request.fadeIn)
        if let seconds = request.for {
            startSleepTimer(
                for: wanted.map(\.id), seconds: seconds, fade: request.fadeOut ?? defaults.sleepFadeSeconds,
                floor: request.fadeTo ?? 0)
        }
        return reply()
    }

    /// Starts the sounds not playing, at their volumes (none: the default for a new sound, the volume now for one
    /// playing). A sound fading out that is played again starts afresh on a new voice while the old
    /// one finishes its fade: the output thread may already have ended the old voice, so it cannot be revived.
    func start(_ wanted: [WantedSound], fadeIn: Double?) async throws(ProtocolError) {
        let sounds = try wanted.map { (item) throws(ProtocolError) -> (Sound, Double?) in
            guard let sound = library.sound(id: item.id) else { throw library.unknownSoundError(item.id) }
            return (sound, item.volume)
        }
        // Load everything first: a sound that cannot be decoded fails the command before anything changes. The
        // device opens meanwhile (nothing is heard and status stays idle until a sound starts), so the sound does
        // not wait for the open after its load.
        let starting = sounds.filter { !isSounding($0.0.id) }
        if !starting.isEmpty { engine.openAhead() }
        var loaded: [String: any PCMSource] = [:]
        for (sound, _) in starting {
            loaded[sound.id] = try await loopSource(for: sound)
        }
        mark(.loaded)
        let fadeFrames = AudioFormat.frames(seconds: fadeIn ?? defaults.fadeInSeconds)
        let fadeEnds = clock.now.advanced(by: .seconds(fadeIn ?? defaults.fadeInSeconds))
        var commands: [MixerCommand] = []
        var playing = active
        for (sound, requestedVolume) in sounds {
            let index = playing.firstIndex { $0.sound.id == sound.id }
            if let index, playing[index].state != .fadingOut {
                // Played again while its sleep timer fades it: it comes back, as a sound fading out does.
                if let timer = playing[index].timer, sleepTimers[timer]?.fading == true {
                    leaveSleepTimer(&playing[index])
                }
                if let volume = requestedVolume, volume != playing[index].volume {
                    playing[index].volume = volume
                    commands.append(.setGain(playing[index].voice, gain: VolumeLaw.gain(forVolume: volume)))
                }
            } else if let source = loaded[sound.id] {
                let volume = requestedVolume ?? index.map { playing[$0].volume } ?? defaults.volume
                let voice = nextVoice
                nextVoice += 1
                commands.append(
                    .start(
                        voice, source: source,
                        gain: VolumeLaw.gain(forVolume: volume), fadeFrames: fadeFrames))
                let item = Active(voice: voice, sound: sound, volume: volume, state: .fadingIn, fadeEnds: fadeEnds)
                if let index { playing[index] = item } else { playing.append(item) }
            }
        }
        engine.send(commands)
        mark(.sent)
        active = playing
        dropUnusedSleepTimers()
    }

    /// Whether the sound plays now: one fading out is on its way out and does not count (`play` starts it afresh,
    /// `sounds remove` may remove it).
    func isSounding(_ id: String) -> Bool {
        active.contains { $0.sound.id == id && $0.state != .fadingOut }
    }

    public func stop(_ request: Commands.Stop) throws(ProtocolError) -> PlaybackInfo {
        let fadeFrames = AudioFormat.frames(seconds: request.fade ?? defaults.fadeOutSeconds)
        var indices = Array(active.indices)
        if let ids = request.sounds {
            indices = try ids.map { (id) throws(ProtocolError) -> Int in
                guard let index = index(of: id) else { throw notPlayingError(id) }
                return index
            }
        }
        if request.timer {
            clearSleepTimers(of: indices)
        } else {
            paused = false
            fadeOut(indices, fadeFrames: fadeFrames)
        }
        return published()
    }

    public func setVolume(_ request: Commands.Volume) throws(ProtocolError) -> PlaybackInfo {
        guard let id = request.sound else {
            masterVolume = request.target(from: masterVolume)
            engine.send(.setMasterGain(VolumeLaw.gain(forVolume: masterVolume)))
            return published()
        }
        guard let index = index(of: id) else { throw notPlayingError(id) }
        var sound = active[index]
        sound.volume = request.target(from: sound.volume)
        // A hand on the volume takes over from a sleep timer's fade: the sound leaves that timer.
        if let timer = sound.timer, sleepTimers[timer]?.fading == true { sound.timer = nil }
        engine.send(.setGain(sound.voice, gain: VolumeLaw.gain(forVolume: sound.volume)))
        active[index] = sound
        dropUnusedSleepTimers()
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
        hub.publish(.catalog(catalogSummary()))
    }

    /// What the output thread reported.
    public func handle(_ event: AudioEvent) {
        switch event {
        case .status(let status):
            hub.publish(.audio(AudioStatus(status)))
        case .voicesEnded(let voices):
            // A preview that ran out by itself has nothing left to stop.
            for voice in voices { previewStops.removeValue(forKey: voice)?.cancel() }
            guard active.contains(where: { voices.contains($0.voice) }) else { return }
            active.removeAll { voices.contains($0.voice) }
            dropUnusedSleepTimers()
            _ = published()
        case .alarmAudio(let voice, let writtenAt, let heardAt):
            if let tone = alarmTone, tone.voice == voice {
                lastOnset = (writtenAt - tone.trigger, heardAt - tone.trigger)
            }
        case .hop:
            break  // logged by `AudioService`
        }
    }

    /// Ends the player's timed work (the sleep timer, previews' stops) and waits for it, so none outlives the
    /// daemon's audio; returns how long the engine fades everything out before it closes the device (the fade
    /// stands in for those stops). Requests have stopped by now: the control server stops first.
    public func shutdown() async -> Int {
        let timed = sleepTimers.removeAll() + Array(previewStops.values)
        previewStops = [:]
        for task in timed {
            task.cancel()
            await task.value
        }
        await forget()
        return AudioFormat.frames(seconds: defaults.fadeOutSeconds)
    }

    // MARK: Helpers

    /// Logs a hop of the play path, at debug level, with the time it happened.
    func mark(_ hop: PlayHop) {
        logger.debug("\(hop.logLine(at: MonotonicTime.seconds()))")
    }

    func index(of id: String) -> Int? {
        active.firstIndex { $0.sound.id == id }
    }

    private func notPlayingError(_ id: String) -> ProtocolError {
        let playing = active.filter { $0.state != .fadingOut }.map(\.sound.id)
        let list = playing.isEmpty ? "nothing is playing" : "playing: \(playing.joined(separator: ", "))"
        return ProtocolError(.notPlaying, "'\(id.prefix(40))' is not playing; \(list)")
    }

    /// Fades out every noise (alarm tones are not noise: they stop by dismiss, snooze or their limit).
    func fadeOutEverything(fadeFrames: Int) {
        fadeOut(Array(active.indices), fadeFrames: fadeFrames)
    }

    /// Fades out the voices at `indices` in one change of `active`: one at a time, `last_played` would be left
    /// with the last of them alone (`play rain fan; stop` kept `["fan"]`). Their sleep timers have nothing left
    /// to stop.
    func fadeOut(_ indices: [Int], fadeFrames: Int) {
        var fading = active
        for index in indices {
            fading[index].state = .fadingOut
            fading[index].timer = nil
        }
        engine.send(indices.map { .fadeOut(fading[$0].voice, fadeFrames: fadeFrames) })
        active = fading
        dropUnusedSleepTimers()
    }

}
