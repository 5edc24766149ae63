/// The kinds of audio file a sound can be, told apart by their first bytes rather than their names: a WAV saved
/// as `.mp3`, or a page saved as `.flac`, is recognised for what it is. Pure: the caller reads the bytes.
public enum AudioFileKind: String, Sendable, CaseIterable {
    case wav = "WAV"
    case flac = "FLAC"
    case oggVorbis = "Ogg Vorbis"
    case opus = "Opus"
    case mp3 = "MP3"

    /// The extension an imported file of this kind is stored under.
    public var fileExtension: String {
        switch self {
        case .wav: "wav"
        case .flac: "flac"
        case .oggVorbis: "ogg"
        case .opus: "opus"
        case .mp3: "mp3"
        }
    }

    /// What `sounds import` and the catalog accept, in the words every refusal uses.
    public static let acceptedList = allCases.map(\.rawValue).joined(separator: ", ")

    /// File name extensions a plain sound folder takes as audio (lowercase, without the dot).
    public static let fileExtensions: Set<String> = ["wav", "flac", "ogg", "oga", "opus", "mp3"]

    /// How many bytes `identify` reads at a time: enough for every signature, including an Ogg stream's first
    /// packet after a page header with a long segment table.
    public static let headBytes = 64

    /// What a file's first bytes say it is.
    public enum Identification: Equatable, Sendable {
        case audio(AudioFileKind)
        /// Not a kind we decode; the words say what it looks like ("text", "an AIFF file", …).
        case unsupported(String)
    }

    /// Identifies a file from bytes read by `read(offset, count)` (fewer bytes at the end of the file). An ID3v2
    /// tag at the start is skipped: MP3 files usually carry one, and so may a FLAC file.
    public static func identify(read: (_ offset: Int, _ count: Int) -> [UInt8]) -> Identification {
        let head = read(0, headBytes)
        guard let tagLength = id3TagLength(head) else { return sniff(head) }
        if case .audio(.flac) = sniff(read(tagLength, headBytes)) { return .audio(.flac) }
        // After a tag, anything else is left to libmpg123, which finds the first frame itself.
        return .audio(.mp3)
    }

    /// Identifies a file from its first bytes (at least `headBytes` of them when the file is that long).
    public static func sniff(_ head: [UInt8]) -> Identification {
        func matches(_ text: String, at offset: Int) -> Bool {
            let bytes = Array(text.utf8)
            return head.count >= offset + bytes.count && Array(head[offset..<(offset + bytes.count)]) == bytes
        }
        if head.isEmpty { return .unsupported("an empty file") }
        if (matches("RIFF", at: 0) || matches("RF64", at: 0)) && matches("WAVE", at: 8) { return .audio(.wav) }
        if matches("fLaC", at: 0) { return .audio(.flac) }
        if matches("OggS", at: 0) { return oggCodec(head) }
        if isMPEGFrameHeader(head) { return .audio(.mp3) }
        if matches("FORM", at: 0) && (matches("AIFF", at: 8) || matches("AIFC", at: 8)) {
            return .unsupported("an AIFF file")
        }
        if matches("ftyp", at: 4) { return .unsupported("an MP4/M4A file (AAC or ALAC)") }
        if head.count >= 2, head[0] == 0xFF, head[1] & 0xF6 == 0xF0 { return .unsupported("AAC audio (ADTS)") }
        if matches("RIFF", at: 0) { return .unsupported("a RIFF file that is not WAVE") }
        if looksLikeText(head) { return .unsupported("text, not audio") }
        return .unsupported("not a kind of audio file it recognises")
    }

    /// The length of an ID3v2 tag (its 10-byte header, a synch-safe size, and a footer if flagged), or nil.
    static func id3TagLength(_ head: [UInt8]) -> Int? {
        guard head.count >= 10, head[0] == 0x49, head[1] == 0x44, head[2] == 0x33,
            head[6..<10].allSatisfy({ $0 < 0x80 })
        else { return nil }
        let size = head[6..<10].reduce(0) { $0 << 7 | Int($1) }
        return 10 + size + (head[5] & 0x10 != 0 ? 10 : 0)
    }

    /// The codec of an Ogg stream, from the first packet of its first page (after the 27-byte page header and its
    /// segment table).
    private static func oggCodec(_ head: [UInt8]) -> Identification {
        guard head.count > 27 else { return .unsupported("an Ogg file cut short") }
        let packet = Array(head.dropFirst(27 + Int(head[26])))
        if packet.starts(with: [0x01] + Array("vorbis".utf8)) { return .audio(.oggVorbis) }
        if packet.starts(with: Array("OpusHead".utf8)) { return .audio(.opus) }
        if packet.starts(with: [0x7F] + Array("FLAC".utf8)) { return .unsupported("an Ogg file holding FLAC") }
        return .unsupported("an Ogg file holding neither Vorbis nor Opus")
    }

    /// An MPEG audio frame header: 11 sync bits, a layer (not the reserved 00), a bitrate index other than 15 and
    /// a sample-rate index other than 3.
    private static func isMPEGFrameHeader(_ head: [UInt8]) -> Bool {
        guard head.count >= 4, head[0] == 0xFF, head[1] & 0xE0 == 0xE0 else { return false }
        return head[1] & 0x06 != 0 && head[1] & 0x18 != 0x08 && head[2] >> 4 != 0x0F && head[2] & 0x0C != 0x0C
    }

    private static func looksLikeText(_ head: [UInt8]) -> Bool {
        head.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) || $0 >= 0x80 }
    }
}
