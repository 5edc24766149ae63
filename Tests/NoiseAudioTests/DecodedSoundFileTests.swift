import Testing
@testable import NoiseAudio

@Suite("Decoded sound file layout")
struct DecodedSoundFileTests {
    let source = DecodedSoundFile.Source(path: "/home/u/.local/share/noised/sounds/rain.mp3", size: 1_443_839,
                                         modifiedNanoseconds: 1_763_750_000_123_456_789,
                                         changedNanoseconds: 1_763_750_001_000_000_000, inode: 424_242)
    let samples: [Int16] = (0..<2_000).map { Int16(truncatingIfNeeded: $0 &* 7919) }

    func header(_ source: DecodedSoundFile.Source? = nil) -> [UInt8] {
        samples.withUnsafeBufferPointer { DecodedSoundFile.header(for: source ?? self.source, samples: $0) }
    }

    var fileBytes: Int { header().count + samples.count * 2 }

    @Test func aHeaderStandsForTheSourceItWasMadeFrom() throws {
        let bytes = header()
        #expect(bytes.count == DecodedSoundFile.headerBytes + source.path.utf8.count)
        let contents = try #require(DecodedSoundFile.contents(ofHeader: bytes, fileBytes: fileBytes, source: source))
        #expect(contents.frameCount == 1_000)
        #expect(contents.samplesOffset == bytes.count)
        #expect(contents.checksum == samples.withUnsafeBufferPointer { DecodedSoundFile.checksum($0) })
    }

    @Test(arguments: ["size", "modified", "changed", "inode", "path"])
    func anyChangeOfTheSourceIsAMiss(_ field: String) {
        var now = source
        switch field {
        case "size": now.size += 1
        case "modified": now.modifiedNanoseconds += 1
        case "changed": now.changedNanoseconds += 1
        case "inode": now.inode += 1
        default: now.path = "/home/u/.local/share/noised/sounds/rain.mp4"
        }
        #expect(DecodedSoundFile.contents(ofHeader: header(), fileBytes: fileBytes, source: now) == nil)
    }

    @Test func aFileCutShortOrGrownIsAMiss() {
        #expect(DecodedSoundFile.contents(ofHeader: header(), fileBytes: fileBytes - 4, source: source) == nil)
        #expect(DecodedSoundFile.contents(ofHeader: header(), fileBytes: fileBytes + 1, source: source) == nil)
        #expect(DecodedSoundFile.contents(ofHeader: Array(header().prefix(40)), fileBytes: fileBytes, source: source) == nil)
    }

    @Test(arguments: [0, 8, 12])
    func anotherMagicVersionOrByteOrderIsAMiss(_ offset: Int) {
        var bytes = header()
        bytes[offset] ^= 0x01
        #expect(DecodedSoundFile.contents(ofHeader: bytes, fileBytes: fileBytes, source: source) == nil)
    }

    @Test func theChecksumSeesOneFlippedBitAnywhereAndTheLength() {
        let reference = samples.withUnsafeBufferPointer { DecodedSoundFile.checksum($0) }
        for index in [0, 1, 3, 4, 999, 1_996, 1_999] {
            for bit in [0, 7, 15] {
                var damaged = samples
                damaged[index] ^= Int16(truncatingIfNeeded: 1 << bit)
                #expect(damaged.withUnsafeBufferPointer { DecodedSoundFile.checksum($0) } != reference)
            }
        }
        let shorter = Array(samples.dropLast(2))
        #expect(shorter.withUnsafeBufferPointer { DecodedSoundFile.checksum($0) } != reference)
        let zeros = [Int16](repeating: 0, count: 8)
        let moreZeros = [Int16](repeating: 0, count: 12)
        #expect(zeros.withUnsafeBufferPointer { DecodedSoundFile.checksum($0) }
                != moreZeros.withUnsafeBufferPointer { DecodedSoundFile.checksum($0) })
    }

    @Test func namesAreOneFixedWidthFilePerPath() {
        let name = DecodedSoundFile.fileName(forSourcePath: source.path)
        #expect(name.count == 20 && name.hasSuffix(".pcm"))
        #expect(name.dropLast(4).allSatisfy { $0.isHexDigit })
        #expect(DecodedSoundFile.fileName(forSourcePath: source.path) == name)
        #expect(DecodedSoundFile.fileName(forSourcePath: source.path + "x") != name)
    }
}
