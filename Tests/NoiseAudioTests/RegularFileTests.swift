import Foundation
import Glibc
import Testing

@testable import NoiseAudio

/// Only regular files are read as sounds, and nothing else can make a reader wait: a FIFO with no writer is
/// refused at once rather than hanging the thread that opens it (it did, before `RegularFile`).
@Suite("Sound files: regular files only, never a wait")
final class RegularFileTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("regular-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    @Test func aFIFOWithNoWriterIsRefusedAtOnce() throws {
        let path = root + "/pipe.mp3"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: FileProblem(path: path, reason: "is a FIFO (named pipe), not a regular file")) {
            try RegularFile.open(path)
        }
        #expect(RegularFile.problem(at: path) == "is a FIFO (named pipe), not a regular file")
        // The decoder goes through the same door: a FIFO as a sound is an error, not a hang.
        #expect(throws: DecodeError(path: path, reason: "is a FIFO (named pipe), not a regular file")) {
            try MP3Decoder(path: path)
        }
    }

    @Test func foldersDevicesAndLinksToDevicesAreRefused() throws {
        #expect(RegularFile.problem(at: root) == "is a folder, not a regular file")
        #expect(throws: FileProblem.self) { try RegularFile.open(root) }
        let link = root + "/random.mp3"
        #expect(symlink("/dev/urandom", link) == 0)
        #expect(RegularFile.problem(at: link) == "is a character device, not a regular file")
        #expect(throws: FileProblem(path: link, reason: "is a character device, not a regular file")) {
            try RegularFile.open(link)
        }
        #expect(RegularFile.problem(at: root + "/absent.mp3") == "not found")
    }

    @Test func aRegularFileAndALinkToOneOpen() throws {
        let path = root + "/tone.mp3"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        #expect(symlink(path, root + "/link.mp3") == 0)
        for candidate in [path, root + "/link.mp3"] {
            #expect(RegularFile.problem(at: candidate) == nil)
            let descriptor = try RegularFile.open(candidate)
            var byte: UInt8 = 0
            #expect(read(descriptor, &byte, 1) == 1 && byte == 1)
            close(descriptor)
        }
    }

    @Test func countingFramesMatchesDecodingWhole() throws {
        let path = DecoderTests.soundsFolder + "/white.mp3"
        #expect(try MP3Decoder.countFrames(path: path, maxFrames: .max) == 60 * 44_100)
        #expect(throws: DecodeError.self) { try MP3Decoder.countFrames(path: path, maxFrames: 44_100) }
    }
}
