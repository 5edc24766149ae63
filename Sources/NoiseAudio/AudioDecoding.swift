import Glibc
import NoiseCatalog

/// Chooses a file's decoder by what its first bytes are (`AudioFileKind`), never by its name alone: MP3 goes to
/// libmpg123 (`MP3Decoder`, gapless through the LAME tag), WAV, FLAC, Ogg Vorbis and Opus to libsndfile
/// (`SndfileDecoder`). Anything else is refused here with what it looks like, before either library reads it.
/// Every function blocks on the file.
public enum AudioDecoding {
    /// What the file at `path` is; throws what it is instead when it is no kind we decode (a page saved as
    /// `.mp3`, an AIFF, a text file) and when it cannot be opened.
    public static func kind(of path: String) throws(DecodeError) -> AudioFileKind {
        let descriptor: Int32
        do {
            descriptor = try RegularFile.open(path)
        } catch {
            throw DecodeError(path: path, reason: error.reason)
        }
        defer { close(descriptor) }
        let identified = AudioFileKind.identify { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return Array(bytes.prefix(max(0, got)))
        }
        switch identified {
        case .audio(let kind):
            return kind
        case .unsupported(let what):
            throw DecodeError(path: path, reason: "it is \(what)")
        }
    }

    /// A decoder for the file, of the kind its content says.
    public static func open(path: String) throws(DecodeError) -> any AudioDecoder {
        let kind = try kind(of: path)
        return kind == .mp3 ? try MP3Decoder(path: path) : try SndfileDecoder(path: path, kind: kind)
    }

    /// Decodes a whole file into memory, seamless to loop. Refuses files longer than `maxFrames` (at 44.1 kHz) and
    /// files with no audio.
    public static func decodeAll(path: String, maxFrames: Int = .max) throws(DecodeError) -> PCMBuffer {
        let kind = try kind(of: path)
        return kind == .mp3
            ? try MP3Decoder.decodeAll(path: path, maxFrames: maxFrames)
            : try SndfileDecoder.decodeAll(path: path, kind: kind, maxFrames: maxFrames)
    }

    /// Decodes a whole file without keeping the samples and returns how many frames it holds at 44.1 kHz: the
    /// check an import makes (every frame must decode) in constant memory. Refuses files longer than `maxFrames`.
    public static func countFrames(path: String, maxFrames: Int) throws(DecodeError) -> Int {
        let kind = try kind(of: path)
        return kind == .mp3
            ? try MP3Decoder.countFrames(path: path, maxFrames: maxFrames)
            : try SndfileDecoder.countFrames(path: path, kind: kind, maxFrames: maxFrames)
    }
}
