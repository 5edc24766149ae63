import Glibc
import NoiseCore
import NoiseSystem

/// Discards the stream but takes as long as a real device would to play it, like MPD's null output,
/// so timers, fades and the sleep timer behave the same on a machine without a sound card.
public final class NullOutput: AudioOutput {
    public let periodFrames = AudioFormat.frames(seconds: 0.05)
    public let underruns = 0
    private var playedUntil: Double = 0
    private let bufferSeconds = Double(AudioLimits.deviceLatencyMicroseconds) / 1_000_000

    public init() {}

    public func open() throws(AudioOutputError) {
        playedUntil = MonotonicTime.seconds()
    }

    public func write(_ samples: UnsafePointer<Int16>, frames: Int) throws(AudioOutputError) {
        let now = MonotonicTime.seconds()
        playedUntil = max(playedUntil, now) + Double(frames) / Double(AudioFormat.sampleRate)
        // Like a device with a full buffer: return once what is queued fits the buffer again.
        MonotonicTime.sleep(until: playedUntil - bufferSeconds)
    }

    public func delayFrames() -> Int {
        max(0, Int((playedUntil - MonotonicTime.seconds()) * Double(AudioFormat.sampleRate)))
    }

    public func drain() {
        MonotonicTime.sleep(until: playedUntil)
    }

    public func close() {}
}
