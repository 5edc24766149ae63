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
