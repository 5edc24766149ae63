import Glibc
import NoiseAudio
import NoiseCore

/// Decoded sounds kept on disk across restarts, so the noise played every night is decoded once, not at every
/// start of the daemon (and `play` answers without a decode). A cache, never a store of record: every failure
/// (a missing or read-only folder, a full disk, a damaged file) is a miss, and the sound is decoded as before.
/// Methods block; callers run them on a blocking-work thread, never on an actor.
public protocol DecodedSoundStore: Sendable {
    /// How `path` is now on disk, to check a cache entry against and to save one with; nil if it cannot be read.
    func source(for path: String) -> DecodedSoundFile.Source?
    /// The decoded samples of `source` when an entry stands for it exactly and holds a number of frames in
    /// `frames`: a buffer holding its first block, checked, and the work that reads the rest into it.
    func load(_ source: DecodedSoundFile.Source, frames: ClosedRange<Int>) -> DecodedSoundLoad?
    /// Keeps `buffer` as the decode of `source`, then trims the folder to its byte budget.
    func save(_ buffer: PCMBuffer, for source: DecodedSoundFile.Source)
    /// Deletes the decoded copy of the file at `sourcePath`, if any (the sound was removed).
    func remove(sourcePath: String)
}

/// A decoded copy being read: `buffer` holds its first block, checked; `readRest` reads and checks the others into
/// it, blocking, and says whether every one was good (on false the buffer stops where the bad block begins).
/// `readRest` must be called once: it closes the file.
public struct DecodedSoundLoad: Sendable {
    public let buffer: PCMBuffer
    public let readRest: @Sendable () -> Bool

    public init(buffer: PCMBuffer, readRest: @escaping @Sendable () -> Bool) {
        self.buffer = buffer
        self.readRest = readRest
    }
}

/// The real one: one file per source path in a folder of its own, least recently used out past the budget.
public struct DiskDecodedSoundStore: DecodedSoundStore {
    public let folder: String
    public let budgetBytes: Int

    public init(folder: String, budgetBytes: Int = DaemonLimits.decodedSoundCacheMiB << 20) {
        self.folder = folder
        self.budgetBytes = budgetBytes
    }

    public func source(for path: String) -> DecodedSoundFile.Source? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return DecodedSoundFile.Source(
            path: path, size: UInt64(info.st_size),
            modifiedNanoseconds: Self.nanoseconds(info.st_mtim),
            changedNanoseconds: Self.nanoseconds(info.st_ctim), inode: UInt64(info.st_ino))
    }

    public func load(_ source: DecodedSoundFile.Source, frames: ClosedRange<Int>) -> DecodedSoundLoad? {
        // Non-blocking, so a FIFO put in its place cannot hang the load; anything but a regular file is a miss.
        let descriptor = open(entryPath(source), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        var header = [UInt8](repeating: 0, count: DecodedSoundFile.headerBytes + source.path.utf8.count)
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            Self.readFully(descriptor, into: &header),
            let contents = DecodedSoundFile.contents(ofHeader: header, fileBytes: Int(info.st_size), source: source),
            frames.contains(contents.frameCount)
        else {
            close(descriptor)
            return nil
        }
        var table = [UInt8](repeating: 0, count: contents.blockCount * 8)
        let buffer = PCMBuffer(filling: contents.frameCount)
        // Blocks are read in order, each checked before it is made ready: no unchecked sample is ever played.
        @Sendable func readBlock(_ index: Int, _ checksums: [UInt64]) -> Bool {
            let frames = contents.frames(ofBlock: index).count
            return buffer.append(upTo: frames) { block in
                Self.readFully(descriptor, into: UnsafeMutableRawBufferPointer(block))
                    && DecodedSoundFile.checksum(UnsafeRawBufferPointer(block)) == checksums[index] ? frames : 0
            } == frames
        }
        guard Self.readFully(descriptor, into: &table),
            let checksums = DecodedSoundFile.blockChecksums(ofTable: table, contents: contents),
            readBlock(0, checksums)
        else {
            close(descriptor)
            return nil
        }
        return DecodedSoundLoad(buffer: buffer) {
            defer { close(descriptor) }
            for index in 1..<contents.blockCount where !readBlock(index, checksums) { return false }
            // Marks it used, for the trimming in `save`: the file's own mtime is not part of what is checked.
            futimens(descriptor, nil)
            return true
        }
    }

    public func save(_ buffer: PCMBuffer, for source: DecodedSoundFile.Source) {
        guard buffer.byteCount <= budgetBytes, (try? LocalFileSystem().createDirectory(folder)) != nil else { return }
        let final = entryPath(source)
        // Unique per save: two plays of one sound may decode and save it at once.
        let partial = final + ".\(getpid())-\(UInt32.random(in: 0...UInt32.max)).part"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let written = buffer.withReadySamples { samples in
            let header = DecodedSoundFile.header(for: source, samples: samples)
            return header.withUnsafeBytes { Self.writeFully(descriptor, $0) }
                && Self.writeFully(descriptor, UnsafeRawBufferPointer(samples))
        }
        // No fsync: after a crash a file cut short fails its checksum and is decoded again.
        guard close(descriptor) == 0, written, rename(partial, final) == 0 else {
            unlink(partial)
            return
        }
        trim(keeping: final)
    }

    public func remove(sourcePath: String) {
        unlink(folder + "/" + DecodedSoundFile.fileName(forSourcePath: sourcePath))
    }

    /// Deletes the least recently used entries (and parts left by a crash) until the folder fits its budget.
    private func trim(keeping kept: String) {
        guard let names = try? LocalFileSystem().contentsOfDirectory(folder) else { return }
        var entries: [(path: String, bytes: Int, used: Int64)] = []
        for name in names {
            let path = folder + "/" + name
            var info = stat()
            guard name.hasSuffix(".pcm") || name.hasSuffix(".part"), stat(path, &info) == 0 else { continue }
            let used = Self.nanoseconds(info.st_mtim)
            if name.hasSuffix(".part") {
                // Another save may be writing it; one untouched for an hour was left by a crash.
                if Int64(time(nil)) * 1_000_000_000 - used > 3_600_000_000_000 { unlink(path) }
                continue
            }
            entries.append((path, Int(info.st_size), used))
        }
        var total = entries.reduce(0) { $0 + $1.bytes }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > budgetBytes && entry.path != kept {
            if unlink(entry.path) == 0 { total -= entry.bytes }
        }
    }

    private func entryPath(_ source: DecodedSoundFile.Source) -> String {
        folder + "/" + DecodedSoundFile.fileName(forSourcePath: source.path)
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    private static func readFully(_ descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
        bytes.withUnsafeMutableBytes { readFully(descriptor, into: $0) }
    }

    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        whole(buffer.count) { done in read(descriptor, buffer.baseAddress! + done, buffer.count - done) }
    }

    private static func writeFully(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        whole(buffer.count) { done in write(descriptor, buffer.baseAddress! + done, buffer.count - done) }
    }

    /// Repeats a read or write (`step`, given the bytes done so far) until `count` bytes are done; false on an
    /// error or an early end of file.
    private static func whole(_ count: Int, _ step: (Int) -> Int) -> Bool {
        var done = 0
        while done < count {
            let moved = step(done)
            if moved < 0 && errno == EINTR { continue }
            guard moved > 0 else { return false }
            done += moved
        }
        return true
    }
}
