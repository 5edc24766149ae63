import CSoxr

/// Converts interleaved 16-bit stereo from a file's rate to the engine's 44.1 kHz with libsoxr (high quality, no
/// dither, so a file decodes to the same samples every time and its decoded copy on disk stays valid). libmpg123
/// resamples MP3 itself; libsndfile does not, and Opus is always 48 kHz.
///
/// Not thread-safe: one thread uses an instance at a time, as with the decoder that owns it.
final class Resampler {
    private let handle: OpaquePointer
    let inputRate: Int

    init(inputRate: Int) throws(ResamplerFailure) {
        self.inputRate = inputRate
        var error: soxr_error_t?
        var io = Self.ioSpec
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        guard
            let handle = soxr_create(
                Double(inputRate), Double(AudioFormat.sampleRate), UInt32(AudioFormat.channels),
                &error, &io, &quality, nil), error == nil
        else { throw ResamplerFailure(message: error.map { String(cString: $0) } ?? "cannot start") }
        self.handle = handle
    }

    deinit { soxr_delete(handle) }

    /// Feeds up to `inputFrames` frames and takes up to `outputFrames` frames out; returns how many of each moved.
    /// The resampler keeps what it has not yet output, so input fed after the file's end continues the signal.
    func process(
        _ input: UnsafePointer<Int16>, inputFrames: Int, into output: UnsafeMutablePointer<Int16>,
        outputFrames: Int
    ) -> (used: Int, made: Int) {
        var used = 0
        var made = 0
        _ = soxr_process(handle, input, inputFrames, &used, output, outputFrames, &made)
        return (used, made)
    }

    /// Forgets the signal so far (a rewind from the middle of a file).
    func clear() {
        _ = soxr_clear(handle)
    }

    /// Resamples a whole loop as a circle: the end is resampled with the start after it and the start with the end
    /// before it, so the filter sees the signal the loop plays and the wrap has no edge. Returns
    /// `round(frames × 44100 / rate)` frames.
    static func resampleLoop(_ samples: [Int16], from rate: Int) throws(ResamplerFailure) -> [Int16] {
        let channels = AudioFormat.channels
        let frames = samples.count / channels
        guard frames > 0 else { return [] }
        let ratio = Double(AudioFormat.sampleRate) / Double(rate)
        // About 4,096 frames of the circle on each side, a whole number of output frames long where the rates allow,
        // so the kept part starts on an input frame and the loop keeps its phase.
        let step = rate / gcd(rate, AudioFormat.sampleRate)
        let pad = step <= 8_192 ? step * ((4_096 + step - 1) / step) : 4_096
        var padded = [Int16]()
        padded.reserveCapacity((frames + 2 * pad) * channels)
        for index in -pad..<(frames + pad) {
            let frame = ((index % frames) + frames) % frames
            padded.append(contentsOf: samples[(frame * channels)..<((frame + 1) * channels)])
        }
        let outputCapacity = Int((Double(frames + 2 * pad) * ratio).rounded(.up)) + 16
        var output = [Int16](repeating: 0, count: outputCapacity * channels)
        var io = ioSpec
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        var used = 0
        var made = 0
        let error = padded.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                soxr_oneshot(
                    Double(rate), Double(AudioFormat.sampleRate), UInt32(channels), input.baseAddress,
                    frames + 2 * pad, &used, out.baseAddress, outputCapacity, &made, &io, &quality, nil)
            }
        }
        if let error { throw ResamplerFailure(message: String(cString: error)) }
        let first = Int((Double(pad) * ratio).rounded())
        let count = Int((Double(frames) * ratio).rounded())
        guard first + count <= made else { throw ResamplerFailure(message: "made \(made) frames, fewer than asked") }
        return Array(output[(first * channels)..<((first + count) * channels)])
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    private static var ioSpec: soxr_io_spec_t {
        var spec = soxr_io_spec(SOXR_INT16_I, SOXR_INT16_I)
        spec.flags = UInt(SOXR_NO_DITHER)
        return spec
    }
}

/// libsoxr's own words for why it could not resample.
struct ResamplerFailure: Error {
    var message: String
}
