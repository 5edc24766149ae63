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
            let bytes = (decoder.frameCount() ?? .max / AudioFormat.bytesPerFrame) * AudioFormat.bytesPerFrame
            if bytes <= maxCachedBytes {
                return .buffer(try MP3Decoder.decodeAll(path: path, maxFrames: maxCachedBytes / AudioFormat.bytesPerFrame))
            }
            return .stream(decoder)
        }
    }
}
