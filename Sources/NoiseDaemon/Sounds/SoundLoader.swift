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
        case stream(MP3Decoder)
    }

    /// Decodes `path` whole if it is at most `maxCachedBytes` decoded, else opens it for streaming.
    static func load(path: String, maxCachedBytes: Int, store: (any DecodedSoundStore)?) async throws(DecodeError) -> Loaded {
        try await FileWork.run { () throws(DecodeError) -> Loaded in
            let maxFrames = maxCachedBytes / AudioFormat.bytesPerFrame
            // A damaged file can hold no audio, or hardly any (mpg123 scans it when its header does not say):
            // a silent "sound" must not pass, least of all as an alarm tone.
            let shortest = Int(Limits.minImportSeconds * Double(AudioFormat.sampleRate))
            // Taken before decoding: if the file changes meanwhile, the saved copy names the old one and misses.
            let source = store?.source(for: path)
            if let store, let source, let kept = store.load(source, maxFrames: maxFrames), kept.frameCount >= shortest {
                return .buffer(kept)
            }
            let decoder = try MP3Decoder(path: path)
            guard let frames = decoder.frameCount(), frames >= shortest else {
                throw DecodeError(path: path, reason: "it holds \(decoder.frameCount() ?? 0) frames of audio, under \(Limits.minImportSeconds) s")
            }
            if frames <= maxFrames {
                let buffer = try MP3Decoder.decodeAll(path: path, maxFrames: maxFrames)
                guard buffer.frameCount >= shortest else {
                    throw DecodeError(path: path, reason: "it decodes to \(buffer.frameCount) frames of audio, under \(Limits.minImportSeconds) s")
                }
                if let store, let source { store.save(buffer, for: source) }
                return .buffer(buffer)
            }
            return .stream(decoder)
        }
    }
}
