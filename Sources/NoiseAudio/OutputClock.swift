/// Where the output thread reads the time: a clock that never jumps, for when to try a failed device again, and
/// the wall clock, for when an alarm tone's first frame is heard.
///
/// An interface because the engine's tests move time by hand (`ManualOutputClock` in NoiseTesting); the daemon
/// uses `SystemOutputClock`, the only real one. Called on the output thread: must not block, await or throw.
public protocol OutputClock: Sendable {
    /// Seconds on a monotonic clock (CLOCK_MONOTONIC in the real one).
    func monotonicSeconds() -> Double
    /// Unix seconds (CLOCK_REALTIME in the real one), the time alarm triggers are given in.
    func wallSeconds() -> Double
}
