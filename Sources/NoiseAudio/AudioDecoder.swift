/// Decodes one audio file to the engine's format (`AudioFormat`: interleaved 16-bit stereo at 44.1 kHz), for a
/// voice that streams it or a loader that decodes it whole. An interface because there are two implementations,
/// chosen by the file's content (`AudioDecoding.open`): `MP3Decoder` (libmpg123) and `SndfileDecoder`
/// (libsndfile: WAV, FLAC, Ogg Vorbis, Opus).
///
/// Not thread-safe: one thread uses an instance at a time (a loader, then the output thread). Every method
/// blocks on the file.
public protocol AudioDecoder: AnyObject {
    /// The file it decodes, for messages.
    var path: String { get }

    /// The decoded length in frames at 44.1 kHz when the file states it or a scan finds it; nil if unknown.
    /// Does not throw: a file that cannot be measured is nil.
    func frameCount() -> Int?

    /// Room enough for every frame the file decodes to, known before decoding, when it can be played while it
    /// decodes (each frame final as it is read): nil when it cannot (a loop resampled as a whole circle) or its
    /// length is unknown. A bound, not the length: the decode's end (`fill`) says where the sound ends.
    func lengthBound() -> Int?

    /// Decodes up to `frames` frames into `buffer`; returns the frames written, 0 at the end of the file. Throws
    /// a `DecodeError` when the file's data is damaged.
    func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int) throws(DecodeError) -> Int

    /// Goes back to the first sample, so that the next read continues the loop without a gap or padding. Throws a
    /// `DecodeError` when the file cannot seek.
    func rewind() throws(DecodeError)

    /// Decodes the file, from a decoder that has read nothing yet, whole into memory, seamless to loop. Refuses
    /// more than `maxFrames` (at 44.1 kHz) and a file with no audio.
    func decodeWhole(maxFrames: Int) throws(DecodeError) -> PCMBuffer
}

extension AudioDecoder {
    /// Decodes from where it stands into `buffer` after its ready frames, `frames` more at most, each chunk made
    /// ready as soon as it is written, so voices play it while the rest decodes. Returns true once the file has
    /// ended, and then finishes the buffer (the sound ends there). Throws when the data is damaged, and when the
    /// file holds more than the buffer has room for (its stated length was wrong).
    public func fill(_ buffer: PCMBuffer, frames: Int = .max) throws(DecodeError) -> Bool {
        var left = frames
        while left > 0 {
            let room = min(left, buffer.capacity - buffer.readyFrames, AudioFormat.decodeChunkFrames)
            guard room > 0 else { break }
            let got = try buffer.append(upTo: room) { (block) throws(DecodeError) -> Int in
                try read(into: block.baseAddress!, frames: room)
            }
            guard got > 0 else {
                buffer.finish()
                return true
            }
            left -= got
        }
        guard buffer.readyFrames == buffer.capacity else { return false }
        var probe = [Int16](repeating: 0, count: AudioFormat.channels)
        let more = try probe.withUnsafeMutableBufferPointer { (pointer) throws(DecodeError) -> Int in
            try read(into: pointer.baseAddress!, frames: 1)
        }
        guard more == 0 else {
            throw DecodeError(path: path, reason: "it decodes to more than the \(buffer.capacity) frames it states")
        }
        buffer.finish()
        return true
    }
}
