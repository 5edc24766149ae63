import NoiseAudio

#if canImport(Glibc)
import Glibc
#endif

/// An output that takes each period at once and plays nothing, for the fuzz rig. The built-in `NullOutput` is
/// paced like a device (its drain waits out half a second of buffer), which would make each input take that
/// long to shut its engine down; this one lets the engine's loop run unpaced, yielding the CPU after each
/// period so the loop does not starve the tasks carrying out the input. Never used outside the harness.
final class DiscardingOutput: AudioOutput {
    let periodFrames = 1024
    let underruns = 0

    func open() throws(AudioOutputError) {}

    func write(_ samples: UnsafePointer<Int16>, frames: Int) throws(AudioOutputError) {
        sched_yield()
    }

    func drain() {}
    func close() {}
    func delayFrames() -> Int { 0 }
}
