import Testing
@testable import NoiseAudio

/// Decodes the shipped library with the real libmpg123: the I/O edge itself, on committed files.
@Suite("MP3 decoding, gapless")
struct DecoderTests {
    static let soundsFolder: String = {
        let file = #filePath
        let repo = file.split(separator: "/").dropLast(3).joined(separator: "/")
        return "/" + repo + "/sounds"
    }()

    @Test func aLameTaggedLoopDecodesToItsExactLength() throws {
        let buffer = try MP3Decoder.decodeAll(path: Self.soundsFolder + "/white.mp3")
        #expect(buffer.frameCount == 60 * 44_100)
        let decoder = try MP3Decoder(path: Self.soundsFolder + "/white.mp3")
        #expect(decoder.frameCount() == 60 * 44_100)
    }

    @Test func streamingWrapsSampleExact() throws {
        let whole = try MP3Decoder.decodeAll(path: Self.soundsFolder + "/beep.mp3")
        let source = StreamingSource(decoder: try MP3Decoder(path: Self.soundsFolder + "/beep.mp3"), loops: true)
        let frames = whole.frameCount * 2 + 1234
        var output = [Int16](repeating: 0, count: frames * 2)
        let got = output.withUnsafeMutableBufferPointer { source.read(into: $0.baseAddress!, frames: frames) }
        #expect(got == frames)
        let expected = (whole.samples + whole.samples + whole.samples).prefix(frames * 2)
        #expect(output == Array(expected))
    }

    /// Found by fuzzing (docs/reliability.md): the decoder's flags replaced libmpg123's defaults, automatic
    /// resampling among them, so a file at any rate but 44.1 kHz had no output format, and `frameCount` (mpg123_scan)
    /// then divided by zero: SIGFPE ended the daemon on `import` or `play` of such a file.
    @Test(arguments: ["tone-48k.mp3", "tone-22k-mono.mp3"])
    func filesAtOtherRatesAreResampledTo44100(name: String) throws {
        let path = Self.soundsFolder.dropLast("sounds".count) + "Tests/fixtures/" + name
        // A quarter of a second of a 440 Hz tone; the encoder's padding may remain after resampling.
        let frames = 0.25 * 44_100...0.35 * 44_100
        let decoder = try MP3Decoder(path: path)
        #expect(frames.contains(Double(try #require(decoder.frameCount()))))
        let buffer = try MP3Decoder.decodeAll(path: path)
        #expect(frames.contains(Double(buffer.frameCount)))
        #expect(buffer.samples.contains { $0 > 5000 }, "the tone is there")
    }

    @Test func bufferSourceWrapsSampleExact() throws {
        let buffer = PCMBuffer(samples: (0..<20).map { Int16($0) })
        let source = BufferSource(buffer: buffer, loops: true)
        var output = [Int16](repeating: 0, count: 50)
        _ = output.withUnsafeMutableBufferPointer { source.read(into: $0.baseAddress!, frames: 25) }
        let ramp: [Int16] = (0..<20).map { Int16($0) }
        let expected: [Int16] = ramp + ramp + ramp.prefix(10)
        #expect(output == expected)
    }

    /// A buffer still filling: what is not ready yet is silence (the voice waits, it does not end), and the
    /// frames appear once appended; a buffer whose filling failed ends the voice where the good frames end.
    @Test func bufferSourcePlaysSilenceUntilFramesAreReadyAndEndsWhenFillingFailed() throws {
        let buffer = PCMBuffer(filling: 10)
        let source = BufferSource(buffer: buffer, loops: true)
        func read(_ frames: Int) -> (count: Int, samples: [Int16]) {
            var output = [Int16](repeating: -1, count: frames * 2)
            let count = output.withUnsafeMutableBufferPointer { source.read(into: $0.baseAddress!, frames: frames) }
            return (count, output)
        }
        #expect(buffer.append(frames: 4) { block in
            for index in block.indices { block[index] = Int16(index + 1) }
            return true
        })
        let first = read(6)
        #expect(first.count == 6, "not an end")
        #expect(first.samples == [1, 2, 3, 4, 5, 6, 7, 8] + [Int16](repeating: 0, count: 4))
        #expect(!buffer.append(frames: 6) { _ in false }, "a block that fails its check is not made ready")
        #expect(buffer.readyFrames == 4)
        #expect(read(3).samples == [Int16](repeating: 0, count: 6), "still waiting")
        buffer.markFailed()
        #expect(read(3).count == 0, "a failed buffer ends the voice")
    }

    @Test func aFileThatIsNotAudioIsRefusedWithAReason() throws {
        let path = "/tmp/noiseclock-not-audio-\(getpid()).mp3"
        Array("definitely not an mp3 file\n".utf8).withUnsafeBytes { bytes in
            let file = fopen(path, "w")
            fwrite(bytes.baseAddress, 1, bytes.count, file)
            fclose(file)
        }
        defer { unlink(path) }
        #expect(throws: DecodeError.self) { try MP3Decoder.decodeAll(path: path) }
        #expect(throws: DecodeError.self) { try MP3Decoder.decodeAll(path: "/nonexistent/file.mp3") }
    }
}

import Glibc
