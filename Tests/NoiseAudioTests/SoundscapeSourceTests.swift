import NoiseCatalog
import Testing

@testable import NoiseAudio

@Suite("A loop with events mixed over it")
struct SoundscapeSourceTests {
    /// Reads `total` frames in uneven pieces, as periods of different lengths would.
    func play(_ source: any PCMSource, total: Int, pieces: [Int] = [777, 1, 4096, 333]) -> [Int16] {
        var out = [Int16](repeating: 0, count: total * 2)
        var done = 0
        var turn = 0
        while done < total {
            let frames = min(pieces[turn % pieces.count], total - done)
            let got = out.withUnsafeMutableBufferPointer {
                source.read(into: $0.baseAddress! + done * 2, frames: frames)
            }
            #expect(got == frames)
            done += got
            turn += 1
        }
        return out
    }

    let bed: [Int16] = (0..<5_000).flatMap { (frame: Int) -> [Int16] in
        [Int16(truncatingIfNeeded: frame &* 7919), Int16(truncatingIfNeeded: frame &* 104_729)]
    }
    let chirp: [Int16] = (0..<300).flatMap { (frame: Int) -> [Int16] in
        [Int16((frame % 50) * 100), Int16(-(frame % 30) * 100)]
    }
    let events = SoundEvents(files: ["a", "b"], every: 1...3, gainDB: -12...0)

    func schedule(seed: UInt64) -> EventSchedule {
        EventSchedule(events: events, seed: seed, framesPerSecond: 1_000)
    }

    @Test(arguments: [UInt64(1), 99])
    func theBedPlaysSampleForSampleAndEachEventIsAddedAtItsFrameAndGain(_ seed: UInt64) {
        let buffers = [PCMBuffer(samples: chirp), PCMBuffer(samples: chirp.map { $0 / 2 })]
        let source = SoundscapeSource(
            bed: BufferSource(buffer: PCMBuffer(samples: bed), loops: true), events: buffers,
            schedule: schedule(seed: seed))
        let total = 23_456
        let out = play(source, total: total)

        var expected: [Int16] = []
        for frame in 0..<total { expected += [bed[(frame % 5_000) * 2], bed[(frame % 5_000) * 2 + 1]] }
        var touched = [Bool](repeating: false, count: total)
        var drawn = schedule(seed: seed)
        var heard = 0
        while true {
            let event = drawn.next()
            guard event.frame < total else { break }
            heard += 1
            let samples = buffers[event.file].samples
            for frame in 0..<min(300, total - event.frame) {
                touched[event.frame + frame] = true
                for channel in 0..<2 {
                    let at = (event.frame + frame) * 2 + channel
                    expected[at] = Mixer.clip(Float(expected[at]) + Float(samples[frame * 2 + channel]) * event.gain)
                }
            }
        }
        #expect(heard > 6)
        #expect(out == expected)
        // Untouched frames, the loop's wraps among them, are the bed's own samples.
        let wraps = stride(from: 5_000, to: total, by: 5_000).filter { !touched[$0 - 1] && !touched[$0] }
        #expect(!wraps.isEmpty)
        for frame in 0..<total where !touched[frame] {
            #expect(out[frame * 2] == bed[(frame % 5_000) * 2], "frame \(frame)")
        }
    }

    @Test func differentSeedsPlayDifferentEventsOverTheSameBed() {
        func run(_ seed: UInt64) -> [Int16] {
            play(
                SoundscapeSource(
                    bed: BufferSource(buffer: PCMBuffer(samples: bed), loops: true),
                    events: [PCMBuffer(samples: chirp), PCMBuffer(samples: chirp)], schedule: schedule(seed: seed)),
                total: 20_000)
        }
        #expect(run(5) == run(5))
        #expect(run(5) != run(6))
    }

    @Test func eventsBeyondTheSlotsAreLeftOutAndEventsClipAtFullScale() {
        let loud = [Int16](repeating: 30_000, count: 2 * 2_500)
        let source = SoundscapeSource(
            bed: FramesSource(constant: 10_000, frames: 100), events: [PCMBuffer(samples: loud)],
            schedule: EventSchedule(
                events: SoundEvents(files: ["x"], every: 1...1, gainDB: 0...0), seed: 1, framesPerSecond: 1_000),
            maxOverlapping: 1)
        let out = play(source, total: 7_000)
        // Events due at 1000, 2000, 3000…: the one at 1000 sounds to 3500, those at 2000 and 3000 find no slot.
        func at(_ frame: Int) -> Int16 { out[frame * 2] }
        #expect(at(999) == 10_000)
        #expect(at(1_000) == 32_767 && at(3_499) == 32_767)
        #expect(at(3_500) == 10_000 && at(3_999) == 10_000)
        #expect(at(4_000) == 32_767 && at(6_499) == 32_767)
        #expect(at(6_500) == 10_000)
    }

    @Test func whenTheBedEndsSoDoTheEvents() {
        let source = SoundscapeSource(
            bed: FramesSource(constant: 100, frames: 1_500, loops: false), events: [PCMBuffer(samples: chirp)],
            schedule: schedule(seed: 1))
        var out = [Int16](repeating: 0, count: 4_000)
        let got = out.withUnsafeMutableBufferPointer { source.read(into: $0.baseAddress!, frames: 2_000) }
        #expect(got == 1_500)
    }
}
