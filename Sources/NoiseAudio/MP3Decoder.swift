import CMPG123
import Glibc

/// The one place that talks to libmpg123: opens a file, decodes it to the engine's format with gapless
/// decoding on (so a file with a LAME/Info tag decodes sample-exact), and rewinds for looping. Chosen by
/// `AudioDecoding` for files whose first bytes are MPEG audio or an ID3 tag.
///
/// Not thread-safe: one thread uses an instance at a time (a loader, then the output thread).
public final class MP3Decoder: AudioDecoder {
    private let handle: OpaquePointer
    /// Ours to close: libmpg123 reads a descriptor it was given but leaves closing it to the caller.
    private let descriptor: Int32
    public let path: String

    private static let initialised: Bool = {
        // A no-op since mpg123 1.27, required before; harmless either way.
        mpg123_init()
        return true
    }()

    public init(path: String) throws(DecodeError) {
        _ = Self.initialised
        self.path = path
        // Opened by us, not by libmpg123 from the path: only a regular file gets this far (a FIFO would hang).
        let descriptor: Int32
        do {
            descriptor = try RegularFile.open(path)
        } catch {
            throw DecodeError(path: path, reason: error.reason)
        }
        var error: Int32 = 0
        guard let handle = mpg123_new(nil, &error) else {
            close(descriptor)
            throw DecodeError(path: path, reason: String(cString: mpg123_plain_strerror(error)))
        }
        self.descriptor = descriptor
        self.handle = handle
        // Mono files become stereo; files at other rates are resampled by libmpg123 to the one rate we accept.
        // MPG123_FLAGS replaces libmpg123's default flags, so resampling (MPG123_AUTO_RESAMPLE, on by default) must
        // be named: without it a 48 or 22.05 kHz file has no output format at all (found by fuzzing).
        let flags =
            MPG123_GAPLESS.rawValue | MPG123_FORCE_STEREO.rawValue | MPG123_QUIET.rawValue
            | MPG123_AUTO_RESAMPLE.rawValue
        mpg123_param2(handle, Int32(MPG123_FLAGS.rawValue), Int(flags), 0)
        mpg123_format_none(handle)
        mpg123_format(
            handle, Int(AudioFormat.sampleRate), Int32(MPG123_STEREO.rawValue), Int32(MPG123_ENC_SIGNED_16.rawValue))
        // On failure deinit releases the handle: a class whose properties are all set runs deinit when init throws.
        guard mpg123_open_fd(handle, descriptor) == MPG123_OK.rawValue else {
            throw DecodeError(path: path, reason: String(cString: mpg123_strerror(handle)))
        }
        // Reads the first frame and sets up the output format now. A file whose format cannot be set up must be
        // refused here: on such a handle mpg123_scan (in `frameCount`) divides by zero, and SIGFPE ends the daemon.
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        switch mpg123_getformat(handle, &rate, &channels, &encoding) {
        case MPG123_OK.rawValue:
            break
        case MPG123_DONE.rawValue:
            throw DecodeError(path: path, reason: "no MPEG audio found in the file")
        default:
            throw DecodeError(path: path, reason: String(cString: mpg123_strerror(handle)))
        }
    }

    deinit {
        mpg123_close(handle)
        mpg123_delete(handle)
        close(descriptor)
    }

    /// The decoded length in frames when the file states it (LAME/Info tag) or after a scan; nil if unknown. For a
    /// VBR file without a tag it is a guess from the first frame's bitrate: enough to choose streaming.
    public func frameCount() -> Int? {
        var length = mpg123_length(handle)
        if length <= 0, mpg123_scan(handle) == MPG123_OK.rawValue { length = mpg123_length(handle) }
        return length > 0 ? Int(length) : nil
    }

    /// The length the file states when libmpg123 holds it for accurate (a LAME/Info tag), else what a scan of every
    /// frame's header finds (a millisecond for a minute of audio; nothing is decoded), with some slack.
    public func lengthBound() -> Int? {
        var accurate = 0
        var unused = 0.0
        if mpg123_getstate2(handle, Int32(MPG123_ACCURATE.rawValue), &accurate, &unused) != MPG123_OK.rawValue
            || accurate == 0
        {
            guard mpg123_scan(handle) == MPG123_OK.rawValue else { return nil }
        }
        let length = mpg123_length(handle)
        return length > 0 ? Int(length) + AudioFormat.statedLengthSlack : nil
    }

    /// Decodes up to `frames` frames into `buffer`; returns the frames written, 0 at the end of the file.
    public func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int) throws(DecodeError) -> Int {
        let wanted = frames * AudioFormat.bytesPerFrame
        var filled = 0
        while filled < wanted {
            var done = 0
            let status = mpg123_read(
                handle, UnsafeMutableRawPointer(buffer).advanced(by: filled), wanted - filled, &done)
            filled += done
            switch status {
            case MPG123_OK.rawValue, MPG123_NEW_FORMAT.rawValue:
                continue
            case MPG123_DONE.rawValue:
                return filled / AudioFormat.bytesPerFrame
            default:
                throw DecodeError(path: path, reason: String(cString: mpg123_strerror(handle)))
            }
        }
        return filled / AudioFormat.bytesPerFrame
    }

    /// Goes back to the first sample; with gapless decoding the encoder's delay is skipped again,
    /// so the next read continues the loop sample-exact.
    public func rewind() throws(DecodeError) {
        if mpg123_seek(handle, 0, SEEK_SET) < 0 {
            throw DecodeError(path: path, reason: String(cString: mpg123_strerror(handle)))
        }
    }

    /// Decodes a whole file without keeping the samples and returns how many frames it holds: the check an import
    /// makes (every frame must decode) in constant memory, however long the file. Refuses files longer than
    /// `maxFrames`.
    public static func countFrames(path: String, maxFrames: Int) throws(DecodeError) -> Int {
        try MP3Decoder(path: path).readToEnd(maxFrames: maxFrames) { _ in }
    }

    /// Decodes a whole file into memory. Refuses files longer than `maxFrames` and files with no audio.
    public static func decodeAll(path: String, maxFrames: Int = .max) throws(DecodeError) -> PCMBuffer {
        try MP3Decoder(path: path).decodeWhole(maxFrames: maxFrames)
    }

    public func decodeWhole(maxFrames: Int) throws(DecodeError) -> PCMBuffer {
        var samples: [Int16] = []
        samples.reserveCapacity(min(frameCount() ?? 0, maxFrames) * AudioFormat.channels)
        guard try readToEnd(maxFrames: maxFrames, { samples += $0 }) > 0 else {
            throw DecodeError(path: path, reason: "no MPEG audio found in the file")
        }
        return PCMBuffer(samples: samples)
    }

    /// Decodes from here to the end in chunks, handing each to `body`; returns the frames decoded. Throws once
    /// they pass `maxFrames`.
    private func readToEnd(maxFrames: Int, _ body: (ArraySlice<Int16>) -> Void) throws(DecodeError) -> Int {
        let chunkFrames = AudioFormat.decodeChunkFrames
        var chunk = [Int16](repeating: 0, count: chunkFrames * AudioFormat.channels)
        var total = 0
        while true {
            let got = try chunk.withUnsafeMutableBufferPointer { (pointer) throws(DecodeError) -> Int in
                try read(into: pointer.baseAddress!, frames: chunkFrames)
            }
            if got == 0 { return total }
            total += got
            if total > maxFrames { throw DecodeError(path: path, reason: "longer than \(maxFrames) frames") }
            body(chunk[0..<(got * AudioFormat.channels)])
        }
    }
}
