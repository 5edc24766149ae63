import Glibc
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
        #expect(
            buffer.append(upTo: 4) { block in
                for index in block.indices { block[index] = Int16(index + 1) }
                return 4
            } == 4)
        let first = read(6)
        #expect(first.count == 6, "not an end")
        #expect(first.samples == [1, 2, 3, 4, 5, 6, 7, 8] + [Int16](repeating: 0, count: 4))
        #expect(buffer.append(upTo: 6) { _ in 0 } == 0, "a block that fails its check is not made ready")
        #expect(buffer.readyFrames == 4)
        #expect(read(3).samples == [Int16](repeating: 0, count: 6), "still waiting")
        buffer.markFailed()
        #expect(read(3).count == 0, "a failed buffer ends the voice")
    }

    /// A buffer made with room for a file's stated length plus slack: while it fills, voices play what is ready;
    /// once the decode ends short of the room, the sound ends there and the loop wraps straight to the first
    /// frame, never through the unused room.
    @Test func aBufferFinishedShortOfItsRoomLoopsWhereTheDecodeEnded() throws {
        let buffer = PCMBuffer(filling: 8)
        let source = BufferSource(buffer: buffer, loops: true)
        func read(_ frames: Int) -> [Int16] {
            var output = [Int16](repeating: -1, count: frames * 2)
            let count = output.withUnsafeMutableBufferPointer { source.read(into: $0.baseAddress!, frames: frames) }
            #expect(count == frames, "a looping voice never ends")
            return output
        }
        buffer.append(upTo: 3) { block in
            for index in block.indices { block[index] = Int16(index + 1) }
            return 3
        }
        #expect(buffer.frameCount == 8 && !buffer.isComplete, "the end is the room until the decode finishes")
        #expect(read(2) == [1, 2, 3, 4])
        buffer.finish()
        #expect(buffer.frameCount == 3 && buffer.isComplete && buffer.byteCount == 8 * AudioFormat.bytesPerFrame)
        #expect(read(4) == [5, 6, 1, 2, 3, 4, 5, 6], "wraps after the last decoded frame")
    }

    /// `fill` decodes a real file into a buffer a chunk at a time and finds its end: the frames are those of a
    /// whole decode, and the sound ends where the file does, short of the slack.
    @Test(arguments: [
        "sounds/white.mp3", "Tests/fixtures/tone-22k-mono.mp3", "Tests/fixtures/tone-44k-mono.flac",
        "Tests/fixtures/tone-44k-mono.ogg", "Tests/fixtures/tone-44k-mono.wav",
    ])
    func fillDecodesAFileChunkByChunkToTheSameSamplesAsAWholeDecode(name: String) throws {
        let path = String(Self.soundsFolder.dropLast("sounds".count)) + name
        let whole = try AudioDecoding.decodeAll(path: path)
        let decoder = try AudioDecoding.open(path: path)
        let bound = try #require(decoder.lengthBound() as Int?)
        #expect(bound >= whole.frameCount)
        let buffer = PCMBuffer(filling: bound)
        #expect(try !decoder.fill(buffer, frames: 1_000), "a part of the file is not its end")
        #expect(buffer.readyFrames == 1_000)
        #expect(try decoder.fill(buffer))
        #expect(buffer.frameCount == whole.frameCount)
        #expect(buffer.samples == whole.samples)
    }

    /// A file that decodes to more than the room its header promised is refused, not cut short.
    /// A loop at another rate than the output's is resampled as a whole circle, so it cannot play as it decodes.
    @Test(arguments: ["tone-48k.flac", "tone-48k-mono.opus"])
    func aFileResampledAsALoopHasNoBoundToPlayWhileDecoding(name: String) throws {
        let decoder = try AudioDecoding.open(
            path: Self.soundsFolder.dropLast("sounds".count) + "Tests/fixtures/" + name)
        #expect(decoder.lengthBound() == nil)
    }

    @Test func fillRefusesAFileLongerThanItsRoom() throws {
        let path = Self.soundsFolder + "/beep.mp3"
        let decoder = try AudioDecoding.open(path: path)
        let buffer = PCMBuffer(filling: 1_000)
        #expect(throws: DecodeError.self) { try decoder.fill(buffer) }
        #expect(
            buffer.readyFrames == 1_000 && buffer.frameCount == 1_000, "the frames decoded stay; the end is not moved")
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
