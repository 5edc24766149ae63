import NoiseAudio
import NoiseCore

/// Turns a sound into a source for the mixer: decoded whole when it fits the cache (so looping costs no
/// decoding), from the decoded copy kept on disk when one stands for the file as it is now, else decoded and
/// that copy saved; streamed from the file when it does not fit.
/// Decoding blocks, so it runs on a file-work thread (`FileWork`), never on an actor's executor.
enum SoundLoader {
    /// What a load produced. `@unchecked Sendable`: the decoder inside `stream` is handed over whole, once.
    enum Loaded: @unchecked Sendable {
        case buffer(PCMBuffer)
        case stream(any AudioDecoder)
    }

    /// Decodes `path` whole if it is at most `maxCachedBytes` decoded, else opens it for streaming. With
    /// `progressive`, a decoded copy is handed over once its first block is read and checked, and a file once its
    /// first chunk is decoded, and the rest fills in behind it (a noise starts without waiting for all of it);
    /// without, all of it is read first (an alarm tone, which must be whole when its trigger comes). `readToEnd` is
    /// called, on a file-work thread, once all of the sound is in memory (a stream never is).
    static func load(
        path: String, maxCachedBytes: Int, store: (any DecodedSoundStore)?,
        progressive: Bool, readToEnd: @escaping @Sendable () -> Void = {}
    ) async throws(DecodeError) -> Loaded {
        try await FileWork.run { () throws(DecodeError) -> Loaded in
            let maxFrames = maxCachedBytes / AudioFormat.bytesPerFrame
            // A damaged file can hold no audio, or hardly any (mpg123 scans an MP3 when its header does not say):
            // a silent "sound" must not pass, least of all as an alarm tone.
            let shortest = Int(Limits.minImportSeconds * Double(AudioFormat.sampleRate))
            // Taken before decoding: if the file changes meanwhile, the saved copy names the old one and misses.
            let source = store?.source(for: path)
            if let store, let source, shortest <= maxFrames,
                let kept = store.load(source, frames: shortest...maxFrames)
            {
                let finish = { @Sendable in
                    finishLoading(kept, path: path, source: source, store: store)
                    readToEnd()
                }
                if progressive {
                    FileWork.start(finish)
                    return .buffer(kept.buffer)
                }
                finish()
                if !kept.buffer.failed { return .buffer(kept.buffer) }
            }
            // Opened, and its kind read, once: the decoder that measures the file decodes it.
            let decoder = try AudioDecoding.open(path: path)
            guard let frames = decoder.frameCount(), frames >= shortest else {
                throw DecodeError(
                    path: path,
                    reason: "it holds \(decoder.frameCount() ?? 0) frames of audio, under \(Limits.minImportSeconds) s")
            }
            guard frames <= maxFrames else { return .stream(decoder) }
            let save = { @Sendable (buffer: PCMBuffer) in if let store, let source { store.save(buffer, for: source) } }
            if progressive, let bound = decoder.lengthBound() {
                guard bound - AudioFormat.statedLengthSlack <= maxFrames else { return .stream(decoder) }
                return .buffer(
                    try decodeWhilePlaying(
                        decoder, into: PCMBuffer(filling: bound), shortest: shortest,
                        then: { buffer in
                            readToEnd()
                            save(buffer)
                        }))
            }
            let buffer = try decoder.decodeWhole(maxFrames: maxFrames)
            try refuseShort(buffer, shortest: shortest, path: path)
            readToEnd()
            // The copy on disk is written after the sound is handed over, off the path to its first frame.
            FileWork.start { save(buffer) }
            return .buffer(buffer)
        }
    }

    /// Decodes the first second, then hands the buffer over while a file-work thread decodes the rest into it
    /// (decoding runs a hundred times faster than playing, so voices never catch up) and then saves the copy. A
    /// file damaged past its first chunk, or shorter than a sound may be, fails the buffer: its voices end where
    /// the good part does, and the next play decodes it again (and refuses it if the damage is at the start).
    private static func decodeWhilePlaying(
        _ decoder: any AudioDecoder, into buffer: PCMBuffer, shortest: Int,
        then save: @escaping @Sendable (PCMBuffer) -> Void
    ) throws(DecodeError) -> PCMBuffer {
        let path = decoder.path
        let finish = { @Sendable (decoder: any AudioDecoder) throws(DecodeError) in
            _ = try decoder.fill(buffer)
            try refuseShort(buffer, shortest: shortest, path: path)
            save(buffer)
        }
        if try decoder.fill(buffer, frames: AudioFormat.framesReadyBeforePlay) {
            try finish(decoder)
            return buffer
        }
        let handedOver = HandedOver(decoder)
        FileWork.start {
            do { try finish(handedOver.decoder) } catch { buffer.markFailed() }
        }
        return buffer
    }

    private static func refuseShort(_ buffer: PCMBuffer, shortest: Int, path: String) throws(DecodeError) {
        guard buffer.frameCount >= shortest else {
            throw DecodeError(
                path: path,
                reason: "it decodes to \(buffer.frameCount) frames of audio, under \(Limits.minImportSeconds) s")
        }
    }

    /// A decoder passed to the thread that finishes its decode: the loader lets go of it once started.
    private struct HandedOver: @unchecked Sendable {
        let decoder: any AudioDecoder
        init(_ decoder: any AudioDecoder) { self.decoder = decoder }
    }

    /// Reads the rest of a decoded copy. A damaged block (the disk, not the source, changed) is not played: the
    /// file is decoded again and the buffer filled from where the good blocks end, and the copy saved anew; if
    /// the file no longer decodes to the same length, the buffer fails and voices playing it end.
    private static func finishLoading(
        _ kept: DecodedSoundLoad, path: String, source: DecodedSoundFile.Source,
        store: any DecodedSoundStore
    ) {
        guard !kept.readRest() else { return }
        let buffer = kept.buffer
        guard let decoded = try? AudioDecoding.decodeAll(path: path, maxFrames: buffer.frameCount),
            decoded.frameCount == buffer.frameCount
        else { return buffer.markFailed() }
        let start = buffer.readyFrames * AudioFormat.channels
        _ = decoded.withReadySamples { samples in
            buffer.append(upTo: buffer.frameCount - buffer.readyFrames) { rest in
                rest.update(fromContentsOf: samples[start...]) / AudioFormat.channels
            }
        }
        store.save(buffer, for: source)
    }
}
