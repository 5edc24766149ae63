import NoiseCore

/// The layout of a decoded sound kept on disk (`$XDG_CACHE_HOME/noised/decoded/*.pcm`), so a sound played
/// before is not decoded again after a restart: a header naming the source file as it was when decoded, a
/// checksum per block of samples, then the samples exactly as the decoder gave them. Pure: building and checking
/// headers, no I/O.
///
/// The header is 64 bytes, little-endian, followed by the source's path (UTF-8), one 64-bit checksum per block
/// of `blockFrames` frames (the last block may be shorter), and the samples (native order; the byte-order mark
/// makes a file from a machine of the other order a miss rather than noise):
///
///     0  "NOISEPCM"   8 version   12 byte-order mark   16 source size   24 source mtime (ns)
///     32 source ctime (ns)   40 source inode   48 frames   56 checksum of the block checksums
///
/// and the path's length is the bytes between the header and the checksums. Any mismatch of the header is a
/// miss: the sound is decoded again, never played from a file that may not be what the source now holds. The
/// checksums per block let a sound start playing once its first block is read and checked.
public enum DecodedSoundFile {
    public static let headerBytes = 64
    /// About 1.5 s of audio, 256 KiB: what must be read and checked before a sound can start.
    public static let blockFrames = 65_536
    static let magic: [UInt8] = Array("NOISEPCM".utf8)
    /// Bumped whenever the layout or what the decoder is asked for (rate, channels, gapless) changes.
    static let version: UInt32 = 2
    static let byteOrderMark: UInt32 = 0x0102_0304

    /// What identifies a source file's contents without reading it: a change of any of these (ctime moves on
    /// every write and cannot be set back by a user, unlike mtime) means the cache no longer stands for it.
    public struct Source: Equatable, Sendable {
        public var path: String
        public var size: UInt64
        public var modifiedNanoseconds: Int64
        public var changedNanoseconds: Int64
        public var inode: UInt64

        public init(path: String, size: UInt64, modifiedNanoseconds: Int64, changedNanoseconds: Int64, inode: UInt64) {
            self.path = path
            self.size = size
            self.modifiedNanoseconds = modifiedNanoseconds
            self.changedNanoseconds = changedNanoseconds
            self.inode = inode
        }
    }

    /// What the header says about the checksums and samples that follow it.
    public struct Contents: Equatable, Sendable {
        public var frameCount: Int
        /// The checksum of the block checksums.
        public var tableChecksum: UInt64
        /// Where the block checksums start in the file; the samples follow them.
        public var tableOffset: Int

        public var blockCount: Int { (frameCount + DecodedSoundFile.blockFrames - 1) / DecodedSoundFile.blockFrames }
        public var samplesOffset: Int { tableOffset + blockCount * 8 }
        /// The frames of block `index`.
        public func frames(ofBlock index: Int) -> Range<Int> {
            index * DecodedSoundFile.blockFrames..<min(frameCount, (index + 1) * DecodedSoundFile.blockFrames)
        }
    }

    /// The cache file's name for a source path: one file per path, so a changed source replaces its entry.
    public static func fileName(forSourcePath path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16, width: 16) + ".pcm"
    }

    /// The header, path and block checksums for `samples` decoded from `source`: all that precedes the samples.
    public static func header(for source: Source, samples: UnsafeBufferPointer<Int16>) -> [UInt8] {
        let frames = samples.count / AudioFormat.channels
        let blocks = stride(from: 0, to: frames, by: blockFrames).map { first in
            checksum(
                UnsafeRawBufferPointer(
                    rebasing: UnsafeRawBufferPointer(samples)[
                        (first * AudioFormat.bytesPerFrame)..<(min(frames, first + blockFrames)
                            * AudioFormat.bytesPerFrame)]))
        }
        var table: [UInt8] = []
        for block in blocks { append(block, to: &table) }
        var bytes: [UInt8] = magic
        bytes.reserveCapacity(headerBytes + source.path.utf8.count + table.count)
        append(UInt64(version) | UInt64(byteOrderMark.littleEndian) << 32, to: &bytes)
        append(source.size, to: &bytes)
        append(UInt64(bitPattern: source.modifiedNanoseconds), to: &bytes)
        append(UInt64(bitPattern: source.changedNanoseconds), to: &bytes)
        append(source.inode, to: &bytes)
        append(UInt64(frames), to: &bytes)
        append(table.withUnsafeBytes { checksum($0) }, to: &bytes)
        bytes.append(contentsOf: source.path.utf8)
        return bytes + table
    }

    /// Checks a header (the file's first bytes, at least `headerBytes` plus the path) against the source as it
    /// is now and the file's length; nil when it does not stand for that source.
    public static func contents(ofHeader bytes: [UInt8], fileBytes: Int, source: Source) -> Contents? {
        let pathBytes = Array(source.path.utf8)
        let tableOffset = headerBytes + pathBytes.count
        guard bytes.count >= tableOffset, Array(bytes[0..<8]) == magic else { return nil }
        let expected = Source(
            path: source.path, size: word(bytes, 16), modifiedNanoseconds: Int64(bitPattern: word(bytes, 24)),
            changedNanoseconds: Int64(bitPattern: word(bytes, 32)), inode: word(bytes, 40))
        guard UInt32(truncatingIfNeeded: word(bytes, 8)) == version,
            UInt32(truncatingIfNeeded: word(bytes, 8) >> 32) == byteOrderMark.littleEndian,
            expected == source,
            Array(bytes[headerBytes..<tableOffset]) == pathBytes
        else { return nil }
        let frames = word(bytes, 48)
        guard frames > 0, frames <= UInt64(Int.max / AudioFormat.bytesPerFrame / 2) else { return nil }
        let contents = Contents(frameCount: Int(frames), tableChecksum: word(bytes, 56), tableOffset: tableOffset)
        guard fileBytes - contents.samplesOffset == contents.frameCount * AudioFormat.bytesPerFrame else { return nil }
        return contents
    }

    /// The block checksums, if `table` (the bytes from `tableOffset` to `samplesOffset`) is what the header says.
    public static func blockChecksums(ofTable table: [UInt8], contents: Contents) -> [UInt64]? {
        guard table.count == contents.blockCount * 8, table.withUnsafeBytes({ checksum($0) }) == contents.tableChecksum
        else { return nil }
        return (0..<contents.blockCount).map { word(table, $0 * 8) }
    }

    /// A 64-bit checksum of some bytes, to catch a file damaged or cut short on disk (not an adversary): four
    /// independent lanes of xor-multiply over 64-bit words, so it runs at memory speed (about 2 ms for a minute of
    /// audio against about 100 ms to decode it).
    public static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        let words = raw.count / 8
        var index = 0
        while index + 4 <= words {
            lanes.0 = (lanes.0 ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* prime
            lanes.1 = (lanes.1 ^ raw.loadUnaligned(fromByteOffset: index * 8 + 8, as: UInt64.self)) &* prime
            lanes.2 = (lanes.2 ^ raw.loadUnaligned(fromByteOffset: index * 8 + 16, as: UInt64.self)) &* prime
            lanes.3 = (lanes.3 ^ raw.loadUnaligned(fromByteOffset: index * 8 + 24, as: UInt64.self)) &* prime
            index += 4
        }
        var hash = UInt64(raw.count)
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
            hash = (hash ^ lane ^ (lane >> 29)) &* prime
        }
        for offset in (index * 8)..<raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* prime
        }
        return hash ^ (hash >> 32)
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
