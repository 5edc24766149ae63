import NoiseAudio
import NoiseCore

/// Turns a sound into a source for the mixer: from the cache when decoded before; decoded whole when it fits
/// the cache (so looping costs no decoding); streamed from the file when it does not.
/// Decoding blocks, so it runs on a blocking-work thread, never on an actor's executor.
enum SoundLoader {
    /// What a load produced. `@unchecked Sendable`: the decoder inside `stream` is handed over whole, once.
    enum Loaded: @unchecked Sendable {
        case buffer(PCMBuffer)
        case stream(MP3Decoder)
    }

    /// Decodes `path` whole if it is at most `maxCachedBytes` decoded, else opens it for streaming.
    static func load(path: String, maxCachedBytes: Int) async throws(DecodeError) -> Loaded {
        try await BlockingWork.run(name: "noised-decode") { () throws(DecodeError) -> Loaded in
            let decoder = try MP3Decoder(path: path)
            // A damaged file can hold no audio, or hardly any (mpg123 scans it when its header does not say):
            // a silent "sound" must not pass, least of all as an alarm tone.
            let shortest = Int(Limits.minImportSeconds * Double(AudioFormat.sampleRate))
            guard let frames = decoder.frameCount(), frames >= shortest else {
                throw DecodeError(path: path, reason: "it holds \(decoder.frameCount() ?? 0) frames of audio, under \(Limits.minImportSeconds) s")
            }
            if frames * AudioFormat.bytesPerFrame <= maxCachedBytes {
                let buffer = try MP3Decoder.decodeAll(path: path, maxFrames: maxCachedBytes / AudioFormat.bytesPerFrame)
                guard buffer.frameCount >= shortest else {
                    throw DecodeError(path: path, reason: "it decodes to \(buffer.frameCount) frames of audio, under \(Limits.minImportSeconds) s")
                }
                return .buffer(buffer)
            }
            return .stream(decoder)
        }
    }
}
