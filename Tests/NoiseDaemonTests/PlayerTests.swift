import NoiseCore
import NoiseTesting
import Testing

@testable import NoiseAudio
@testable import NoiseConfig
@testable import NoiseDaemon
@testable import NoiseProtocol

/// The player actor over a real engine: what `play`, `stop`, the volumes and the sleep timer put in the frames
/// written, and what they report. Its clock and the engine's move only when the test says; nothing sleeps.
@Suite("Player (actor, hand-moved clock, recording output)", .timeLimit(.minutes(1)))
struct PlayerTests {
    static let fade = 0.01
    static let fadeFrames = 441

    @Test func playFadesInOverItsFadeThenHoldsItsVolume() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5)])
        let info = try await rig.player.play(Commands.Play(sounds: ["rain"], volume: 50, fadeIn: Self.fade))
        #expect(info.playing == [PlayingSound(id: "rain", name: "Rain", volume: 50, state: .fadingIn)])
        #expect(await rig.output.next() == .open)
        // Volume 50 is a gain of 1/8 (the cube law): 10,000 becomes 1,250 once faded in.
        #expect(await rig.period() == rampFrames(of: 10_000, from: 0, to: 1, frames: Self.fadeFrames, gain: 0.125))
        #expect(await rig.period() == steady(1_250, frames: PlayerRig.periodFrames))
        rig.clock.advance(by: .milliseconds(9))
        #expect(await rig.player.playback().playing.map(\.state) == [.fadingIn])
        rig.clock.advance(by: .milliseconds(1))
        #expect(await rig.player.playback().playing.map(\.state) == [.playing])
        await rig.tearDown()
    }

    /// `play rain fan` on an idle engine: both sounds start in the first period. (Sent one command per sound, the
    /// output thread could wake on the first and take the second a period later: 250 ms on a real device.)
    @Test func soundsPlayedTogetherStartInTheSamePeriod() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)])
        _ = try await rig.player.play(Commands.Play(sounds: ["rain", "fan"], fadeIn: 0))
        #expect(await rig.output.next() == .open)
        #expect(await rig.period() == steady(13_000, frames: PlayerRig.periodFrames))
        await rig.tearDown()
    }

    @Test func stopFadesOutOverItsFadeThenTheSoundIsGoneButRemembered() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)])
        try await rig.startSteady("rain", then: ["rain", "fan"])
        #expect(await rig.period() == steady(13_000, frames: PlayerRig.periodFrames))
        let stopped = try await rig.player.stop(Commands.Stop(fade: Self.fade))
        #expect(stopped.playing.map(\.state) == [.fadingOut, .fadingOut])
        // Each voice fades on its own envelope, over exactly 10 ms; what is heard is their sum.
        var envelope = GainRamp(1)
        envelope.ramp(to: 0, frames: Self.fadeFrames)
        let expected = (0..<Self.fadeFrames).flatMap { _ -> [Int16] in
            let gain = envelope.next()
            let sample = Mixer.clip(Float(10_000) * gain + Float(3_000) * gain)
            return [sample, sample]
        }
        let fade = await rig.period()
        #expect(fade == expected)
        #expect(fade.suffix(2) == [0, 0] && fade.dropLast(2).allSatisfy { $0 > 0 })
        #expect(Set(await rig.handOnEventsUntilVoicesEnd()).count == 2)
        let after = await rig.player.playback()
        #expect(after.playing.isEmpty)
        #expect(after.lastPlayed == ["rain", "fan"])
        await rig.tearDown()
    }

    /// Played again just as its fade-out ends: the output thread has ended the old voice before the player hears
    /// of it, and the sound must still play (it once went silent, listed as playing by nothing).
    @Test func aSoundPlayedAgainAsItsFadeOutEndsKeepsPlaying() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5)])
        try await rig.startSteady("rain", then: [])
        _ = try await rig.player.stop(Commands.Stop(fade: Self.fade))
        let fade = await rig.period()
        #expect(fade.suffix(2) == [0, 0], "the old voice has faded to silence in the mixer")
        let again = try await rig.player.play(Commands.Play(sounds: ["rain"], fadeIn: 0))
        #expect(again.playing.map(\.state) == [.playing])
        _ = await rig.handOnEventsUntilVoicesEnd()
        // The mixer fell silent with the old voice: the device was let go, and is opened again for the new one.
        #expect(
            [await rig.output.next(), await rig.output.next(), await rig.output.next()] == [.drain, .close, .open])
        #expect(await rig.player.playback().playing.map(\.id) == ["rain"])
        #expect(await rig.period() == steady(10_000, frames: PlayerRig.periodFrames))
        await rig.tearDown()
    }

    @Test func aSoundsVolumeAndTheMasterVolumeRampToTheirGainsIn50Milliseconds() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("wind", 4_000, 0.5)])
        try await rig.startSteady("rain", then: ["wind"])
        #expect(await rig.period() == steady(14_000, frames: PlayerRig.periodFrames))
        let changed = try await rig.player.setVolume(Commands.Volume(volume: 50, sound: "rain"))
        #expect(changed.playing.map(\.volume) == [50, 100])
        // 50 ms is five periods: rain reaches 1/8 (1,250) on the last frame of the fifth, not before.
        let ramp = await rig.periods(5)
        #expect(ramp.suffix(2) == [5_250, 5_250])
        #expect(ramp.dropLast(2).allSatisfy { $0 > 5_250 && $0 < 14_000 })
        #expect(await rig.period() == steady(5_250, frames: PlayerRig.periodFrames))
        // A change is added to the volume now and kept within 0 to 100 (mpc's `volume +10`).
        #expect(
            try await rig.player.setVolume(Commands.Volume(change: 70, sound: "rain")).playing.map(\.volume) == [
                100, 100,
            ])
        #expect(
            try await rig.player.setVolume(Commands.Volume(change: -50, sound: "rain")).playing.map(\.volume) == [
                50, 100,
            ])
        #expect(try await rig.player.setVolume(Commands.Volume(change: -60)).masterVolume == 40)
        #expect(try await rig.player.setVolume(Commands.Volume(change: -60)).masterVolume == 0)
        let master = try await rig.player.setVolume(Commands.Volume(volume: 50))
        #expect(master.masterVolume == 50)
        _ = await rig.periods(5)
        // The master gain multiplies the mix: 5,250 / 8 = 656.25, rounded.
        #expect(await rig.period() == steady(656, frames: PlayerRig.periodFrames))
        await #expect(throws: ProtocolError.self) {
            try await rig.player.setVolume(Commands.Volume(volume: 10, sound: "fan"))
        }
        await rig.tearDown()
    }

    /// `play --for 2 --fade-out 0.01`: the fade starts at 1.99 s on the player's clock, not a moment before, and
    /// ends exactly at the timer's end.
    @Test func theSleepTimerFadesEverythingOutToEndAtItsDeadline() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5)])
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], fadeIn: 0, for: 2, fadeOut: Self.fade))
        #expect(
            await rig.player.playback().sleepTimer == SleepTimerInfo(remainingSeconds: 2, fadeOutSeconds: Self.fade))
        await rig.clock.sleeping(count: 1)
        let fadeStart = ManualClock.Instant(offset: .seconds(2)).advanced(by: .seconds(-Self.fade))
        #expect(rig.clock.deadlines == [fadeStart])
        let timer = try #require(await rig.player.sleepTimers.tasks.first)
        #expect(await rig.output.next() == .open)
        #expect(await rig.period() == steady(10_000, frames: PlayerRig.periodFrames))

        rig.clock.advance(by: fadeStart.offset - .milliseconds(1))
        #expect(await rig.player.playback().playing.map(\.state) == [.playing])
        #expect(await rig.period() == steady(10_000, frames: PlayerRig.periodFrames))
        rig.clock.advance(by: .milliseconds(1))
        // The fade has begun (a ramp of the sound's gain, which an extension could take back); the task now waits
        // for the deadline, and the sound plays on, quieter, until then.
        await rig.clock.sleeping(count: 1)
        #expect(rig.clock.deadlines == [ManualClock.Instant(offset: .seconds(2))])
        let fading = await rig.player.playback()
        #expect(fading.sleepTimer == SleepTimerInfo(remainingSeconds: Self.fade, fadeOutSeconds: Self.fade))
        #expect(fading.playing.map(\.state) == [.playing])
        #expect(await rig.period() == rampFrames(of: 10_000, from: 1, to: 0, frames: Self.fadeFrames))
        rig.clock.advance(by: .seconds(Self.fade))
        await timer.value
        let ended = await rig.player.playback()
        #expect(ended.sleepTimer == nil)
        #expect(ended.playing.map(\.state) == [.fadingOut])
        #expect(await rig.period() == steady(0, frames: PlayerRig.periodFrames), "silent from the deadline on")
        rig.output.runFree()  // the stop's own short fade, of silence, ends the voice
        #expect(await rig.handOnEventsUntilVoicesEnd().count == 1)
        #expect(await rig.player.playback().playing.isEmpty)
        await rig.tearDown()
    }

    @Test func aNewSleepTimerReplacesTheOldAndStopCancelsIt() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5)])
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], for: 60))
        let first = try #require(await rig.player.sleepTimers.tasks.first)
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], for: 120))
        await first.value
        #expect(first.isCancelled)
        await rig.clock.sleeping(count: 1)
        // The default sleep fade (30 s) before the new end.
        #expect(rig.clock.deadlines == [ManualClock.Instant(offset: .seconds(90))])
        let second = try #require(await rig.player.sleepTimers.tasks.first)
        _ = try await rig.player.stop(Commands.Stop())
        await second.value
        #expect(second.isCancelled)
        #expect(rig.clock.deadlines.isEmpty)
        #expect(await rig.player.playback().sleepTimer == nil)
        await rig.tearDown()
    }

    /// Shutdown ends the player's timed work and waits for it: no task outlives the daemon's audio.
    @Test func shutdownCancelsAndAwaitsTheSleepTimerAndPreviewStops() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("tone", 5_000, 0.5)])
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], for: 60))
        try await rig.player.preview(soundID: "tone", seconds: 5, volume: 80)
        await rig.clock.sleeping(count: 2)
        let timer = try #require(await rig.player.sleepTimers.tasks.first)
        let timed = [timer] + (await rig.player.previewStops.values)
        #expect(timed.count == 2)
        #expect(await rig.player.shutdown() == AudioFormat.frames(seconds: PlaybackDefaults().fadeOutSeconds))
        #expect(timed.allSatisfy { $0.isCancelled })
        #expect(rig.clock.deadlines.isEmpty)
        #expect(await rig.player.sleepTimers.isEmpty)
        #expect(await rig.player.previewStops.isEmpty)
        await rig.tearDown()
    }
}
