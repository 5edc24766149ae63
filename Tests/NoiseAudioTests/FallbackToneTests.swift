import Testing

@testable import NoiseAudio

@Suite("Fallback alarm tone")
struct FallbackToneTests {
    let samples = FallbackTone.buffer.samples

    @Test func isLoudEnoughToWakeSomeone() {
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 15_000 && peak < 17_000, "about half of full scale, got \(peak)")
    }

    @Test func loopsWithoutAClick() {
        // Neighbouring frames never jump more than an 880 Hz sine at this level does (about 2,050 per sample).
        var largest = 0
        for index in stride(from: 2, to: samples.count, by: 2) {
            largest = max(largest, abs(Int(samples[index]) - Int(samples[index - 2])))
        }
        #expect(largest < 2_100)
        #expect(samples.first == 0 && samples.last == 0, "silent at both ends, so the wrap is seamless")
    }

    @Test func isFourBeepsThenQuiet() {
        let frames = samples.count / 2
        #expect(frames == Int(0.8 * 44_100) + 44_100)
        let lastSecond = samples.suffix(44_100 * 2)
        #expect(lastSecond.allSatisfy { $0 == 0 })
    }
}
