import NoiseCore
import NoiseTesting
import Testing

@testable import NoiseAudio

/// The output loop on its real thread: what it writes, when commands take effect, how it fails and recovers, how it
/// places an alarm tone and how it shuts down. The output is paced by the test and the clocks move only when it
/// says, so every frame is known.
@Suite("Audio engine (output thread, recording output)", .timeLimit(.minutes(1)))
struct AudioEngineTests {
    @Test func probesTheDeviceAtStartThenPlaysWhatItIsSent() async {
        let rig = EngineRig()
        #expect(await rig.start() == [.open, .close])
        let input: [Int16] = (0..<1024).map { Int16(truncatingIfNeeded: $0 &* 7919) }
        rig.engine.send(.start(1, source: FramesSource(input), gain: 1, fadeFrames: 0))
        #expect(await rig.output.next() == .open)
        #expect(await rig.period() == Array(input[0..<512]))
        #expect(await rig.period() == Array(input[512..<1024]))
        #expect(await rig.nextStatus()?.state == .playing)
        await rig.tearDown()
    }

    /// A command sent between two writes shapes the very next period: the fade starts on its first frame, lasts
    /// exactly its length, then the voice is reported ended and the idle device is drained and closed.
    @Test func aCommandTakesEffectAtTheStartOfTheNextPeriod() async {
        let rig = EngineRig()
        _ = await rig.start()
        rig.engine.send(.start(1, source: FramesSource(constant: 10_000, frames: 100), gain: 1, fadeFrames: 0))
        #expect(await rig.output.next() == .open)
        #expect(await rig.period() == [Int16](repeating: 10_000, count: 512))
        rig.engine.send(.fadeOut(1, fadeFrames: 300))
        let written = await rig.period() + rig.period()
        let fade = fadeFrames(of: 10_000, from: 1, to: 0, frames: 300)
        #expect(Array(written.prefix(600)) == fade)
        #expect(fade[598] == 0 && fade[596] != 0, "reaches silence on its last frame")
        #expect(written.dropFirst(600).allSatisfy { $0 == 0 })
        #expect(await rig.output.next() == .drain)
        #expect(await rig.output.next() == .close)
        #expect(await rig.nextStatus()?.state == .playing)
        guard case .voicesEnded(let ended) = await rig.nextEvent() else { Issue.record("no voicesEnded"); return }
        #expect(ended == [1])
        #expect(await rig.nextStatus()?.state == .idle)
        await rig.tearDown()
    }

    /// A device opened ahead of a sound (`openAhead`, while the player loads it) is not opened again when the sound
    /// comes, and status says playing only once it does; one whose sound never comes (a load that failed) is
    /// closed after `AudioLimits.openAheadSeconds` on the engine's clock, not before.
    @Test func aDeviceOpenedAheadPlaysItsSoundOrClosesWhenNoneComes() async {
        let rig = EngineRig()
        _ = await rig.start()
        rig.engine.openAhead()
        #expect(await rig.output.next() == .open)
        #expect(rig.engine.status.state == .idle, "nothing plays yet")
        rig.engine.send(.start(1, source: FramesSource(constant: 1_000, frames: 100), gain: 1, fadeFrames: 0))
        #expect(await rig.period() == [Int16](repeating: 1_000, count: 512), "played without another open")
        #expect(await rig.nextStatus()?.state == .playing)
        rig.engine.send(.fadeOut(1, fadeFrames: 0))
        _ = await rig.period()
        #expect(await rig.output.next() == .drain)
        #expect(await rig.output.next() == .close)
        #expect(await rig.nextStatus()?.state == .idle)

        rig.engine.openAhead()
        #expect(await rig.output.next() == .open)
        rig.clock.advance(by: AudioLimits.openAheadSeconds - 0.5)
        rig.engine.wake()
        await rig.clock.looked(times: 2)
        #expect(rig.output.pendingCalls == 0, "waits for its sound until its time")
        rig.clock.advance(by: 0.5)
        rig.engine.wake()
        #expect(await rig.output.next() == .close)
        await rig.tearDown()
    }

