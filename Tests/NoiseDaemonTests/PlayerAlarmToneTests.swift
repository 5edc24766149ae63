import NoiseCore
import NoiseTesting
import Testing

@testable import NoiseAlarms
@testable import NoiseAudio
@testable import NoiseDaemon
@testable import NoiseProtocol

/// The player's alarm tones and previews over a real engine: the noise ducked under a ringing tone and back after
/// dismissal, a prepared tone on its trigger's frame, a preview's stop on the player's clock.
@Suite("Player alarm tones and preview (hand-moved clock, recording output)", .timeLimit(.minutes(1)))
struct PlayerAlarmToneTests {
    /// The noise ducks to 1/5 over 250 ms while the tone sounds, and comes back over 250 ms once it is dismissed.
    /// The tone here is silent, so what is written is the noise alone.
    @Test func aRingingToneDucksTheNoiseAndDismissalBringsItBack() async throws {
        let rig = await PlayerRig(sounds: [("rain", 10_000, 0.5), ("hush", 0, 0.5)])
        _ = try await rig.player.play(Commands.Play(sounds: ["rain"], fadeIn: 0))
        #expect(await rig.output.next() == .open)
        #expect(await rig.period() == steady(10_000, frames: PlayerRig.periodFrames))
        let alarm = Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), sound: "hush", volume: 100, rampSeconds: 0)
        let report = await rig.player.startAlarmTone(alarm: alarm, trigger: PlayerRig.wall)
        #expect(report.tone == ToneInfo(sound: "hush", note: nil))
        #expect(report.audioProblem == nil)
        let duckFrames = AudioFormat.frames(seconds: 0.25)
        let ducking = await rig.periods(duckFrames / PlayerRig.periodFrames)
        #expect(ducking == rampFrames(of: 10_000, from: 1, to: Mixer.duckGain, frames: duckFrames))
        #expect(await rig.period() == steady(2_000, frames: PlayerRig.periodFrames))

        await rig.player.stopAlarmTone()
        let back = await rig.periods(duckFrames / PlayerRig.periodFrames)
        #expect(back == rampFrames(of: 10_000, from: Mixer.duckGain, to: 1, frames: duckFrames))
        #expect(await rig.period() == steady(10_000, frames: PlayerRig.periodFrames))
        // The tone's 200 ms fade-out ended long since; the noise plays on.
        #expect(await rig.handOnEventsUntilVoicesEnd().count == 1)
        #expect(await rig.player.playback().playing.map(\.id) == ["rain"])
        await rig.tearDown()
    }

    /// One tone sounds for every ringing alarm: an alarm that starts ringing while another's tone sounds rings with
    /// it, and its record says so, not why the other alarm's own sound gave way (it used to copy that note).
    @Test func anAlarmRingingWithAnothersToneSaysSoNotWhyTheOtherGaveWay() async throws {
        let rig = await PlayerRig(sounds: [("bell", 5_000, 0.5)])
        let broken = Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), sound: "gone", volume: 100, rampSeconds: 0)
        let first = await rig.player.startAlarmTone(alarm: broken, trigger: PlayerRig.wall)
        #expect(first.tone.sound == nil)
        #expect(first.tone.note?.contains("'gone'") == true, "\(first.tone)")
        let bell = Alarm(id: 2, time: TimeOfDay(hour: 7, minute: 0), sound: "bell", volume: 100, rampSeconds: 0)
        let second = await rig.player.startAlarmTone(alarm: bell, trigger: PlayerRig.wall)
        #expect(
            second.tone
                == ToneInfo(sound: nil, note: "rang with the tone of an alarm already ringing (the tone made in code)"))
        await rig.player.stopAlarmTone()
        await rig.tearDown()
    }

    /// A tone prepared ahead sounds from the frame heard on its trigger second, and its onset is recorded.
    @Test func aPreparedToneSoundsOnItsTriggerAndItsOnsetIsRecorded() async throws {
        let rig = await PlayerRig(sounds: [("bell", 5_000, 0.5)])
        let trigger = PlayerRig.wall + 1
        let alarm = Alarm(id: 2, time: TimeOfDay(hour: 7, minute: 0), sound: "bell", volume: 100, rampSeconds: 0)
        await rig.player.prepareAlarmTone(alarm: alarm, trigger: trigger, readyWithin: .seconds(1))
        #expect(await rig.output.next() == .open)
        let written = await rig.periods(AudioFormat.sampleRate / PlayerRig.periodFrames + 2)
        #expect(written.prefix(AudioFormat.sampleRate * 2).allSatisfy { $0 == 0 }, "silent until the trigger")
        #expect(written.dropFirst(AudioFormat.sampleRate * 2).allSatisfy { $0 == 5_000 })
        _ = await rig.player.startAlarmTone(alarm: alarm, trigger: trigger)
        await rig.handOnEventsUntilAlarmAudio()
        let onset = try #require(await rig.player.lastOnset)
        #expect(abs(onset.written) < 1e-6 && abs(onset.heard) < 1e-6)
        await rig.tearDown()
    }

    /// A preview stops when its seconds have passed on the player's clock, with a 300 ms fade.
    @Test func aPreviewFadesOutWhenItsTimeIsUp() async throws {
        let rig = await PlayerRig(sounds: [("bell", 5_000, 0.5)])
        try await rig.player.preview(soundID: "bell", seconds: 0.1, volume: 100)
        await rig.clock.sleeping(count: 1)
        #expect(rig.clock.deadlines == [ManualClock.Instant(offset: .seconds(0.1))])
        let stop = try #require(await rig.player.previewStops.values.first)
        #expect(await rig.output.next() == .open)
        #expect(await rig.period() == steady(5_000, frames: PlayerRig.periodFrames))
        rig.clock.advance(by: .seconds(0.1))
        await stop.value
        let fadeFrames = AudioFormat.frames(seconds: 0.3)
        let fade = await rig.periods(fadeFrames / PlayerRig.periodFrames)
        #expect(fade == rampFrames(of: 5_000, from: 1, to: 0, frames: fadeFrames))
        #expect(await rig.handOnEventsUntilVoicesEnd().count == 1)
        #expect(await rig.player.previewStops.isEmpty)
        await rig.tearDown()
    }

    /// A preview plays its sound once: a sound shorter than the preview ends by itself, and its stop is cancelled
    /// rather than left waiting.
    @Test func aPreviewPlaysOnceAndItsStopIsCancelledWhenTheSoundEnds() async throws {
        let rig = await PlayerRig(sounds: [("bell", 5_000, 0.5)])
        try await rig.player.preview(soundID: "bell", seconds: 60, volume: 100)
        await rig.clock.sleeping(count: 1)
        let stop = try #require(await rig.player.previewStops.values.first)
        #expect(await rig.output.next() == .open)
        let soundFrames = AudioFormat.frames(seconds: 0.5)
        let written = await rig.periods(soundFrames / PlayerRig.periodFrames + 1)
        #expect(written.prefix(soundFrames * 2).allSatisfy { $0 == 5_000 })
        #expect(written.dropFirst(soundFrames * 2).allSatisfy { $0 == 0 }, "played once, not looped")
        #expect(await rig.handOnEventsUntilVoicesEnd().count == 1)
        await stop.value
        #expect(stop.isCancelled)
        #expect(rig.clock.deadlines.isEmpty)
        await rig.tearDown()
    }
}
