import CSndfile
import Glibc
import NoiseCatalog

/// The one place that talks to libsndfile: WAV, FLAC, Ogg Vorbis and Opus, decoded to the engine's format. Mono
/// becomes stereo; other rates (Opus is always 48 kHz) are resampled (`Resampler`). libsndfile decodes without
/// padding (Vorbis and Opus are cut to their stated length, the encoder's delay skipped), so a lossless loop at
/// 44.1 kHz decodes to exactly its samples and wraps seamlessly.
///
/// Not thread-safe: one thread uses an instance at a time (a loader, then the output thread).
public final class SndfileDecoder: AudioDecoder {
    private let file: OpaquePointer
    /// Ours to close: libsndfile is told not to close a descriptor it was given.
    private let descriptor: Int32
    public let path: String
    let kind: AudioFileKind
    let sourceRate: Int
    private let sourceChannels: Int
    private let sourceFrames: Int
    /// Present when the file is not at 44.1 kHz.
    private let resampler: Resampler?
    /// Source frames (stereo) read but not yet taken by the resampler.
    private var pending: [Int16] = []
    private var pendingStart = 0
    private var pendingFrames = 0
    private var sourceEnded = false
    /// Source frames in the file's own channel layout.
    private var scratch: [Int16] = []

    public init(path: String, kind: AudioFileKind) throws(DecodeError) {
        self.path = path
        self.kind = kind
        let descriptor: Int32
        do {
            descriptor = try RegularFile.open(path)
        } catch {
            throw DecodeError(path: path, reason: error.reason)
        }
        var info = SF_INFO()
        guard let file = sf_open_fd(descriptor, Int32(SFM_READ), &info, 0) else {
            let message = String(cString: sf_strerror(nil))
            close(descriptor)
            throw DecodeError(
                path: path, reason: "a damaged or unreadable \(kind.rawValue) file (libsndfile: \(message))")
        }
        self.file = file
        self.descriptor = descriptor
        sourceRate = Int(info.samplerate)
        sourceChannels = Int(info.channels)
        sourceFrames = Int(info.frames)
        // From here on deinit closes the file: a class whose properties are all set runs deinit when init throws.
        guard (1...2).contains(sourceChannels) else {
            resampler = nil
            throw DecodeError(path: path, reason: "it has \(sourceChannels) channels; sounds must be mono or stereo")
        }
        guard (8_000...384_000).contains(sourceRate) else {
            resampler = nil
            throw DecodeError(path: path, reason: "its sample rate, \(sourceRate) Hz, is not one a sound can have")
        }
        do {
            resampler = sourceRate == AudioFormat.sampleRate ? nil : try Resampler(inputRate: sourceRate)
        } catch {
            resampler = nil
            throw DecodeError(path: path, reason: "cannot resample from \(sourceRate) Hz: \(error.message)")
        }
        // Lossy codecs decode to floats: clip an over instead of letting it wrap round to the other extreme.
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, 1)
    }

    deinit {
        sf_close(file)
        close(descriptor)
    }

    public func frameCount() -> Int? {
        guard sourceFrames > 0, sourceFrames < Int(Int32.max) * 64 else { return nil }
        return Self.outputFrames(sourceFrames, rate: sourceRate)
    }

    /// The header's length: exact for WAV and FLAC, from the last page for Vorbis and Opus (hence the slack). None
    /// when the loop must be resampled as a whole.
    public func lengthBound() -> Int? {
        guard resampler == nil else { return nil }
        return frameCount().map { $0 + AudioFormat.statedLengthSlack }
    }

    public func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int) throws(DecodeError) -> Int {
        guard let resampler else { return try readSource(into: buffer, frames: frames) }
        var written = 0
        while written < frames {
            if pendingStart == pendingFrames {
                if pending.isEmpty {
                    pending = [Int16](repeating: 0, count: AudioFormat.decodeChunkFrames * AudioFormat.channels)
                }
                let got = try pending.withUnsafeMutableBufferPointer { (pointer) throws(DecodeError) -> Int in
                    try readSource(into: pointer.baseAddress!, frames: AudioFormat.decodeChunkFrames)
                }
                // The resampler keeps what it holds back: after a rewind the start follows the end through it.
                guard got > 0 else { break }
                pendingStart = 0
                pendingFrames = got
            }
            let moved = pending.withUnsafeBufferPointer { input in
                resampler.process(
                    input.baseAddress! + pendingStart * AudioFormat.channels,
                    inputFrames: pendingFrames - pendingStart,
                    into: buffer + written * AudioFormat.channels, outputFrames: frames - written)
            }
            pendingStart += moved.used
            written += moved.made
        }
        return written
    }

    public func rewind() throws(DecodeError) {
        guard sf_seek(file, 0, SEEK_SET) == 0 else {
            throw DecodeError(path: path, reason: "cannot go back to the start (libsndfile: \(libraryMessage()))")
        }
        // At the end the resampler carries on into the start (a loop's wrap); from the middle it starts afresh.
        if !sourceEnded {
            resampler?.clear()
            pendingStart = 0
            pendingFrames = 0
        }
        sourceEnded = false
    }

    /// Reads stereo frames at the file's own rate.
    private func readSource(into buffer: UnsafeMutablePointer<Int16>, frames: Int) throws(DecodeError) -> Int {
        let got: Int
        if sourceChannels == AudioFormat.channels {
            got = Int(sf_readf_short(file, buffer, sf_count_t(frames)))
        } else {
            if scratch.count < frames { scratch = [Int16](repeating: 0, count: frames) }
            got = scratch.withUnsafeMutableBufferPointer {
                Int(sf_readf_short(file, $0.baseAddress, sf_count_t(frames)))
            }
            for frame in 0..<max(0, got) {
                buffer[2 * frame] = scratch[frame]
                buffer[2 * frame + 1] = scratch[frame]
            }
        }
        if got < frames, sf_error(file) != Int32(SF_ERR_NO_ERROR) {
            throw DecodeError(path: path, reason: "damaged \(kind.rawValue) data (libsndfile: \(libraryMessage()))")
        }
        if got <= 0 { sourceEnded = true }
        return max(0, got)
    }

    private func libraryMessage() -> String { String(cString: sf_strerror(file)) }

    /// Frames at 44.1 kHz for `frames` at `rate`, as `Resampler.resampleLoop` makes them.
    static func outputFrames(_ frames: Int, rate: Int) -> Int {
        rate == AudioFormat.sampleRate
            ? frames : Int((Double(frames) * Double(AudioFormat.sampleRate) / Double(rate)).rounded())
    }

    /// Decodes a whole file into memory; at another rate the whole loop is resampled as a circle, so it wraps
    /// seamlessly. Refuses files longer than `maxFrames` (at 44.1 kHz) and files with no audio.
    static func decodeAll(path: String, kind: AudioFileKind, maxFrames: Int) throws(DecodeError) -> PCMBuffer {
        try SndfileDecoder(path: path, kind: kind).decodeWhole(maxFrames: maxFrames)
    }

    public func decodeWhole(maxFrames: Int) throws(DecodeError) -> PCMBuffer {
        var samples: [Int16] = []
        samples.reserveCapacity(min(max(0, sourceFrames), maxFrames) * AudioFormat.channels)
        guard try readSourceToEnd(maxFrames: maxFrames, { samples += $0 }) > 0 else { throw noAudio }
        guard resampler != nil else { return PCMBuffer(samples: samples) }
        do {
            return PCMBuffer(samples: try Resampler.resampleLoop(samples, from: sourceRate))
        } catch {
            throw DecodeError(path: path, reason: "cannot resample from \(sourceRate) Hz: \(error.message)")
        }
    }

    /// Decodes a whole file without keeping it; returns its length in frames at 44.1 kHz.
    static func countFrames(path: String, kind: AudioFileKind, maxFrames: Int) throws(DecodeError) -> Int {
        let decoder = try SndfileDecoder(path: path, kind: kind)
        let frames = try decoder.readSourceToEnd(maxFrames: maxFrames) { _ in }
        guard frames > 0 else { throw decoder.noAudio }
        return outputFrames(frames, rate: decoder.sourceRate)
    }

    /// A file whose header reads but whose data yields nothing: libsndfile skips what its codec cannot decode.
    private var noAudio: DecodeError {
        DecodeError(
            path: path, reason: "no audio could be decoded from the \(kind.rawValue) data (damaged or cut short?)")
    }

    /// Reads from here to the end at the file's rate, handing each chunk to `body`; returns the frames read. Throws
    /// once they would pass `maxFrames` at 44.1 kHz.
    private func readSourceToEnd(maxFrames: Int, _ body: (ArraySlice<Int16>) -> Void) throws(DecodeError) -> Int {
        var chunk = [Int16](repeating: 0, count: AudioFormat.decodeChunkFrames * AudioFormat.channels)
        var total = 0
        while true {
            let got = try chunk.withUnsafeMutableBufferPointer { (pointer) throws(DecodeError) -> Int in
                try readSource(into: pointer.baseAddress!, frames: AudioFormat.decodeChunkFrames)
            }
            if got == 0 { return total }
            total += got
            if Self.outputFrames(total, rate: sourceRate) > maxFrames {
                throw DecodeError(path: path, reason: "longer than \(maxFrames) frames")
            }
            body(chunk[0..<(got * AudioFormat.channels)])
        }
    }
}