    /// A device that cannot be opened puts the engine in error, and is tried again after 3 s on the engine's
    /// clock, not before; when it opens, status says so.
    @Test func aMissingDeviceIsTriedAgainAfterThreeSeconds() async {
        let rig = EngineRig()
        rig.output.refuseOpen(true)
        rig.engine.start()
        #expect(await rig.output.next() == .openFailed)
        let failed = await rig.nextStatus()
        #expect(failed?.state == .error)
        #expect(failed?.error == "audio device 'recording': refused by the test")
        rig.output.refuseOpen(false)
        rig.clock.advance(by: Limits.deviceRetrySeconds - 0.5)
        rig.engine.wake()
        await rig.clock.looked(times: 2)
        #expect(rig.output.pendingCalls == 0, "not tried before its retry time")
        rig.clock.advance(by: 0.5)
        rig.engine.wake()
        #expect(await rig.output.next() == .open)
        #expect(await rig.output.next() == .close)
        let back = await rig.nextStatus()
        #expect(back?.state == .idle)
        #expect(back?.error == nil)
        await rig.tearDown()
    }

    /// A device lost mid-stream is closed and the engine goes into error; a stop while it is gone takes effect at
    /// once (nobody can hear the fade), and the retry then finds nothing to play.
    @Test func aLostDeviceIsClosedAndAStopStillTakesEffect() async {
        let rig = EngineRig()
        _ = await rig.start()
        rig.engine.send(.start(4, source: FramesSource(constant: 1_000, frames: 10), gain: 1, fadeFrames: 0))
        #expect(await rig.output.next() == .open)
        _ = await rig.period()
        rig.output.failNextWrite()
        #expect(await rig.output.next() == .writeFailed)
        #expect(await rig.output.next() == .close)
        #expect(await rig.nextStatus()?.state == .playing)
        #expect(await rig.nextStatus()?.state == .error)
        rig.engine.send(.fadeOut(4, fadeFrames: 44_100))
        guard case .voicesEnded(let ended) = await rig.nextEvent() else { Issue.record("no voicesEnded"); return }
        #expect(ended == [4])
        rig.clock.advance(by: Limits.deviceRetrySeconds)
        rig.engine.wake()
        #expect(await rig.output.next() == .open)
        #expect(await rig.output.next() == .close)
        #expect(await rig.nextStatus()?.state == .idle)
        await rig.tearDown()
    }

    /// An alarm tone given a start instant sounds from the frame heard at that instant: the device's delay (1,000
    /// frames here) is taken off, and the start is reported with when it was written and when it is heard.
    @Test func anAlarmToneStartsOnTheFrameHeardAtItsInstant() async {
        let rig = EngineRig(periodFrames: 441)
        _ = await rig.start()
        rig.output.setDelay(frames: 1_000)
        let trigger = EngineRig.wall + 0.1
        rig.engine.send(
            .startAlarm(
                7, source: FramesSource(constant: 5_000, frames: 10), gain: 1, rampFrames: 0,
                startAt: trigger))
        #expect(await rig.output.next() == .open)
        var written: [Int16] = []
        for _ in 0..<10 { written += await rig.period() }
        let first = 4_410 - 1_000
        #expect(written.prefix(first * 2).allSatisfy { $0 == 0 })
        #expect(written.dropFirst(first * 2).allSatisfy { $0 == 5_000 })
        #expect(await rig.nextStatus()?.state == .playing)
        guard case .alarmAudio(let voice, let writtenAt, let heardAt) = await rig.nextEvent() else {
            Issue.record("no alarmAudio")
            return
        }
        #expect(voice == 7)
        #expect(abs(writtenAt - (EngineRig.wall + 0.07)) < 1e-6, "written in the eighth period")
        #expect(abs(heardAt - trigger) < 1e-6)
        await rig.tearDown()
    }

    /// Shutdown fades everything out over its fade, drains and closes the device, ends the thread, then returns.
    @Test func shutdownFadesOutDrainsAndClosesThenReturns() async {
        let rig = EngineRig()
        _ = await rig.start()
        rig.engine.send(.start(1, source: FramesSource(constant: 8_000, frames: 10), gain: 1, fadeFrames: 0))
        #expect(await rig.output.next() == .open)
        _ = await rig.period()
        let engine = rig.engine
        let stopping = Task { await engine.shutdown(fadeFrames: 300) }
        var written: [Int16] = []
        var call = await rig.output.next()
        while case .write(let samples)? = call {
            written += samples
            call = await rig.output.next()
        }
        #expect(call == .drain)
        #expect(await rig.output.next() == .close)
        await stopping.value
        // Wherever the fade began (the request races the writes), it lasts exactly its length, then silence.
        let fading = Array(written.drop { $0 == 8_000 })
        #expect(Array(fading.prefix(600)) == fadeFrames(of: 8_000, from: 1, to: 0, frames: 300))
        #expect(fading.dropFirst(600).allSatisfy { $0 == 0 })
    }
}
