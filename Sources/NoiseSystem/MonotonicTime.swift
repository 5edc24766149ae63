import Glibc

/// The monotonic clock of the output thread (which cannot use Swift's async clocks: it must not await).
public enum MonotonicTime {
    public static func seconds() -> Double {
        var now = Glibc.timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    public static func timespec(at seconds: Double) -> Glibc.timespec {
        let whole = seconds.rounded(.down)
        return Glibc.timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    }

    public static func sleep(until seconds: Double) {
        var deadline = timespec(at: seconds)
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    }
}
