import NoiseSystem

/// The output thread's real clocks, read with `clock_gettime` (never Swift's async clocks: the thread must not
/// await).
public struct SystemOutputClock: OutputClock {
    public init() {}

    public func monotonicSeconds() -> Double { MonotonicTime.seconds() }

    public func wallSeconds() -> Double { WallTime.seconds() }
}
