import NoiseCore

/// Which satellites' elements are due for a download, and how long the downloader may sleep. Pure: the kept
/// satellites, their download times and the wall clock's time are given, so the tests need no clock.
struct ElementDownloadSchedule: Sendable, Equatable {
    /// A satellite is due once its last download is this old.
    var refreshSeconds = Limits.elementsRefreshSeconds
    /// The longest sleep between checks.
    var checkSeconds = Limits.elementsCheckSeconds

    /// The satellites wanted (those kept, and those pass alarms ring for), in catalog order, whose last download is
    /// `refreshSeconds` old, was never made (a set imported by hand, a new pass alarm's), or lies in the future (the
    /// wall clock was set back: its age is unknown).
    func due(wanted: Set<Int>, downloaded: [Int: Double], now: Double) -> [Int] {
        wanted.sorted().filter { number in
            guard let last = downloaded[number] else { return true }
            return now - last >= refreshSeconds || last > now
        }
    }

    /// Seconds from `now` to the next check when no retry is pending: when the first satellite falls due, at most
    /// `checkSeconds` (which also catches a satellite imported meanwhile), at least a second.
    func secondsToNextCheck(wanted: Set<Int>, downloaded: [Int: Double], now: Double) -> Double {
        let soonest = wanted.map { number -> Double in
            guard let last = downloaded[number], last <= now else { return 0 }
            return last + refreshSeconds - now
        }.min() ?? checkSeconds
        return min(checkSeconds, max(1, soonest))
    }
}
