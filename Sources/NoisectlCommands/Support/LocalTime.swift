import Glibc
import NoiseCore

/// The local wall clock, for `--until` and timestamps. Uses the C library so the client stays small.
enum LocalTime {
    /// Seconds from now until the next time the local clock shows `time` (tomorrow when it has passed today).
    static func secondsUntil(_ time: TimeOfDay) -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        for dayOffset in 0...2 {
            var target = parts
            target.tm_mday += Int32(dayOffset)
            target.tm_hour = Int32(time.hour)
            target.tm_min = Int32(time.minute)
            target.tm_sec = Int32(time.second)
            target.tm_isdst = -1
            let instant = mktime(&target)
            let delta = Double(instant - now.tv_sec) - Double(now.tv_nsec) / 1e9
            if delta > 0 { return delta }
        }
        return 86_400
    }

    /// The local clock's time at an instant (Unix seconds), to the second.
    static func timeOfDay(atUnix instant: Int64) -> TimeOfDay {
        var seconds = time_t(instant)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return TimeOfDay(hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// Now, in whole Unix seconds. Not `time()`: glibc's reads the coarse clock, which can still show the last
    /// second when the terminal clock's timer fires on the next one.
    static func nowSeconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec)
    }

    /// The local date and time to the minute, `2026-11-29 16:40`, for lists.
    static func dateAndMinute(unix: Int64) -> String {
        var seconds = time_t(unix)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    /// The local time as HH:MM:SS, for event lines. Not `time()`: glibc reads a coarse clock there, a tick behind,
    /// and an alarm event on its second would be stamped with the second before.
    static func clockText() -> String {
        var seconds = time_t(nowSeconds())
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
