import NoiseCatalog
import NoiseCore
import NoiseStore
import NoiseTesting
import Testing

@testable import NoiseAudio
@testable import NoiseDaemon
@testable import NoiseProtocol

/// Sleep timers per sound, pause and resume, saved mixes and the state kept across restarts, on the player
/// actor over a real engine and a real (in-memory) store.
@Suite("Player: timers per sound, pause, mixes, memory", .timeLimit(.minutes(1)))
struct PlayerMixTests {
    @Test func aSleepTimerBelongsToTheSoundsItWasGivenWith() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)])
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], fadeIn: 0, for: 60, fadeOut: 10))
        let both = try await rig.player.play(Commands.Play(sounds: ["fan"], fadeIn: 0, for: 120, fadeOut: 10))
        #expect(
            both.playing.map(\.sleepTimer) == [
                SleepTimerInfo(remainingSeconds: 60, fadeOutSeconds: 10),
                SleepTimerInfo(remainingSeconds: 120, fadeOutSeconds: 10),
            ])
        // Everything has stopped when the last timer ends.
        #expect(both.sleepTimer == SleepTimerInfo(remainingSeconds: 120, fadeOutSeconds: 10))
        await rig.clock.sleeping(count: 2)
        let rainTimer = try #require(await rig.player.sleepTimers[1]?.task)
        rig.clock.advance(by: .seconds(50))
        // Rain's fade has begun (its task now waits for the end): it plays on, quieter, until its end.
        await rig.clock.sleeping(count: 2)
        #expect(await rig.player.playback().playing.map(\.state) == [.playing, .playing])
        rig.clock.advance(by: .seconds(10))
        await rainTimer.value
        let after = await rig.player.playback()
        #expect(after.playing.map(\.state) == [.fadingOut, .playing])
        #expect(after.playing[1].sleepTimer == SleepTimerInfo(remainingSeconds: 60, fadeOutSeconds: 10))
        #expect(await rig.player.sleepTimers.count == 1)
        await rig.tearDown()
    }

    @Test func stopTimerClearsTheTimersAndStopsNothing() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)])
        _ = try await rig.player.play(Commands.Play(sounds: ["rain", "fan"], fadeIn: 0, for: 60))
        await rig.clock.sleeping(count: 1)
        let timer = try #require(await rig.player.sleepTimers.tasks.first)
        let cleared = try await rig.player.stop(Commands.Stop(sounds: ["rain"], timer: true))
        #expect(cleared.playing.map(\.sleepTimer?.remainingSeconds) == [nil, 60])
        #expect(cleared.sleepTimer == nil, "rain plays on with no end")
        _ = try await rig.player.stop(Commands.Stop(timer: true))
        await timer.value
        #expect(timer.isCancelled)
        #expect(rig.clock.deadlines.isEmpty)
        #expect(await rig.player.playback().playing.map(\.state) == [.playing, .playing])
        await rig.tearDown()
    }

    @Test func pauseKeepsTheMixAndResumePlaysItAtTheSameVolumes() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)])
        rig.output.runFree()  // what is written is not what this test looks at
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], volume: 40, fadeIn: 0))
        _ = try await rig.player.play(Commands.Play(sounds: ["fan"], volume: 70, fadeIn: 0))
        let paused = await rig.player.pause(fade: 0)
        #expect(paused.state == .paused)
        #expect(paused.playing.map(\.state) == [.fadingOut, .fadingOut])
        _ = await rig.handOnEventsUntilVoicesEnd()
        #expect(await rig.player.playback().state == .paused)
        let resumed = try await rig.player.resume(fadeIn: 0)
        #expect(resumed.state == .playing)
        #expect(
            resumed.playing.map { MixSound(id: $0.id, volume: $0.volume) }
                == [MixSound(id: "rain", volume: 40), MixSound(id: "fan", volume: 70)])
        #expect(resumed.audio != nil, "a reply that starts sound carries the device's state")
        // Toggle pauses what plays; stop makes it stopped, not paused.
        #expect(try await rig.player.toggle().state == .paused)
        _ = try await rig.player.stop(Commands.Stop())
        #expect(await rig.player.playback().state == .stopped)
        await rig.tearDown()
    }

    @Test func resumeWithNothingEverPlayedSaysSo() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5)])
        await #expect(
            throws: ProtocolError(
                .notPlaying,
                "nothing to resume: nothing has played yet; play a sound "
                    + "first, e.g. 'noisectl play rain'")
        ) {
            try await rig.player.toggle()
        }
        await rig.tearDown()
    }

    @Test func aSavedMixPlaysAgainAtItsVolumes() async throws {
        let store = PlaybackStore(try .inMemory())
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("fan", 3_000, 0.5)], memory: store)
        rig.output.runFree()
        await #expect(throws: ProtocolError.self) { try await rig.player.saveMix(named: "sleep") }
        _ = try await rig.player.play(Commands.Play(sounds: ["rain", "fan"], volume: 30, fadeIn: 0))
        _ = try await rig.player.setVolume(Commands.Volume(volume: 80, sound: "fan"))
        let saved = try await rig.player.saveMix(named: "sleep")
        #expect(saved.sounds == [MixSound(id: "rain", volume: 30), MixSound(id: "fan", volume: 80)])
        #expect(try await store.mixes() == [saved])
        _ = try await rig.player.stop(Commands.Stop(fade: 0))
        _ = await rig.handOnEventsUntilVoicesEnd()
        let played = try await rig.player.play(Commands.Play(sounds: [], mix: "sleep", fadeIn: 0))
        #expect(played.playing.map(\.volume) == [30, 80])
        await #expect(throws: ProtocolError.self) { try await rig.player.play(Commands.Play(sounds: [], mix: "nap")) }
        #expect(try await rig.player.removeMix(named: "sleep") == saved)
        #expect(try await store.mixes().isEmpty)
        await rig.tearDown()
    }

    /// What a restart keeps: written on each change, read back by the next player, played again only when asked.
    @Test func theVolumeAndTheLastMixSurviveARestart() async throws {
        let store = PlaybackStore(try .inMemory())
        let first = await PlayerRig(sounds: [("rain", 10_000, 0.5)], memory: store)
        #expect(await first.player.restore(resumeOnStart: false) == "no player state kept yet")
        _ = try await first.player.setVolume(Commands.Volume(volume: 70))
        _ = try await first.player.play(Commands.Play(sounds: ["rain"], volume: 40, fadeIn: 0))
        await first.player.saved()
        #expect(
            try await store.playback()
                == StoredPlayback(
                    masterVolume: 70, state: .playing,
                    lastMix: [MixSound(id: "rain", volume: 40)]))
        await first.tearDown()

        let quiet = await PlayerRig(sounds: [("rain", 10_000, 0.5)], memory: store)
        _ = await quiet.player.restore(resumeOnStart: false)
        let kept = await quiet.player.playback()
        #expect(kept.masterVolume == 70 && kept.playing.isEmpty && kept.lastPlayed == ["rain"])
        #expect(try await quiet.player.resume(fadeIn: 0).playing.map(\.volume) == [40])
        await quiet.tearDown()

        let resuming = await PlayerRig(sounds: [("rain", 10_000, 0.5)], memory: store)
        #expect(
            await resuming.player.restore(resumeOnStart: true).hasSuffix("playing it again (playback.resume_on_start)"))
        #expect(await resuming.player.playback().playing.map(\.id) == ["rain"])
        await resuming.tearDown()

        // Issue 51: after an unclean end it plays again with the setting off.
        let crashed = await PlayerRig(sounds: [("rain", 10_000, 0.5)], memory: store)
        #expect(
            await crashed.player.restore(resumeOnStart: false, afterUncleanExit: true)
                .hasSuffix("playing it again (the last run ended without stopping)"))
        #expect(await crashed.player.playback().playing.map(\.volume) == [40])
        await crashed.tearDown()
    }
}
