import Testing

@testable import NoiseAudio

@Suite("Decoded-sound cache")
struct SoundCacheTests {
    func buffer(bytes: Int) -> PCMBuffer {
        PCMBuffer(samples: [Int16](repeating: 0, count: bytes / 2))
    }

    @Test func evictsTheLeastRecentlyUsed() {
        var cache = SoundCache(budgetBytes: 300)
        let stored1 = cache.insert(buffer(bytes: 100), for: "a", pinned: [])
        #expect(stored1)
        let stored2 = cache.insert(buffer(bytes: 100), for: "b", pinned: [])
        #expect(stored2)
        let stored3 = cache.insert(buffer(bytes: 100), for: "c", pinned: [])
        #expect(stored3)
        _ = cache.buffer(for: "a")
        let stored4 = cache.insert(buffer(bytes: 100), for: "d", pinned: [])
        #expect(stored4)
        let cachedb7 = cache.buffer(for: "b")
        #expect(cachedb7 == nil)
        let cacheda7 = cache.buffer(for: "a")
        #expect(cacheda7 != nil)
        #expect(cache.usedBytes == 300)
    }

    @Test func neverEvictsWhatIsPlaying() {
        var cache = SoundCache(budgetBytes: 200)
        cache.insert(buffer(bytes: 100), for: "a", pinned: [])
        cache.insert(buffer(bytes: 100), for: "b", pinned: [])
        let stored5 = cache.insert(buffer(bytes: 148), for: "c", pinned: ["a", "b"])
        #expect(!stored5)
        let stored6 = cache.insert(buffer(bytes: 100), for: "c", pinned: ["a"])
        #expect(stored6)
        let cacheda7 = cache.buffer(for: "a")
        #expect(cacheda7 != nil)
        let cachedb7 = cache.buffer(for: "b")
        #expect(cachedb7 == nil)
    }

    @Test func refusesWhatCanNeverFit() {
        var cache = SoundCache(budgetBytes: 100)
        let stored7 = cache.insert(buffer(bytes: 200), for: "big", pinned: [])
        #expect(!stored7)
        #expect(cache.count == 0)
    }
}
