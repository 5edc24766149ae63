import NoiseCatalog
import NoiseCore
import NoiseTesting
import Testing

@testable import NoiseAudio
@testable import NoiseConfig
@testable import NoiseDaemon
@testable import NoiseProtocol

/// What the desktop's media keys ask of the player: Play that always plays something, Next and Previous.
@Suite("Player: media keys", .timeLimit(.minutes(1)))
struct PlayerDesktopTests {
    @Test func playWithNothingEverPlayedPlaysTheDefaultNoise() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)])
        rig.output.runFree()
        var defaults = PlaybackDefaults()
        defaults.defaultSound = "fan"
        await rig.player.apply(defaults)
        #expect(try await rig.player.resumeOrPlayDefault().playing.map(\.id) == ["fan"])
        await rig.tearDown()
    }

    @Test func playAfterPauseResumesTheMixAtItsVolumes() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)])
        rig.output.runFree()
        _ = try await rig.player.play(Commands.Play(sounds: ["rain", "fan"], volume: 35, fadeIn: 0))
        _ = await rig.player.pause(fade: 0)
        let resumed = try await rig.player.resumeOrPlayDefault()
        #expect(
            resumed.playing.map { MixSound(id: $0.id, volume: $0.volume) }
                == [MixSound(id: "rain", volume: 35), MixSound(id: "fan", volume: 35)])
        await rig.tearDown()
    }

    @Test func nextAndPreviousStepThroughTheNoisesWrappingAround() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5), ("wind", 2_000, 0.5)])
        rig.output.runFree()
        _ = try await rig.player.play(Commands.Play(sounds: ["fan"], volume: 60, fadeIn: 0))
        let next = try await rig.player.step(by: 1)
        #expect(
            next.playing.filter { $0.state != .fadingOut }.map { MixSound(id: $0.id, volume: $0.volume) }
                == [MixSound(id: "wind", volume: 60)], "the same volume")
        #expect(try await rig.player.step(by: 1).playing.filter { $0.state != .fadingOut }.map(\.id) == ["rain"])
        #expect(try await rig.player.step(by: -1).playing.filter { $0.state != .fadingOut }.map(\.id) == ["wind"])
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], fadeIn: 0))
        await #expect(throws: ProtocolError.self, "two sounds play: no next") { try await rig.player.step(by: 1) }
        await rig.tearDown()
    }
}
