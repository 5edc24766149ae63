import Foundation
import NoiseAudio
import NoiseCore
import Testing

@testable import NoiseDaemon

/// The real store against a temporary folder: what is saved comes back only while it stands for the file.
@Suite("Decoded sounds kept on disk")
final class DecodedSoundStoreTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("decoded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/sounds", withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func sound(_ name: String, bytes: Int = 1_000) throws -> String {
        let path = root + "/sounds/" + name
        try Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 * 31 + name.count) }).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    func buffer(frames: Int, seed: Int) -> PCMBuffer {
        PCMBuffer(samples: (0..<(frames * 2)).map { Int16(truncatingIfNeeded: $0 &* 2_654_435 &+ seed) })
    }

    /// What a player gets once a load has read everything: the buffer, or nil when any part was a miss.
    func loadWhole(
        _ store: DiskDecodedSoundStore, _ source: DecodedSoundFile.Source, maxFrames: Int = .max
    ) -> PCMBuffer? {
        guard let load = store.load(source, frames: 1...maxFrames), load.readRest() else { return nil }
        return load.buffer
    }

    func entries(_ store: DiskDecodedSoundStore) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.folder)) ?? []).sorted()
    }

    @Test func whatIsSavedComesBackSampleForSample() throws {
        let store = DiskDecodedSoundStore(folder: root + "/cache/noised/decoded")
        let path = try sound("rain.mp3")
        let source = try #require(store.source(for: path))
        let saved = buffer(frames: 10_000, seed: 1)
        store.save(saved, for: source)
        #expect(entries(store) == [DecodedSoundFile.fileName(forSourcePath: path)])
        let loaded = try #require(loadWhole(store, source, maxFrames: 10_000))
        #expect(loaded.samples == saved.samples)
        #expect(store.load(source, frames: 1...9_999) == nil)
    }

    @Test func aChangedSourceIsAMiss() throws {
        let store = DiskDecodedSoundStore(folder: root + "/decoded")
        let path = try sound("rain.mp3")
        store.save(buffer(frames: 100, seed: 1), for: try #require(store.source(for: path)))
        // Same size, written again: its ctime (and mtime) move on. The kernel stamps files from a clock that
        // ticks every few milliseconds, so a rewrite within the same tick would not show; wait one out.
        Thread.sleep(forTimeInterval: 0.01)
        _ = try sound("rain.mp3")
        let now = try #require(store.source(for: path))
        #expect(loadWhole(store, now) == nil)
    }

    @Test func aDamagedOrCutFileIsAMiss() throws {
        let store = DiskDecodedSoundStore(folder: root + "/decoded")
        let path = try sound("rain.mp3")
        let source = try #require(store.source(for: path))
        store.save(buffer(frames: 1_000, seed: 2), for: source)
        let entry = store.folder + "/" + DecodedSoundFile.fileName(forSourcePath: path)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))
        bytes[bytes.count - 1_001] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: entry))
        #expect(loadWhole(store, source) == nil)
        try Data(bytes.dropLast(4)).write(to: URL(fileURLWithPath: entry))
        #expect(loadWhole(store, source) == nil)
        try Data().write(to: URL(fileURLWithPath: entry))
        #expect(loadWhole(store, source) == nil)
        // Saving again repairs it.
        store.save(buffer(frames: 1_000, seed: 2), for: source)
        #expect(loadWhole(store, source)?.samples == buffer(frames: 1_000, seed: 2).samples)
    }

    /// A sound plays from its first block on while the rest is read: each block is checked before it is made
    /// ready, and a damaged one stops the filling where it begins.
    @Test func blocksBecomeReadyOneByOneAndADamagedOneStopsTheFilling() throws {
        let store = DiskDecodedSoundStore(folder: root + "/decoded")
        let path = try sound("rain.mp3")
        let source = try #require(store.source(for: path))
        let frames = 3 * DecodedSoundFile.blockFrames + 500
        let saved = buffer(frames: frames, seed: 3)
        store.save(saved, for: source)
        let load = try #require(store.load(source, frames: 1...frames))
        #expect(load.buffer.frameCount == frames)
        #expect(load.buffer.readyFrames == DecodedSoundFile.blockFrames, "the first block, before the rest is read")
        #expect(load.buffer.samples == Array(saved.samples.prefix(2 * DecodedSoundFile.blockFrames)))
        #expect(load.readRest())
        #expect(load.buffer.samples == saved.samples)

        // One bit flipped in the third block's samples.
        let entry = store.folder + "/" + DecodedSoundFile.fileName(forSourcePath: path)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))
        bytes[bytes.count - (frames - 2 * DecodedSoundFile.blockFrames - 10) * 4] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: entry))
        let damaged = try #require(store.load(source, frames: 1...frames))
        #expect(!damaged.readRest())
        #expect(damaged.buffer.readyFrames == 2 * DecodedSoundFile.blockFrames, "the good blocks before it")
        #expect(damaged.buffer.samples == Array(saved.samples.prefix(4 * DecodedSoundFile.blockFrames)))
    }

    @Test func theFolderIsTrimmedToItsBudgetLeastRecentlyUsedFirst() throws {
        // Each entry is 4,000 bytes of samples plus its header: three fit in 13,000 bytes, four do not.
        let store = DiskDecodedSoundStore(folder: root + "/decoded", budgetBytes: 13_000)
        let paths = try ["a", "b", "c", "d"].map { try sound($0 + ".mp3") }
        let sources = try paths.map { try #require(store.source(for: $0)) }
        for (index, source) in sources.prefix(3).enumerated() {
            store.save(buffer(frames: 1_000, seed: index), for: source)
            // Last used 3, 2 and 1 hours ago, in that order.
            let entry = store.folder + "/" + DecodedSoundFile.fileName(forSourcePath: source.path)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: Double(index - 3) * 3_600)],
                ofItemAtPath: entry)
        }
        #expect(loadWhole(store, sources[0]) != nil)  // a is now the most recently used
        store.save(buffer(frames: 1_000, seed: 3), for: sources[3])
        #expect(loadWhole(store, sources[1]) == nil)
        for index in [0, 2, 3] { #expect(loadWhole(store, sources[index]) != nil) }
        #expect(entries(store).count == 3)
    }

    @Test func aFolderThatCannotBeMadeSavesNothingAndFailsNothing() throws {
        let blocker = root + "/cache"
        try Data("a file where the folder should be".utf8).write(to: URL(fileURLWithPath: blocker))
        let store = DiskDecodedSoundStore(folder: blocker + "/noised/decoded")
        let source = try #require(store.source(for: try sound("rain.mp3")))
        store.save(buffer(frames: 100, seed: 1), for: source)
        #expect(loadWhole(store, source) == nil)
        #expect(store.source(for: root + "/sounds/missing.mp3") == nil)
    }

    @Test func somethingElseInAnEntrysPlaceIsAMissAndDoesNotHang() throws {
        let store = DiskDecodedSoundStore(folder: root + "/decoded")
        let path = try sound("rain.mp3")
        let source = try #require(store.source(for: path))
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        let entry = store.folder + "/" + DecodedSoundFile.fileName(forSourcePath: path)
        #expect(mkfifo(entry, 0o600) == 0)
        #expect(loadWhole(store, source) == nil)
        unlink(entry)
        #expect(symlink("/dev/zero", entry) == 0)
        #expect(loadWhole(store, source) == nil)
    }

    @Test func leavesNoPartialFilesBehind() throws {
        let store = DiskDecodedSoundStore(folder: root + "/decoded")
        for name in ["a", "b"] {
            store.save(buffer(frames: 500, seed: 1), for: try #require(store.source(for: try sound(name + ".mp3"))))
        }
        #expect(entries(store).allSatisfy { $0.hasSuffix(".pcm") })
        #expect(entries(store).count == 2)
    }

    /// The first play of a sound never decoded: the decoder that opened the file decodes it (the file is opened
    /// and its kind read once). A tone (not progressive) is whole when handed over; a noise is handed over once
    /// its first chunk is decoded and fills in behind. Either way the copy on disk is written after, from the
    /// whole decode, and the buffer ends exactly where the file does.
    @Test(arguments: [true, false])
    func aFirstPlayDecodesTheFileItOpenedAndKeepsTheCopyAfter(progressive: Bool) async throws {
        let repository = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let path = root + "/sounds/rain.mp3"
        try FileManager.default.copyItem(atPath: repository + "/sounds/rain.mp3", toPath: path)
        let store = DiskDecodedSoundStore(folder: root + "/decoded")
        let whole = try AudioDecoding.decodeAll(path: path)
        guard
            case .buffer(let buffer) = try await SoundLoader.load(
                path: path, maxCachedBytes: 64 << 20, store: store,
                progressive: progressive)
        else {
            Issue.record("a sound that fits the cache is a buffer")
            return
        }
        if !progressive { #expect(buffer.isComplete && buffer.samples == whole.samples) }
        // More than the output thread mixes at once when a voice starts (the device's whole buffer), so it never
        // gets past what the decode has written.
        let deviceBuffer = AudioFormat.frames(seconds: Double(AudioLimits.deviceLatencyMicroseconds) / 1_000_000)
        #expect(
            buffer.readyFrames >= min(whole.frameCount, 2 * deviceBuffer), "a second is ready when it is handed over")
        // The copy comes on a file-work thread: wait for its file (renamed into place whole), with a deadline.
        let kept = DecodedSoundFile.fileName(forSourcePath: path)
        let deadline = ContinuousClock.now + .seconds(30)
        while !entries(store).contains(kept), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        let source = try #require(store.source(for: path))
        let saved = try #require(loadWhole(store, source))
        #expect(saved.samples == whole.samples)
        #expect(buffer.isComplete && buffer.frameCount == whole.frameCount && buffer.samples == whole.samples)
    }
}
