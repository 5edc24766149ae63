import NoiseAudio
import NoiseCatalog
import NoiseCore
import NoiseProtocol
import NoiseSystem

/// Where a sound's samples come from: the cache, else its file (its own and its events'), and the source a voice
/// plays them through.
extension Player {
    /// The sound's samples, from the cache, else loaded; `progressive` hands over a decoded copy still being read
    /// (a noise, heard sooner), else all of it is read first (a tone, a preview).
    func source(for sound: Sound, progressive: Bool = false) async throws(ProtocolError) -> SoundLoader.Loaded {
        try await load(sound.path, of: sound, progressive: progressive)
    }

    /// A noise's source: its loop, with its events mixed over it when it has some (`SoundscapeSource`), drawn
    /// from a seed of this play's own.
    func loopSource(for sound: Sound) async throws(ProtocolError) -> any PCMSource {
        let bed = Self.makeSource(try await source(for: sound, progressive: true))
        guard let events = sound.entry.events, !sound.eventPaths.isEmpty else { return bed }
        var buffers: [PCMBuffer] = []
        for path in sound.eventPaths {
            // Events are mixed from memory on the output thread: each is read whole before play.
            guard case .buffer(let buffer) = try await load(path, of: sound, progressive: false) else {
                throw ProtocolError(
                    .soundUnavailable,
                    "sound '\(sound.id)' cannot be played: its event file \(path) is too long to keep in memory "
                        + "(audio.cache_size in config.toml)")
            }
            buffers.append(buffer)
        }
        let schedule = EventSchedule(events: events, seed: makeSeed(), framesPerSecond: AudioFormat.sampleRate)
        return SoundscapeSource(bed: bed, events: buffers, schedule: schedule)
    }

    /// One of a sound's files (its own or an event's), from the cache, else loaded.
    private func load(
        _ path: String, of sound: Sound, progressive: Bool
    ) async throws(ProtocolError)
        -> SoundLoader.Loaded
    {
        // A buffer whose filling failed is loaded again (its voices have ended).
        if let buffer = cache.buffer(for: path), !buffer.failed { return .buffer(buffer) }
        let available = cache.budgetBytes - cache.bytes(pinned: pinnedPaths)
        let loaded: SoundLoader.Loaded
        do {
            let logger = logger
            loaded = try await SoundLoader.load(
                path: path, maxCachedBytes: available, store: decodedStore, progressive: progressive,
                readToEnd: { logger.debug("\(PlayHop.readToEnd.logLine(at: MonotonicTime.seconds()))") })
        } catch {
            let what = path == sound.path ? "" : "its event file \(path): "
            throw ProtocolError(.soundUnavailable, "sound '\(sound.id)' cannot be played: \(what)\(error.description)")
        }
        if case .buffer(let buffer) = loaded {
            cache.insert(buffer, for: path, pinned: pinnedPaths)
        }
        return loaded
    }

    /// The files of the sounds playing, events' included: their buffers are in use, so the cache keeps them.
    private var pinnedPaths: Set<String> {
        Set(active.flatMap { [$0.sound.path] + $0.sound.eventPaths })
    }

    /// Noises and alarm tones loop; a preview plays once.
    static func makeSource(_ loaded: SoundLoader.Loaded, loops: Bool = true) -> any PCMSource {
        switch loaded {
        case .buffer(let buffer): BufferSource(buffer: buffer, loops: loops)
        case .stream(let decoder): StreamingSource(decoder: decoder, loops: loops)
        }
    }
}
