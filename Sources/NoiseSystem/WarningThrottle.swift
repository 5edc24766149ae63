import NoiseCore
import Synchronization

/// Lets a repeated warning through once per window and counts the rest, so one client that keeps being refused
/// (a script in a loop, a flood) cannot fill the journal: the next warning that gets through says how many were
/// held back. Time comes from the caller (milliseconds on any monotonic scale), so it is tested without a clock.
/// Shared by the threads that log the warning.
public final class WarningThrottle: Sendable {
    public let windowMilliseconds: Int64
    private let window = Mutex<(start: Int64?, held: Int)>((nil, 0))

    public init(windowMilliseconds: Int64 = Limits.repeatedWarningWindowSeconds * 1000) {
        self.windowMilliseconds = windowMilliseconds
    }

    /// The text to log now (`message`, with the count of those held back since the last one), or nil to hold it.
    public func pass(_ message: String, at now: Int64) -> String? {
        window.withLock { window in
            if let start = window.start, now - start < windowMilliseconds {
                window.held += 1
                return nil
            }
            defer { window = (now, 0) }
            return window.held == 0
                ? message
                : "\(message) (\(window.held) more like it in the last \(windowMilliseconds / 1000) s not logged)"
        }
    }
}
