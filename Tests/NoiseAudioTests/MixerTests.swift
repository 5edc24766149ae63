import Testing

@testable import NoiseAudio

/// A source that plays given stereo frames once or looped; the mixer tests' stand-in for a decoded file.
final class FramesSource: PCMSource {
    let samples: [Int16]
    let loops: Bool
    var position = 0

    init(_ samples: [Int16], loops: Bool = true) {
        self.samples = samples
        self.loops = loops
    }

    /// A constant stereo signal of `frames` frames.
    convenience init(constant value: Int16, frames: Int, loops: Bool = true) {
        self.init([Int16](repeating: value, count: frames * 2), loops: loops)
    }

    func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int) -> Int {
        var written = 0
        while written < frames {
            if position == samples.count {
                guard loops else { break }
                position = 0
            }
            buffer[written * 2] = samples[position]
            buffer[written * 2 + 1] = samples[position + 1]
            position += 2
            written += 1
        }
        return written
    }
}

func render(_ mixer: inout Mixer, frames: Int) -> (samples: [Int16], ended: [VoiceID]) {
    var output = [Int16](repeating: 0, count: frames * 2)
    var started: [Mixer.AlarmStart] = []
    let ended = output.withUnsafeMutableBufferPointer {
        mixer.render(into: $0.baseAddress!, frames: frames, playTime: 0, started: &started)
    }
    return (output, ended)
}

@Suite("Mixer arithmetic")
struct MixerTests {
    @Test func unityGainPassesSamplesUnchanged() {
        let input: [Int16] = (0..<2000).map { Int16(truncatingIfNeeded: $0 &* 7919) }
        var mixer = Mixer(maxFrames: 4096)
        mixer.apply(.start(1, source: FramesSource(input), gain: 1, fadeFrames: 0))
        let r1000 = render(&mixer, frames: 1000)
        #expect(r1000.samples == input)
    }

    @Test func voicesSumAndClipAtFullScale() {
        var mixer = Mixer(maxFrames: 64)
        mixer.apply(.start(1, source: FramesSource(constant: 20_000, frames: 8), gain: 1, fadeFrames: 0))
        mixer.apply(.start(2, source: FramesSource(constant: 1_000, frames: 8), gain: 1, fadeFrames: 0))
        let r8_1 = render(&mixer, frames: 8)
        #expect(r8_1.samples.allSatisfy { $0 == 21_000 })
        mixer.apply(.start(3, source: FramesSource(constant: 20_000, frames: 8), gain: 1, fadeFrames: 0))
        let r8_2 = render(&mixer, frames: 8)
        #expect(r8_2.samples.allSatisfy { $0 == Int16.max })
        var negative = Mixer(maxFrames: 64)
        negative.apply(.start(1, source: FramesSource(constant: -30_000, frames: 8), gain: 1, fadeFrames: 0))
        negative.apply(.start(2, source: FramesSource(constant: -30_000, frames: 8), gain: 1, fadeFrames: 0))
        let r8_3 = render(&negative, frames: 8)
        #expect(r8_3.samples.allSatisfy { $0 == Int16.min })
    }

    @Test func gainScalesAndRounds() {
        var mixer = Mixer(maxFrames: 64)
        mixer.apply(.start(1, source: FramesSource(constant: 10_001, frames: 4), gain: 0.5, fadeFrames: 0))
        #expect(render(&mixer, frames: 4).samples.allSatisfy { $0 == 5_000 })  // 5000.5 rounds to even
    }

    @Test(arguments: [
        (Float(0), Int16(0)), (1.5, 2), (2.5, 2), (-1.5, -2), (-2.5, -2), (0.49, 0), (-0.51, -1),
        (32766.6, 32767), (40_000, 32767), (-40_000, -32768), (-32768, -32768), (12345, 12345), (-12345, -12345),
    ])
    func clipRoundsToNearestEvenAndClamps(_ value: Float, _ expected: Int16) {
        #expect(Mixer.clip(value) == expected)
    }

