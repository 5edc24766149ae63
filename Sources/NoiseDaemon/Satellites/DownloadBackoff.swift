import NoiseCore

/// The delays between retries of a failed download: `first`, then doubling, never past `cap`; a success starts
/// it over. A value: the downloader keeps one and asks it how long to wait.
struct DownloadBackoff: Sendable, Equatable {
    let first: Double
    let cap: Double
    /// Failures in a row so far.
    private(set) var failures = 0

    init(first: Double, cap: Double = ElementLimits.elementsCheckSeconds) {
        self.first = first
        self.cap = max(first, cap)
    }

    /// Counts a failure and returns the seconds to wait before the next try.
    mutating func failed() -> Double {
        // 2^failures past 2^31 is past any cap: stop doubling before the number could overflow.
        let delay = min(cap, first * Double(1 << min(failures, 31)))
        failures += 1
        return delay
    }

    mutating func succeeded() {
        failures = 0
    }
}
