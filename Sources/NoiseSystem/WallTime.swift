import Glibc

/// The wall clock (CLOCK_REALTIME), for reporting when alarm audio was written.
public enum WallTime {
    public static func seconds() -> Double {
        var now = Glibc.timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