    @Test func fadeInRisesLinearlyFromSilence() {
        var mixer = Mixer(maxFrames: 256)
        mixer.apply(.start(1, source: FramesSource(constant: 10_000, frames: 16), gain: 1, fadeFrames: 100))
        let samples = render(&mixer, frames: 200).samples
        let left = samples.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        #expect(left[0] == 100)
        #expect(left[49] == 5_000)
        #expect(left[99] == 10_000)
        #expect(left[150] == 10_000)
        #expect(zip(left, left.dropFirst()).allSatisfy { $1 >= $0 })
    }

    @Test func volumeChangesRampWithoutSteps() {
        var mixer = Mixer(maxFrames: 8192)
        mixer.apply(.start(1, source: FramesSource(constant: 30_000, frames: 64), gain: 1, fadeFrames: 0))
        _ = render(&mixer, frames: 100)
        mixer.apply(.setGain(1, gain: 0))
        let samples = render(&mixer, frames: 4410).samples
        let left = samples.enumerated().filter { $0.offset % 2 == 0 }.map { Int($0.element) }
        let biggestStep = zip(left, left.dropFirst()).map { abs($1 - $0) }.max()!
        // 50 ms at 44.1 kHz is 2205 frames: 30000 / 2205 ≈ 13.6 per frame, never a jump.
        #expect(biggestStep <= 14)
        #expect(left[2203] > 0)
        #expect(left[2204] == 0)
        #expect(left.last == 0)
    }

    /// A sleep timer's fade to its floor: the gain moves over the frames asked, the voice stays at the floor, and
    /// a ramp back up takes the fade back (a `fadeOut` could not: it ends the voice).
    @Test func aGainRampReachesItsFloorAndCanBeTakenBack() {
        var mixer = Mixer(maxFrames: 8192)
        mixer.apply(.start(1, source: FramesSource(constant: 30_000, frames: 64), gain: 1, fadeFrames: 0))
        _ = render(&mixer, frames: 10)
        mixer.apply(.rampGain(1, gain: 0.25, frames: 1000))
        let down = render(&mixer, frames: 2000)
        let left = down.samples.enumerated().filter { $0.offset % 2 == 0 }.map { Int($0.element) }
        #expect(abs(left[499] - 18_750) <= 30, "half way down: 30000 × (1 + 0.25) / 2")
        #expect(left[999] == 7_500 && left.last == 7_500, "at the floor, and staying there")
        #expect(down.ended.isEmpty && mixer.voices.count == 1)
        mixer.apply(.rampGain(1, gain: 1, frames: 100))
        let up = render(&mixer, frames: 200).samples
        #expect(up[up.count - 2] == 30_000)
    }

    @Test func fadeOutEndsTheVoiceAndReportsIt() {
        var mixer = Mixer(maxFrames: 1024)
        mixer.apply(.start(7, source: FramesSource(constant: 1000, frames: 10), gain: 1, fadeFrames: 0))
        mixer.apply(.fadeOut(7, fadeFrames: 500))
        let first = render(&mixer, frames: 400)
        #expect(first.ended.isEmpty)
        #expect(mixer.voices.count == 1)
        let second = render(&mixer, frames: 400)
        #expect(second.ended == [7])
        #expect(mixer.isSilent)
        #expect(second.samples[200...].allSatisfy { $0 == 0 })
    }

    @Test func aSourceThatRunsDryEndsItsVoice() {
        var mixer = Mixer(maxFrames: 64)
        mixer.apply(.start(3, source: FramesSource(constant: 5, frames: 10, loops: false), gain: 1, fadeFrames: 0))
        let result = render(&mixer, frames: 32)
        #expect(result.ended == [3])
        #expect(result.samples[0..<20].allSatisfy { $0 == 5 })
        #expect(result.samples[20...].allSatisfy { $0 == 0 })
    }

    @Test func masterGainAppliesToTheSum() {
        var mixer = Mixer(maxFrames: 8192)
        mixer.apply(.start(1, source: FramesSource(constant: 8000, frames: 8), gain: 1, fadeFrames: 0))
        mixer.apply(.setMasterGain(0.25))
        _ = render(&mixer, frames: 4000)
        let r16 = render(&mixer, frames: 16)
        #expect(r16.samples.allSatisfy { $0 == 2000 })
    }

