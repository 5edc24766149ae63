import NoiseCore
import NoiseTesting
import Testing

@testable import NoiseAudio
@testable import NoiseDaemon
@testable import NoiseProtocol

/// A sleep timer's floor (`fade_to`) and `sleep_extend`, on the player over a real engine whose output the test
/// paces: what is heard at the floor, what `status` says, and the volume coming back.
@Suite("Player: the sleep timer's floor and extending it", .timeLimit(.minutes(1)))
struct PlayerSleepTimerTests {
    /// The default fade-in, over which an extended timer's sounds come back: 50 periods of 10 ms.
    static let backPeriods = AudioFormat.frames(seconds: Limits.defaultFadeSeconds) / PlayerRig.periodFrames

    /// The periods written until one is steady at `value` (the command that starts a ramp lands a period or two after
    /// it is sent, as the output thread takes it); nil when `limit` periods pass first.
    static func periods(until value: Int16, _ rig: PlayerRig, limit: Int) async -> [Int16]? {
        var samples: [Int16] = []
        for _ in 0..<limit {
            let period = await rig.period()
            samples += period
            if period == steady(value, frames: PlayerRig.periodFrames) { return samples }
        }
        return nil
    }

    @Test func aTimerWithAFloorFadesToItPlaysOnAndExtendingBringsTheVolumeBack() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5)])
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], fadeIn: 0, for: 1, fadeOut: 0.5, fadeTo: 50))
        #expect(await rig.output.next() == .open)
        #expect(await rig.period() == steady(10_000, frames: PlayerRig.periodFrames))
        await rig.clock.sleeping(count: 1)
        rig.clock.advance(by: .milliseconds(500))
        await rig.clock.sleeping(count: 1)  // the fade has begun; its task waits for the end
        // Volume 50 is a gain of 1/8: 10,000 comes down to 1,250 over the fade's 50 periods, never below.
        let fade = try #require(await Self.periods(until: 1_250, rig, limit: 60))
        #expect(fade.count / 2 / PlayerRig.periodFrames >= 50)
        // The ramp's Float steps may land a sample or two under the floor before it snaps to it (1,248 -> 1,250).
        #expect(zip(fade, fade.dropFirst()).allSatisfy { $1 <= $0 + 2 } && fade.allSatisfy { $0 >= 1_245 })
        let waiting = try #require(await rig.player.sleepTimers[1]?.task)
        rig.clock.advance(by: .milliseconds(500))
        await waiting.value  // the end: the timer rests at its floor
        let timer = try #require(await rig.player.sleepTimers[1])
        #expect(timer.task == nil && timer.fading, "at its floor, with nothing left to wait for")
        #expect(await rig.period() == steady(1_250, frames: PlayerRig.periodFrames), "it plays on at the floor")
        let floored = await rig.player.playback()
        #expect(floored.state == .playing)
        #expect(floored.playing.map(\.volume) == [100], "its own volume: what it comes back to")
        #expect(floored.sleepTimer == SleepTimerInfo(remainingSeconds: 0, fadeOutSeconds: 0.5, fadeTo: 50))

        // At the floor, +60 s counts from now, and the volume comes back over the default fade-in.
        let extended = try await rig.player.extendSleepTimers(by: 60)
        #expect(extended.sleepTimer == SleepTimerInfo(remainingSeconds: 60, fadeOutSeconds: 0.5, fadeTo: 50))
        let back = try #require(await Self.periods(until: 10_000, rig, limit: Self.backPeriods + 10))
        #expect(back.count / 2 / PlayerRig.periodFrames >= Self.backPeriods)
        await rig.clock.sleeping(count: 1)  // the extended timer's task waits for its next fade
        #expect(rig.clock.deadlines == [rig.clock.now.advanced(by: .milliseconds(59_500))], "it fades again")
        await rig.tearDown()
    }

    /// A waiting timer's end moves on and nothing is heard to change; a fade to silence still stops the sounds.
    @Test func extendingAWaitingTimerMovesItsEnd() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)])
        rig.output.runFree()
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], fadeIn: 0, for: 60, fadeOut: 10))
        _ = try await rig.player.play(Commands.Play(sounds: ["fan"], fadeIn: 0, for: 120, fadeOut: 10))
        await rig.clock.sleeping(count: 2)
        rig.clock.advance(by: .seconds(20))
        let extended = try await rig.player.extendSleepTimers(by: 900)
        #expect(extended.playing.map(\.sleepTimer?.remainingSeconds) == [940, 1000])
        #expect(extended.sleepTimer?.remainingSeconds == 1000)
        await rig.clock.sleeping(count: 2)
        #expect(rig.clock.deadlines == [930, 990].map { rig.clock.now.advanced(by: .seconds($0)) })
        await rig.tearDown()
    }

    /// Nothing to extend, or an end past 24 h: refused with what to do, and nothing changes.
    @Test func extendingIsRefusedWithNoTimerOrPastTheLimit() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5)])
        rig.output.runFree()
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], fadeIn: 0))
        let none = await #expect(throws: ProtocolError.self) { try await rig.player.extendSleepTimers(by: 900) }
        #expect(none?.code == .noSleepTimer && none?.message.contains("play ID --for") == true)
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], for: 3600))
        let far = await #expect(throws: ProtocolError.self) {
            try await rig.player.extendSleepTimers(by: Limits.maxTimerSeconds)
        }
        #expect(far?.code == .invalidArgument && far?.message.contains("24 h") == true)
        #expect(await rig.player.playback().sleepTimer?.remainingSeconds == 3600)
        await rig.tearDown()
    }

    /// A hand on a fading sound's volume takes over from its timer; `stop --timer` brings the others back.
    @Test func aVolumeOrAClearedTimerTakesAFadingSoundOutOfItsTimer() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)])
        rig.output.runFree()
        _ = try await rig.player.play(
            Commands.Play(sounds: ["rain", "fan"], fadeIn: 0, for: 60, fadeOut: 30, fadeTo: 20))
        await rig.clock.sleeping(count: 1)
        rig.clock.advance(by: .seconds(40))
        await rig.clock.sleeping(count: 1)
        #expect(await rig.player.sleepTimers[1]?.fading == true)
        let turned = try await rig.player.setVolume(Commands.Volume(volume: 40, sound: "rain"))
        #expect(turned.playing.map(\.sleepTimer?.fadeTo) == [nil, 20])
        let cleared = try await rig.player.stop(Commands.Stop(timer: true))
        #expect(cleared.playing.map(\.sleepTimer) == [nil, nil] && cleared.playing.map(\.volume) == [40, 100])
        #expect(await rig.player.sleepTimers.isEmpty && rig.clock.deadlines.isEmpty)
        await rig.tearDown()
    }
}
