import NoiseCore
import Synchronization

/// Lets a repeated warning through once per window and counts the rest, so one client that keeps being refused
/// (a script in a loop, a flood) cannot fill the journal: the next warning that gets through says how many were
/// held back. Time comes from the caller (milliseconds on any monotonic scale), so it is tested without a clock.
struct WarningThrottle {
    let windowMilliseconds: Int64
    private var windowStart: Int64?
    private var held = 0

    init(windowMilliseconds: Int64 = Limits.repeatedWarningWindowSeconds * 1000) {
        self.windowMilliseconds = windowMilliseconds
    }

    /// The text to log now (`message`, with the count of those held back since the last one), or nil to hold it.
    mutating func pass(_ message: String, at now: Int64) -> String? {
        if let start = windowStart, now - start < windowMilliseconds {
            held += 1
            return nil
        }
        windowStart = now
        defer { held = 0 }
        return held == 0 ? message : "\(message) (\(held) more like it in the last \(windowMilliseconds / 1000) s not logged)"
    }
}

/// A `WarningThrottle` shared by the threads that log the warning.
final class SharedWarningThrottle: Sendable {
    private let throttle = Mutex(WarningThrottle())

    func pass(_ message: String, at now: Int64) -> String? {
        throttle.withLock { $0.pass(message, at: now) }
    }
}