    @Test func stoppingVoicesCanBeDroppedAtOnce() {
        var mixer = Mixer(maxFrames: 64)
        mixer.apply(.start(1, source: FramesSource(constant: 1, frames: 4), gain: 1, fadeFrames: 0))
        mixer.apply(.start(2, source: FramesSource(constant: 1, frames: 4), gain: 1, fadeFrames: 0))
        mixer.apply(.fadeOut(2, fadeFrames: 10_000))
        #expect(mixer.dropStoppingVoices() == [2])
        #expect(mixer.voices.count == 1)
    }

    @Test func fadeOutAllStopsEverything() {
        var mixer = Mixer(maxFrames: 512)
        for id in 1...3 {
            mixer.apply(.start(VoiceID(id), source: FramesSource(constant: 100, frames: 4), gain: 1, fadeFrames: 0))
        }
        mixer.apply(.fadeOutAll(fadeFrames: 100))
        #expect(Set(render(&mixer, frames: 200).ended) == [1, 2, 3])
    }
}

@Suite("Gain ramp")
struct GainRampTests {
    @Test func arrivesExactlyAfterTheGivenFrames() {
        var ramp = GainRamp(0)
        ramp.ramp(to: 1, frames: 4)
        #expect([ramp.next(), ramp.next(), ramp.next(), ramp.next(), ramp.next()] == [0.25, 0.5, 0.75, 1, 1])
        #expect(ramp.isSteady)
    }

    @Test func zeroFramesJumps() {
        var ramp = GainRamp(0.3)
        ramp.ramp(to: 0.9, frames: 0)
        #expect(ramp.value == 0.9)
        #expect(ramp.isSteady)
    }
}

@Suite("Scheduled alarm tones")
struct ScheduledAlarmTests {
    @Test func aToneStartsOnTheFrameOfItsInstantAndDucksTheNoise() {
        var mixer = Mixer(maxFrames: 8192)
        mixer.apply(.start(1, source: FramesSource(constant: 10_000, frames: 4), gain: 1, fadeFrames: 0))
        // The tone is due 0.1 s after the first frame of the next period is heard.
        mixer.apply(
            .startAlarm(2, source: FramesSource(constant: 1_000, frames: 4), gain: 1, rampFrames: 0, startAt: 100.1))
        var started: [Mixer.AlarmStart] = []
        var output = [Int16](repeating: 0, count: 8192 * 2)
        _ = output.withUnsafeMutableBufferPointer {
            mixer.render(into: $0.baseAddress!, frames: 8192, playTime: 100, started: &started)
        }
        #expect(started == [Mixer.AlarmStart(voice: 2, heardAt: 100 + 4410.0 / 44_100)])
        #expect(output[0..<(2 * 4410)].allSatisfy { $0 == 10_000 }, "noise alone, not yet ducked, before the tone")
        #expect(output[2 * 4410] >= 10_990 && output[2 * 4410] <= 11_000, "the tone starts on frame 4410")
        for _ in 0..<2 {
            _ = output.withUnsafeMutableBufferPointer {
                mixer.render(into: $0.baseAddress!, frames: 8192, playTime: 101, started: &started)
            }
        }
        #expect(
            output.allSatisfy { $0 == Int16(10_000 * Mixer.duckGain) + 1_000 }, "noise ducked while the tone sounds")
    }

    @Test func aToneDueLaterStaysSilentAndACancelledOneEndsUnheard() {
        var mixer = Mixer(maxFrames: 1024)
        mixer.apply(
            .startAlarm(5, source: FramesSource(constant: 1_000, frames: 4), gain: 1, rampFrames: 0, startAt: 10))
        var started: [Mixer.AlarmStart] = []
        var output = [Int16](repeating: 1, count: 2048)
        _ = output.withUnsafeMutableBufferPointer {
            mixer.render(into: $0.baseAddress!, frames: 1024, playTime: 0, started: &started)
        }
        #expect(started.isEmpty)
        #expect(output.allSatisfy { $0 == 0 })
        mixer.apply(.fadeOut(5, fadeFrames: 0))
        let ended = output.withUnsafeMutableBufferPointer {
            mixer.render(into: $0.baseAddress!, frames: 1024, playTime: 1, started: &started)
        }
        #expect(ended == [5])
        #expect(started.isEmpty)
    }
}
