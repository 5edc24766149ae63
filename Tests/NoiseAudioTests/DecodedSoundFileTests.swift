import Testing

@testable import NoiseAudio

@Suite("Decoded sound file layout")
struct DecodedSoundFileTests {
    let source = DecodedSoundFile.Source(
        path: "/home/u/.local/share/noised/sounds/rain.mp3", size: 1_443_839,
        modifiedNanoseconds: 1_763_750_000_123_456_789,
        changedNanoseconds: 1_763_750_001_000_000_000, inode: 424_242)
    /// Three blocks: two whole ones and 1,000 frames.
    let samples: [Int16] = (0..<((2 * DecodedSoundFile.blockFrames + 1_000) * 2)).map {
        Int16(truncatingIfNeeded: $0 &* 7919)
    }

    func header(_ source: DecodedSoundFile.Source? = nil) -> [UInt8] {
        samples.withUnsafeBufferPointer { DecodedSoundFile.header(for: source ?? self.source, samples: $0) }
    }

    var fileBytes: Int { header().count + samples.count * 2 }

    func checksum(_ samples: ArraySlice<Int16>) -> UInt64 {
        samples.withUnsafeBytes { DecodedSoundFile.checksum($0) }
    }

    @Test func aHeaderStandsForTheSourceItWasMadeFromWithAChecksumPerBlock() throws {
        let bytes = header()
        #expect(bytes.count == DecodedSoundFile.headerBytes + source.path.utf8.count + 3 * 8)
        let contents = try #require(DecodedSoundFile.contents(ofHeader: bytes, fileBytes: fileBytes, source: source))
        #expect(contents.frameCount == 2 * DecodedSoundFile.blockFrames + 1_000)
        #expect(contents.blockCount == 3)
        #expect(contents.samplesOffset == bytes.count)
        let block = DecodedSoundFile.blockFrames * 2
        #expect(contents.frames(ofBlock: 2) == 2 * DecodedSoundFile.blockFrames..<contents.frameCount)
        let table = Array(bytes[contents.tableOffset...])
        #expect(
            DecodedSoundFile.blockChecksums(ofTable: table, contents: contents)
                == [
                    checksum(samples[0..<block]), checksum(samples[block..<(2 * block)]),
                    checksum(samples[(2 * block)...]),
                ])
        var damaged = table
        damaged[9] ^= 0x04
        #expect(DecodedSoundFile.blockChecksums(ofTable: damaged, contents: contents) == nil, "a damaged table")
        #expect(DecodedSoundFile.blockChecksums(ofTable: Array(table.dropLast(8)), contents: contents) == nil)
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
        #expect(
            DecodedSoundFile.contents(ofHeader: Array(header().prefix(40)), fileBytes: fileBytes, source: source) == nil
        )
    }

    @Test(arguments: [0, 8, 12])
    func anotherMagicVersionOrByteOrderIsAMiss(_ offset: Int) {
        var bytes = header()
        bytes[offset] ^= 0x01
        #expect(DecodedSoundFile.contents(ofHeader: bytes, fileBytes: fileBytes, source: source) == nil)
    }

    @Test func theChecksumSeesOneFlippedBitAnywhereAndTheLength() {
        let part = samples[0..<2_000]
        let reference = checksum(part)
        for index in [0, 1, 3, 4, 999, 1_996, 1_999] {
            for bit in [0, 7, 15] {
                var damaged = part
                damaged[index] ^= Int16(truncatingIfNeeded: 1 << bit)
                #expect(checksum(damaged) != reference)
            }
        }
        #expect(checksum(part.dropLast(2)) != reference)
        #expect(checksum([Int16](repeating: 0, count: 8)[...]) != checksum([Int16](repeating: 0, count: 12)[...]))
    }

    @Test func namesAreOneFixedWidthFilePerPath() {
        let name = DecodedSoundFile.fileName(forSourcePath: source.path)
        #expect(name.count == 20 && name.hasSuffix(".pcm"))
        #expect(name.dropLast(4).allSatisfy { $0.isHexDigit })
        #expect(DecodedSoundFile.fileName(forSourcePath: source.path) == name)
        #expect(DecodedSoundFile.fileName(forSourcePath: source.path + "x") != name)
    }
}
