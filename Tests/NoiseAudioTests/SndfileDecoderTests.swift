import Glibc
import Testing

@testable import NoiseAudio
@testable import NoiseCatalog

/// Decodes small files with the real libsndfile and libsoxr: WAVs written here with known samples, and the
/// fixtures made by sox and opusenc from `tone-44k-mono.wav` (a 441 Hz tone, 0.25 s: 11,025 frames), in
/// Tests/fixtures:
///
///     sox -n -r 44100 -c 1 -b 16 tone-44k-mono.wav synth 0.25 sine 441 vol 0.5
///     sox tone-44k-mono.wav tone-44k-mono.flac
///     sox tone-44k-mono.wav -C 3 tone-44k-mono.ogg
///     opusenc --quiet tone-44k-mono.wav tone-48k-mono.opus
///     sox -n -r 48000 -c 2 -b 16 tone-48k.flac synth 0.25 sine 441 vol 0.5
@Suite("WAV, FLAC, Ogg Vorbis and Opus decoding")
struct SndfileDecoderTests {
    static let fixtures = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/fixtures/"

    /// A 16-bit PCM WAV of `channels` interleaved channels at `rate`, in a temporary file the test removes.
    static func writeWAV(_ samples: [Int16], channels: Int = 2, rate: Int = 44_100, name: String) -> String {
        func le(_ value: Int, _ bytes: Int) -> [UInt8] {
            (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        let data = samples.count * 2
        var file =
            Array("RIFF".utf8) + le(36 + data, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + le(1, 2) + le(channels, 2)
        file +=
            le(rate, 4) + le(rate * channels * 2, 4) + le(channels * 2, 2) + le(16, 2) + Array("data".utf8)
            + le(data, 4)
        for sample in samples { file += le(Int(sample), 2) }
        return write(file, name: name)
    }

    static func write(_ bytes: [UInt8], name: String) -> String {
        let path = "/tmp/noiseclock-\(getpid())-\(name)"
        let handle = fopen(path, "w")
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        fclose(handle)
        return path
    }

    static func bytes(of path: String) -> [UInt8] {
        guard let handle = fopen(path, "r") else { return [] }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while case let got = fread(&chunk, 1, chunk.count, handle), got > 0 { bytes += chunk[0..<got] }
        return bytes
    }

    /// Normalised correlation of two equal-length signals.
    static func correlation(_ a: [Int16], _ b: [Int16]) -> Double {
        let pairs = zip(a.map(Double.init), b.map(Double.init))
        let dot = pairs.reduce(0) { $0 + $1.0 * $1.1 }
        let energy = a.reduce(0) { $0 + Double($1) * Double($1) } * b.reduce(0) { $0 + Double($1) * Double($1) }
        return dot / energy.squareRoot()
    }

    static func stereo(_ mono: [Int16]) -> [Int16] { mono.flatMap { [$0, $0] } }

    static var tone: [Int16] {
        get throws { try AudioDecoding.decodeAll(path: fixtures + "tone-44k-mono.wav").samples }
    }

    @Test func aStereoWAVDecodesToExactlyItsSamples() throws {
        let samples = (0..<2_000).map { Int16(truncatingIfNeeded: $0 * 37 - 30_000) }
        let path = Self.writeWAV(samples, name: "stereo.wav")
        defer { unlink(path) }
        #expect(try AudioDecoding.kind(of: path) == .wav)
        #expect(try AudioDecoding.decodeAll(path: path).samples == samples)
        #expect(try AudioDecoding.open(path: path).frameCount() == 1_000)
    }

    @Test func monoBecomesStereoAndFLACIsLossless() throws {
        let wav = try Self.tone
        #expect(wav.count == 11_025 * 2)
        #expect(stride(from: 0, to: wav.count, by: 2).allSatisfy { wav[$0] == wav[$0 + 1] })
        #expect(wav.contains { $0 > 16_000 }, "the tone is there")
        #expect(try AudioDecoding.decodeAll(path: Self.fixtures + "tone-44k-mono.flac").samples == wav)
    }

    /// Lossy, but no padding: the decoder stops where the encoder's input did, so a loop keeps its length.
    @Test(arguments: ["tone-44k-mono.ogg", "tone-48k-mono.opus"])
    func lossyFilesDecodeToTheirExactLengthAndSoundLikeTheSource(name: String) throws {
        let wav = try Self.tone
        let decoded = try AudioDecoding.decodeAll(path: Self.fixtures + name).samples
        #expect(decoded.count == wav.count)
        #expect(Self.correlation(decoded, wav) > 0.99)
        #expect(try AudioDecoding.open(path: Self.fixtures + name).frameCount() == 11_025)
    }

    /// A 480 Hz tone of exactly 120 cycles at 48 kHz is a perfect loop; resampled as a circle it is still one at
    /// 44.1 kHz, the samples on both sides of the wrap as close to the ideal tone as any other.
    @Test func aLoopAtAnotherRateIsResampledWithoutAnEdgeAtTheWrap() throws {
        let amplitude = 16_000.0
        let mono = (0..<12_000).map { Int16((amplitude * sin(2 * .pi * 480 * Double($0) / 48_000)).rounded()) }
        let path = Self.writeWAV(Self.stereo(mono), rate: 48_000, name: "tone-48k.wav")
        defer { unlink(path) }
        let decoded = try AudioDecoding.decodeAll(path: path).samples
        #expect(decoded.count == 11_025 * 2)
        let ideal = (0..<11_025).map { amplitude * sin(2 * .pi * 480 * Double($0) / 44_100) }
        let errors = (0..<11_025).map { abs(Double(decoded[2 * $0]) - ideal[$0]) }
        #expect(errors.max()! < 8, "worst error \(errors.max()!) at frame \(errors.firstIndex(of: errors.max()!)!)")
        #expect(try AudioDecoding.decodeAll(path: Self.fixtures + "tone-48k.flac").frameCount == 11_025)
    }

    @Test func streamingWrapsSampleExactForALosslessFile() throws {
        let whole = try Self.tone
        let source = StreamingSource(
            decoder: try AudioDecoding.open(path: Self.fixtures + "tone-44k-mono.flac"), loops: true)
        let frames = 11_025 * 2 + 1_234
        var output = [Int16](repeating: 0, count: frames * 2)
        let got = output.withUnsafeMutableBufferPointer { source.read(into: $0.baseAddress!, frames: frames) }
        #expect(got == frames)
        #expect(output == Array((whole + whole + whole).prefix(frames * 2)))
    }

    /// Streaming at another rate, the resampler carries the end into the start: three loops of the 48 kHz tone
    /// come out as the ideal 44.1 kHz tone throughout, the wraps included.
    @Test func streamingAtAnotherRateWrapsWithoutAnEdge() throws {
        let amplitude = 16_000.0
        let mono = (0..<12_000).map { Int16((amplitude * sin(2 * .pi * 480 * Double($0) / 48_000)).rounded()) }
        let path = Self.writeWAV(Self.stereo(mono), rate: 48_000, name: "stream-48k.wav")
        defer { unlink(path) }
        let source = StreamingSource(decoder: try AudioDecoding.open(path: path), loops: true)
        let frames = 3 * 11_025
        var output = [Int16](repeating: 0, count: frames * 2)
        let got = output.withUnsafeMutableBufferPointer { source.read(into: $0.baseAddress!, frames: frames) }
        #expect(got == frames)
        // The filter's delay is made up at the start by libsoxr, so frame n is the tone's frame n.
        let errors = (100..<frames).map {
            abs(Double(output[2 * $0]) - amplitude * sin(2 * .pi * 480 * Double($0) / 44_100))
        }
        #expect(
            errors.max()! < 8, "worst error \(errors.max()!) at frame \(100 + errors.firstIndex(of: errors.max()!)!)")
    }

    @Test func theKindIsTheContentsNotTheName() throws {
        let flac = Self.bytes(of: Self.fixtures + "tone-44k-mono.flac")
        let misnamed = Self.write(flac, name: "really-flac.mp3")
        defer { unlink(misnamed) }
        #expect(try AudioDecoding.kind(of: misnamed) == .flac)
        #expect(try AudioDecoding.decodeAll(path: misnamed).samples == (try Self.tone))
    }

    @Test func refusalsSayWhatTheFileIs() throws {
        let text = Self.write(Array("this is not a wav file\n".utf8), name: "notes.wav")
        let damaged = Self.write(
            Array(Self.bytes(of: Self.fixtures + "tone-44k-mono.flac").prefix(42))
                + [UInt8](repeating: 0x55, count: 4_000),
            name: "damaged.flac")
        let surround = Self.writeWAV([Int16](repeating: 100, count: 6 * 1_000), channels: 6, name: "surround.wav")
        defer { for path in [text, damaged, surround] { unlink(path) } }
        #expect(throws: DecodeError(path: text, reason: "it is text, not audio")) {
            try AudioDecoding.decodeAll(path: text)
        }
        let error = #expect(throws: DecodeError.self) { try AudioDecoding.countFrames(path: damaged, maxFrames: .max) }
        #expect(error?.reason.contains("FLAC") == true, "\(error?.reason ?? "")")
        #expect(error?.reason.contains("MPEG") == false)
        // A header that reads, then data its codec skips as noise: no frame at all is an error too.
        let junk = Self.write(
            Array(Self.bytes(of: Self.fixtures + "tone-44k-mono.flac").prefix(42))
                + Array(repeating: (0...255).map { UInt8($0) }, count: 40).joined(), name: "junk.flac")
        defer { unlink(junk) }
        #expect(
            throws: DecodeError(
                path: junk, reason: "no audio could be decoded from the FLAC data (damaged or cut short?)")
        ) {
            try AudioDecoding.countFrames(path: junk, maxFrames: .max)
        }
        #expect(throws: DecodeError(path: surround, reason: "it has 6 channels; sounds must be mono or stereo")) {
            try AudioDecoding.open(path: surround)
        }
        #expect(throws: DecodeError(path: "/nonexistent/x.flac", reason: "not found")) {
            try AudioDecoding.decodeAll(path: "/nonexistent/x.flac")
        }
    }

    @Test func longerThanAllowedIsRefused() {
        #expect(throws: DecodeError.self) {
            try AudioDecoding.countFrames(path: Self.fixtures + "tone-44k-mono.ogg", maxFrames: 10_000)
        }
        #expect(throws: DecodeError.self) {
            try AudioDecoding.decodeAll(path: Self.fixtures + "tone-48k.flac", maxFrames: 10_000)
        }
    }
}
