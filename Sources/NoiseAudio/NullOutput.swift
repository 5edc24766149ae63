import Glibc
import NoiseCore

/// Discards the stream but takes as long as a real device would to play it, like MPD's null output,
/// so timers, fades and the sleep timer behave the same on a machine without a sound card.
public final class NullOutput: AudioOutput {
    public let periodFrames = AudioFormat.frames(seconds: 0.05)
    public let underruns = 0
    private var playedUntil: Double = 0
    private let bufferSeconds = Double(Limits.deviceLatencyMicroseconds) / 1_000_000

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

/// The monotonic clock of the output thread (which cannot use Swift's async clocks: it must not await).
enum MonotonicTime {
    static func seconds() -> Double {
        var now = Glibc.timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func timespec(at seconds: Double) -> Glibc.timespec {
        let whole = seconds.rounded(.down)
        return Glibc.timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    }

    static func sleep(until seconds: Double) {
        var deadline = timespec(at: seconds)
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    }
}

/// The wall clock (CLOCK_REALTIME), for reporting when alarm audio was written.
enum WallTime {
    static func seconds() -> Double {
        var now = Glibc.timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
