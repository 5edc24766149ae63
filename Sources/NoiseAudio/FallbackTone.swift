import Glibc

/// An alarm tone made in code, for when no alarm sound file can be decoded (deleted, truncated, corrupt): an
/// alarm must be heard even then. Four 880 Hz beeps of 120 ms, 80 ms apart, then 1 s of quiet; looped.
public enum FallbackTone {
    public static let buffer: PCMBuffer = {
        let rate = Double(AudioFormat.sampleRate)
        let beep = Int(0.12 * rate), gap = Int(0.08 * rate), rest = Int(1.0 * rate)
        let ramp = Int(0.005 * rate)
        var samples: [Int16] = []
        samples.reserveCapacity((4 * (beep + gap) + rest) * AudioFormat.channels)
        for _ in 0..<4 {
            for index in 0..<beep {
                // Short linear edges so each beep starts and ends without a click.
                let edge = min(1.0, Double(min(index, beep - 1 - index)) / Double(ramp))
                let value = Int16((0.5 * 32767 * edge * sin(2 * Double.pi * 880 * Double(index) / rate)).rounded())
                samples.append(value)
                samples.append(value)
            }
            samples += repeatElement(0, count: gap * AudioFormat.channels)
        }
        samples += repeatElement(0, count: rest * AudioFormat.channels)
        return PCMBuffer(samples: samples)
    }()
}
