import NoiseCatalog
import NoiseCore
import Synchronization
import Testing

@testable import NoiseAudio
@testable import NoiseDaemon
@testable import NoiseProtocol

/// A loop with events through the player and the engine: the events' files are loaded with the loop, mixed over it
/// where the schedule of the play's own seed says, and a new play draws a new seed.
@Suite("Player: a loop with events", .timeLimit(.minutes(1)))
struct PlayerSoundscapeTests {
    /// Events every 0.15 to 0.4 s, each 0.1 s of +500 over the loop's 1,000.
    static let events = SoundEvents(files: ["drip-1.wav", "drip-2.wav"], every: 0.15...0.4, gainDB: 0...0)
    static let eventFrames = 4_410
    static let periods = 100

    /// Where the events of `seed` fall in the first `frames` frames: the loop's 1,000, with 1,500 under an event.
    static func expected(seed: UInt64, frames: Int) -> [Int16] {
        var schedule = EventSchedule(events: events, seed: seed, framesPerSecond: AudioFormat.sampleRate)
        var samples = [Int16](repeating: 1_000, count: frames * 2)
        while true {
            let event = schedule.next()
            guard event.frame < frames else { return samples }
            for frame in event.frame..<min(frames, event.frame + eventFrames) {
                samples[frame * 2] = 1_500
                samples[frame * 2 + 1] = 1_500
            }
        }
    }

    @Test func eachPlayMixesItsEventsWhereItsOwnSeedSays() async throws {
        let seeds = SeedList([11, 12])
        let rig = await PlayerRig(
            sounds: [("drips", 1_000, 0.5)], events: ["drips": (Self.events, 500, 0.1)],
            makeSeed: { seeds.next() })
        _ = try await rig.player.play(Commands.Play(sounds: ["drips"], fadeIn: 0))
        #expect(await rig.output.next() == .open)
        let heard = await rig.periods(Self.periods)
        #expect(heard == Self.expected(seed: 11, frames: Self.periods * PlayerRig.periodFrames))
        #expect(heard.filter { $0 == 1_500 }.count >= 2 * Self.eventFrames * 2)
        #expect(seeds.left == 1)

        _ = try await rig.player.stop(Commands.Stop(fade: 0))
        _ = await rig.periods(1)
        _ = await rig.handOnEventsUntilVoicesEnd()
        _ = try await rig.player.play(Commands.Play(sounds: ["drips"], fadeIn: 0))
        // The second play drew the next seed (what it sounds like is the schedule's, tested above and alone).
        #expect(seeds.left == 0)
        await rig.tearDown()
    }

    @Test func aLoopWhoseEventFileCannotBeLoadedIsRefusedNamingIt() async throws {
        let rig = await PlayerRig(sounds: [("drips", 1_000, 0.5), ("rain", 2_000, 0.5)])
        // The library names event files the store does not hold.
        let lost = Sound(
            entry: SoundEntry(
                id: "lost", name: "Lost", category: "t", file: "rain.mp3", kind: .loop, events: Self.events),
            source: .builtin, path: "/nonexistent/rain.mp3", eventPaths: ["/nonexistent/gone.wav"])
        await rig.player.replaceLibrary(
            CatalogKeeper.Versioned(library: SoundLibrary(sounds: [lost]), version: 1))
        do {
            _ = try await rig.player.play(Commands.Play(sounds: ["lost"], fadeIn: 0))
            Issue.record("a loop whose event file cannot be loaded played")
        } catch {
            #expect(error.message.hasPrefix("sound 'lost' cannot be played: its event file /nonexistent/gone.wav: "))
        }
        #expect(await rig.player.playback().playing.isEmpty)
        await rig.tearDown()
    }
}

/// Hands out the given seeds in turn (the player asks from its actor; a lock keeps the test's list Sendable).
final class SeedList: Sendable {
    private let seeds: Mutex<[UInt64]>
    init(_ seeds: [UInt64]) { self.seeds = Mutex(seeds) }
    func next() -> UInt64 { seeds.withLock { $0.isEmpty ? 0 : $0.removeFirst() } }
    var left: Int { seeds.withLock { $0.count } }
}
