import Testing

@testable import NoiseCatalog

/// What a file is, from its first bytes: the signatures of each kind we decode, what we refuse and say, and
/// that a name plays no part.
@Suite("Audio files told apart by content")
struct AudioFileKindTests {
    static func bytes(_ text: String, at offset: Int = 0, length: Int = 64) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: length)
        head.replaceSubrange(offset..<(offset + text.utf8.count), with: Array(text.utf8))
        return head
    }

    static func ogg(firstPacket: [UInt8], segments: Int = 1) -> [UInt8] {
        var page = Array("OggS".utf8) + [UInt8](repeating: 0, count: 22) + [UInt8(segments)]
        page += [UInt8](repeating: 30, count: segments)
        return page + firstPacket + [UInt8](repeating: 0, count: 16)
    }

    @Test func eachKindIsKnownByItsSignature() {
        var wav = Self.bytes("RIFF")
        wav.replaceSubrange(8..<12, with: Array("WAVE".utf8))
        #expect(AudioFileKind.sniff(wav) == .audio(.wav))
        var rf64 = Self.bytes("RF64")
        rf64.replaceSubrange(8..<12, with: Array("WAVE".utf8))
        #expect(AudioFileKind.sniff(rf64) == .audio(.wav))
        #expect(AudioFileKind.sniff(Self.bytes("fLaC")) == .audio(.flac))
        #expect(AudioFileKind.sniff(Self.ogg(firstPacket: [1] + Array("vorbis".utf8))) == .audio(.oggVorbis))
        #expect(AudioFileKind.sniff(Self.ogg(firstPacket: Array("OpusHead".utf8), segments: 3)) == .audio(.opus))
        // MPEG-1 layer III, 128 kbit/s, 44.1 kHz; and MPEG-2 layer II.
        #expect(AudioFileKind.sniff([0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 60)) == .audio(.mp3))
        #expect(AudioFileKind.sniff([0xFF, 0xF5, 0x80, 0x00]) == .audio(.mp3))
    }

    @Test func whatIsRefusedIsNamed() {
        var aiff = Self.bytes("FORM")
        aiff.replaceSubrange(8..<12, with: Array("AIFF".utf8))
        #expect(AudioFileKind.sniff(aiff) == .unsupported("an AIFF file"))
        #expect(AudioFileKind.sniff(Self.bytes("ftypM4A ", at: 4)) == .unsupported("an MP4/M4A file (AAC or ALAC)"))
        #expect(AudioFileKind.sniff([0xFF, 0xF1, 0x50, 0x80]) == .unsupported("AAC audio (ADTS)"))
        #expect(
            AudioFileKind.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}AVI LIST".utf8))
                == .unsupported("a RIFF file that is not WAVE"))
        #expect(AudioFileKind.sniff(Array("this is not an mp3 file\n".utf8)) == .unsupported("text, not audio"))
        #expect(AudioFileKind.sniff(Array("<!DOCTYPE html><html>".utf8)) == .unsupported("text, not audio"))
        #expect(AudioFileKind.sniff([]) == .unsupported("an empty file"))
        #expect(AudioFileKind.sniff([0, 1, 2, 3, 4, 5]) == .unsupported("not a kind of audio file it recognises"))
        #expect(
            AudioFileKind.sniff(Self.ogg(firstPacket: [0x80] + Array("theora".utf8)))
                == .unsupported("an Ogg file holding neither Vorbis nor Opus"))
        #expect(
            AudioFileKind.sniff(Self.ogg(firstPacket: [0x7F] + Array("FLAC".utf8)))
                == .unsupported("an Ogg file holding FLAC"))
        #expect(AudioFileKind.sniff(Array("OggS".utf8)) == .unsupported("an Ogg file cut short"))
        // A frame sync with the reserved layer, bitrate or rate is not MPEG audio.
        #expect(AudioFileKind.sniff([0xFF, 0xFB, 0xF0, 0x64]) != .audio(.mp3))
        #expect(AudioFileKind.sniff([0xFF, 0xFB, 0x9C, 0x64]) != .audio(.mp3))
    }

    @Test func anID3TagIsSkippedToFindWhatFollows() {
        // A tag of 300 bytes (synch-safe: 2 × 128 + 44), then FLAC; then the same tag before MPEG frames.
        let tag: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 2, 44] + [UInt8](repeating: 0, count: 300)
        func identify(_ file: [UInt8]) -> AudioFileKind.Identification {
            AudioFileKind.identify { offset, count in Array(file.dropFirst(offset).prefix(count)) }
        }
        #expect(identify(tag + Self.bytes("fLaC")) == .audio(.flac))
        #expect(identify(tag + [0xFF, 0xFB, 0x90, 0x64]) == .audio(.mp3))
        #expect(identify(tag) == .audio(.mp3), "what follows a tag is left to libmpg123")
        #expect(AudioFileKind.id3TagLength(Array(tag.prefix(10))) == 310)
        #expect(identify(Self.bytes("fLaC")) == .audio(.flac))
    }

    @Test func theAcceptedListAndExtensionsNameEveryKind() {
        #expect(AudioFileKind.acceptedList == "WAV, FLAC, Ogg Vorbis, Opus, MP3")
        #expect(Set(AudioFileKind.allCases.map(\.fileExtension)).isSubset(of: AudioFileKind.fileExtensions))
    }
}
