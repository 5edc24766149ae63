import NoiseCore
import NoiseTesting
import Testing

@testable import NoiseAudio
@testable import NoiseProtocol

/// An engine on its own output thread, writing to an output the test paces, going by clocks the test moves.
final class EngineRig {
    /// The engine's wall clock at the start: small enough that a frame (23 µs) is far above a Double's step.
    static let wall = 1_000_000.0

    let output: RecordingOutput
    let clock = ManualOutputClock(wall: EngineRig.wall)
    let engine: AudioEngine
    private var events: AsyncStream<AudioEvent>.Iterator

    init(periodFrames: Int = 256) {
        let output = RecordingOutput(periodFrames: periodFrames)
        let (stream, sink) = AsyncStream<AudioEvent>.makeStream()
        self.output = output
        engine = AudioEngine(deviceName: "test", makeOutput: { output }, clock: clock, onEvent: { sink.yield($0) })
        events = stream.makeAsyncIterator()
    }

    /// Starts the thread and lets its probe of the device (open, close) through.
    func start() async -> [RecordingOutput.Call?] {
        engine.start()
        return [await output.next(), await output.next()]
    }

    /// The next period's samples; the engine's clocks then move on by its length, as a device's would.
    func period() async -> [Int16] {
        guard let samples = await output.nextWrite() else {
            Issue.record("the engine made another call where a period was due")
            return []
        }
        clock.advance(by: Double(samples.count / 2) / Double(AudioFormat.sampleRate))
        return samples
    }

    /// The next event, skipping the play path's hops (logged for its timeline, asserted on by no test here).
    func nextEvent() async -> AudioEvent? {
        while let event = await events.next() {
            if case .hop = event { continue }
            return event
        }
        return nil
    }

    /// The next device state reported, skipping other events.
    func nextStatus() async -> OutputStatus? {
        while let event = await events.next() {
            if case .status(let status) = event { return status }
        }
        return nil
    }

    /// Lets the thread run free and shuts it down.
    func tearDown() async {
        output.runFree()
        await engine.shutdown(fadeFrames: 0)
    }
}

/// A linear fade of a constant `value` as the mixer renders it: from `from` to `to` over `frames` frames (stereo).
func fadeFrames(of value: Int16, from: Float, to: Float, frames: Int, gain: Float = 1) -> [Int16] {
    var envelope = GainRamp(from)
    envelope.ramp(to: to, frames: frames)
    return (0..<frames).flatMap { _ -> [Int16] in
        let sample = Mixer.clip(Float(value) * (gain * envelope.next() * 1))
        return [sample, sample]
    }
}
