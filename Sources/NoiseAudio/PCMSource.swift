/// Where a voice gets its samples. Used only on the output thread once handed to the engine.
public protocol PCMSource: AnyObject {
    /// Fills `buffer` with up to `frames` frames; returns how many it wrote. Fewer than asked means the source ended.
    /// Called on the output thread; must not block for long (no locks, no waiting on other threads).
    func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int) -> Int
}

/// Plays a decoded buffer, wrapping from its last frame straight to its first: looping costs no decoding. A
/// buffer still filling plays silence where it is not ready yet (a wait, not an end); one that failed ends.
public final class BufferSource: PCMSource {
    private let buffer: PCMBuffer
    private let loops: Bool
    private var position = 0

    public init(buffer: PCMBuffer, loops: Bool) {
        self.buffer = buffer
        self.loops = loops
    }

    public func read(into output: UnsafeMutablePointer<Int16>, frames: Int) -> Int {
        let total = buffer.frameCount
        guard total > 0 else { return 0 }
        var written = 0
        buffer.withReadySamples { samples in
            let ready = samples.count / AudioFormat.channels
            while written < frames {
                if position == total {
                    guard loops else { return }
                    position = 0
                }
                let count = min(frames - written, ready - position)
                guard count > 0 else {
                    if buffer.failed { return }
                    (output + written * AudioFormat.channels).update(
                        repeating: 0,
                        count: (frames - written) * AudioFormat.channels)
                    written = frames
                    return
                }
                (output + written * AudioFormat.channels).update(
                    from: samples.baseAddress! + position * AudioFormat.channels, count: count * AudioFormat.channels)
                position += count
                written += count
            }
        }
        return written
    }
}

/// Plays a file too large for the cache by decoding as it goes; at the end it seeks back to the start, which
/// the decoders make sample-exact (libmpg123's gapless mode; libsndfile adds no padding), so the loop has no gap.
public final class StreamingSource: PCMSource {
    private let decoder: any AudioDecoder
    private let loops: Bool
    private var failed = false

    public init(decoder: any AudioDecoder, loops: Bool) {
        self.decoder = decoder
        self.loops = loops
    }

    public func read(into output: UnsafeMutablePointer<Int16>, frames: Int) -> Int {
        var written = 0
        var emptyPasses = 0
        while written < frames, !failed {
            do {
                let got = try decoder.read(into: output + written * AudioFormat.channels, frames: frames - written)
                written += got
                if got > 0 { emptyPasses = 0; continue }
                emptyPasses += 1
                // A file that yields nothing even after a rewind would spin forever: end it instead.
                guard loops, emptyPasses < 2 else { break }
                try decoder.rewind()
            } catch {
                failed = true
            }
        }
        return written
    }
}
