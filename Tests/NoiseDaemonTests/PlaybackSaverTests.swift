import NoiseCatalog
import NoiseStore
import Testing

@testable import NoiseDaemon

/// What the player's state saver hands to the store, and when, on its own: the writer is counted, not run, so
/// each test says exactly which states a write would take.
@Suite("Playback saver")
struct PlaybackSaverTests {
    static let quiet = StoredPlayback(masterVolume: 100, state: .stopped, lastMix: [])
    static func volume(_ volume: Double) -> StoredPlayback {
        StoredPlayback(masterVolume: volume, state: .playing, lastMix: [MixSound(id: "rain", volume: 40)])
    }

    /// A saver over the real store's in-memory database, and how many writers it started.
    final class Rig {
        var saver: PlaybackSaver
        var writers = 0

        init(memory: Bool = true) throws {
            saver = PlaybackSaver(memory: memory ? PlaybackStore(try .inMemory()) : nil)
        }

        func change(to state: StoredPlayback) {
            saver.changed(to: state) { _ in
                writers += 1
                return Task {}
            }
        }

        /// What the writer would write, in order, until it ends.
        func drain() -> [StoredPlayback] {
            var written: [StoredPlayback] = []
            while let next = saver.nextToWrite() { written.append(next) }
            return written
        }
    }

    /// Before `restore` has read the store, a write would overwrite what it is about to read.
    @Test func nothingIsWrittenBeforeTheStateIsRestored() throws {
        let rig = try Rig()
        rig.change(to: Self.volume(50))
        #expect(rig.writers == 0 && rig.drain().isEmpty)
    }

    @Test func aChangeStartsOneWriterAndAnUnchangedStateNone() throws {
        let rig = try Rig()
        rig.saver.restored(Self.quiet)
        rig.change(to: Self.quiet)
        #expect(rig.writers == 0)
        rig.change(to: Self.volume(50))
        #expect(rig.writers == 1 && rig.saver.writing != nil)
        #expect(rig.drain() == [Self.volume(50)])
        #expect(rig.saver.writing == nil, "the writer ended with nothing left")
        rig.change(to: Self.volume(50))
        #expect(rig.writers == 1, "written already")
    }

    /// A volume slider's flood leaves the write in flight and one state waiting: the newest.
    @Test func aFloodLeavesOnlyTheNewestWaiting() throws {
        let rig = try Rig()
        rig.saver.restored(Self.quiet)
        for volume in stride(from: 10.0, through: 90, by: 10) { rig.change(to: Self.volume(volume)) }
        #expect(rig.writers == 1)
        #expect(rig.drain() == [Self.volume(90)])
    }

    @Test func nothingIsWrittenAfterStopOrWithoutAStore() throws {
        let rig = try Rig()
        rig.saver.restored(Self.quiet)
        rig.change(to: Self.volume(50))
        let inFlight = rig.saver.stop()
        #expect(inFlight != nil, "the write in flight is waited for")
        rig.change(to: Self.volume(60))
        #expect(rig.writers == 1 && rig.drain() == [Self.volume(50)])

        let none = try Rig(memory: false)
        none.saver.restored(Self.quiet)
        none.change(to: Self.volume(50))
        #expect(none.writers == 0 && none.saver.memory == nil)
    }
}
