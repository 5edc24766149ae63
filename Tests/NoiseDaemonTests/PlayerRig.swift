import NoiseControl
import NoiseTesting
import Testing

@testable import NoiseAudio
@testable import NoiseCatalog
@testable import NoiseCore
@testable import NoiseDaemon
@testable import NoiseProtocol

/// A player on a hand-moved clock over a started engine whose output the test paces. Its sounds are constant
/// samples held in memory (`MemorySoundStore`), so every frame written is known; engine events reach the player
/// only when the test hands them on, as `AudioService` does.
final class PlayerRig {
    /// The engine's wall clock at the start: small enough that a frame is far above a Double's step.
    static let wall = 1_000_000.0
    /// 10 ms: fades and ramps in these tests are whole numbers of periods.
    static let periodFrames = 441

    let output = RecordingOutput(periodFrames: PlayerRig.periodFrames)
    let outputClock = ManualOutputClock(wall: PlayerRig.wall)
    let clock = ManualClock()
    let engine: AudioEngine
    let player: Player<ManualClock>
    private var events: AsyncStream<AudioEvent>.Iterator

    /// - Parameters:
    ///   - sounds: each sound's id, the constant sample it plays and how long it is (it loops as noise).
    ///   - events: events for some of the sounds, by id; each event file plays the constant `value` for `seconds`.
    ///   - makeSeed: the player's seed for each play of a sound with events.
    ///   - makeStore: the decoded copies the player loads, from each path's samples (in memory by default).
    init(
        sounds: [(id: String, value: Int16, seconds: Double)], memory: (any PlaybackMemory)? = nil,
        events eventsOf: [String: (events: SoundEvents, value: Int16, seconds: Double)] = [:],
        makeSeed: @escaping @Sendable () -> UInt64 = { 0 },
        makeStore: ([String: PCMBuffer]) -> any DecodedSoundStore = { MemorySoundStore($0) }
    ) async {
        let output = output
        let (stream, sink) = AsyncStream<AudioEvent>.makeStream()
        engine = AudioEngine(
            deviceName: "test", makeOutput: { output }, clock: outputClock,
            onEvent: { sink.yield($0) })
        events = stream.makeAsyncIterator()
        let library = SoundLibrary(
            sounds: sounds.map { sound in
                Sound(
                    entry: SoundEntry(
                        id: sound.id, name: sound.id.capitalized, category: "test", file: sound.id + ".mp3",
                        kind: .loop, events: eventsOf[sound.id]?.events),
                    source: .builtin, path: "/nonexistent/" + sound.id + ".mp3",
                    eventPaths: (eventsOf[sound.id]?.events.files ?? []).map { "/nonexistent/" + $0 })
            })
        func constant(_ value: Int16, seconds: Double) -> PCMBuffer {
            PCMBuffer(samples: [Int16](repeating: value, count: AudioFormat.frames(seconds: seconds) * 2))
        }
        var buffers = Dictionary(
            uniqueKeysWithValues: sounds.map {
                ("/nonexistent/" + $0.id + ".mp3", constant($0.value, seconds: $0.seconds))
            })
        for (_, event) in eventsOf {
            for file in event.events.files {
                buffers["/nonexistent/" + file] = constant(event.value, seconds: event.seconds)
            }
        }
        player = Player(
            engine: engine, library: library, clock: clock, hub: EventHub(), cacheBytes: 64 << 20,
            decodedStore: makeStore(buffers), memory: memory, makeSeed: makeSeed)
        engine.start()
        // The probe of the device at start.
        _ = await output.next()
        _ = await output.next()
    }

    /// The next period's samples; the engine's clocks move on by its length, as a device's would.
    func period() async -> [Int16] {
        guard let samples = await output.nextWrite() else {
            Issue.record("the engine made another call where a period was due")
            return []
        }
        outputClock.advance(by: Double(samples.count / 2) / Double(AudioFormat.sampleRate))
        return samples
    }

    /// The next `count` periods, one after the other.
    func periods(_ count: Int) async -> [Int16] {
        var samples: [Int16] = []
        for _ in 0..<count { samples += await period() }
        return samples
    }

    /// Plays `first` and lets its first period through, then plays `others` while the output thread is held in
    /// that write, so they all start in the next period. (Played together while the engine is idle, the thread
    /// may wake on the first voice's command and take the second's a period later.)
    func startSteady(_ first: String, then others: [String]) async throws {
        _ = try await player.play(Commands.Play(sounds: [first], fadeIn: 0))
        #expect(await output.next() == .open)
        _ = await period()
        _ = try await player.play(Commands.Play(sounds: others, fadeIn: 0))
    }

    /// Hands engine events to the player until one says voices ended; returns them.
    func handOnEventsUntilVoicesEnd() async -> [VoiceID] {
        while let event = await events.next() {
            await player.handle(event)
            if case .voicesEnded(let voices) = event { return voices }
        }
        return []
    }

    /// Hands engine events to the player until an alarm tone's start.
    func handOnEventsUntilAlarmAudio() async {
        while let event = await events.next() {
            await player.handle(event)
            if case .alarmAudio = event { return }
        }
    }

    func tearDown() async {
        _ = await player.shutdown()
        output.runFree()
        await engine.shutdown(fadeFrames: 0)
    }
}

/// A constant `value` as the mixer renders it under a linear ramp of one of its gains from `from` to `to` over
/// `frames` frames, the others steady (`gain`); stereo samples.
func rampFrames(of value: Int16, from: Float, to: Float, frames: Int, gain: Float = 1) -> [Int16] {
    var ramp = GainRamp(from)
    ramp.ramp(to: to, frames: frames)
    return (0..<frames).flatMap { _ -> [Int16] in
        let sample = Mixer.clip(Float(value) * (gain * ramp.next() * 1))
        return [sample, sample]
    }
}

/// `count` frames of a constant stereo sample.
func steady(_ value: Int16, frames count: Int) -> [Int16] {
    [Int16](repeating: value, count: count * 2)
}
