import NoiseCatalog
import NoiseCore
import NoiseStore
import NoiseTesting
import Testing

@testable import NoiseAudio
@testable import NoiseDaemon
@testable import NoiseProtocol

/// A dawn's sound (docs/alarms.md, "Dawn"): the night's sounds fade out and the morning's mix fades in over the dawn,
/// at its saved balance scaled by the alarm's volume; a sound in both plays on as it is.
@Suite("Player: a dawn's sound", .timeLimit(.minutes(1)))
struct PlayerDawnSoundTests {
    @Test func theNightFadesOutAndTheMorningMixRisesToTheAlarmsVolume() async throws {
        let rig = await PlayerRig(
            sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5), ("birds", 4_000, 0.5)],
            memory: PlaybackStore(try .inMemory()))
        rig.output.runFree()
        _ = try await rig.player.play(Commands.Play(sounds: ["birds", "fan"], volume: 50, fadeIn: 0))
        _ = try await rig.player.saveMix(named: "morning")
        _ = try await rig.player.stop(Commands.Stop(fade: 0))
        _ = try await rig.player.play(Commands.Play(sounds: ["rain", "fan"], volume: 30, fadeIn: 0))

        #expect(await rig.player.playDawnSound(mix: "morning", over: 1800, volume: 80) == nil)
        let playing = await rig.player.playback().playing
        #expect(playing.map(\.id) == ["birds", "fan", "rain"])
        #expect(playing.map(\.state) == [.fadingIn, .playing, .fadingOut], "birds come, fan stays, rain leaves")
        #expect(
            playing.map(\.volume) == [40, 30, 30], "birds at their saved 50 scaled by the alarm's 80; fan as it was")
        await rig.tearDown()
    }

    @Test func aMixThatIsGoneChangesNothing() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5)], memory: PlaybackStore(try .inMemory()))
        rig.output.runFree()
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], volume: 30, fadeIn: 0))
        let refusal = await rig.player.playDawnSound(mix: "morning", over: 600, volume: 80)
        #expect(refusal?.code == .unknownMix)
        #expect(await rig.player.playback().playing.map(\.state) == [.playing])
        await rig.tearDown()
    }
}
