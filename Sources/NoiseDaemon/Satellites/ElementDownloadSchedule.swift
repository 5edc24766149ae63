import NoiseCore

/// Which satellites' elements are due for a download, how to ask for them, and how long the downloader may sleep.
/// Pure: the satellites in use, their download times, their retry times and the wall clock's time are given, so
/// the tests need no clock.
struct ElementDownloadSchedule: Sendable, Equatable {
    /// A satellite is due once its last download is this old; the group is asked for at most this often.
    var refreshSeconds = ElementLimits.elementsRefreshSeconds
    /// The longest sleep between checks.
    var checkSeconds = ElementLimits.elementsCheckSeconds
    /// More due than this are taken from the group; this many at most are asked for one by one in a check.
    var handful = ElementLimits.elementsSingleRequestsMax
    /// The most satellites one batch asks for by number.
    var batchMax = ElementLimits.elementsBatchMax

    /// The satellites wanted (those kept, and those pass alarms ring for), in catalog order, whose last download is
    /// `refreshSeconds` old, was never made (a set imported by hand, a new pass alarm's), or lies in the future (the
    /// wall clock was set back: its age is unknown), and whose retry time (`notBefore`, after a failure) has come.
    func due(wanted: Set<Int>, downloaded: [Int: Double], notBefore: [Int: Double] = [:], now: Double) -> [Int] {
        wanted.sorted().filter { number in
            if let retry = notBefore[number], retry > now { return false }
            guard let last = downloaded[number] else { return true }
            return now - last >= refreshSeconds || last > now
        }
    }

    /// How to ask for `due`: one by one when they are a handful; more, the group once per `refreshSeconds` (CelesTrak
    /// serves groups, and thousands of requests would be a flood). Once the group has answered (`groupAnswered`,
    /// within `refreshSeconds`), what is due is what it lacked, or a satellite taken into use since: asked for in one
    /// batch (`batchMax` numbers at most a request, so its URL stays short), or alone when it is one. A batch's
    /// refusals wait for the next refresh, so the same satellites are not asked for again within it.
    func transfers(due: [Int], groupAnswered: Double?, now: Double) -> [ElementTransfer] {
        let groupRecent = groupAnswered.map { $0 <= now && now - $0 < refreshSeconds } ?? false
        guard groupRecent else { return due.count > handful ? [.group(due)] : due.map { .satellite($0) } }
        guard due.count > 1 else { return due.map { .satellite($0) } }
        return stride(from: 0, to: due.count, by: batchMax).map { start in
            .batch(Array(due[start..<min(start + batchMax, due.count)]))
        }
    }

    /// Seconds from `now` to the next check: when the first satellite falls due or its retry comes, at most
    /// `checkSeconds` (which also catches a satellite imported meanwhile), at least a second.
    func secondsToNextCheck(
        wanted: Set<Int>, downloaded: [Int: Double], notBefore: [Int: Double] = [:],
        now: Double
    ) -> Double {
        let soonest =
            wanted.map { number -> Double in
                let fresh: Double
                if let last = downloaded[number], last <= now { fresh = last + refreshSeconds - now } else { fresh = 0 }
                return max(fresh, (notBefore[number] ?? now) - now)
            }.min() ?? checkSeconds
        return min(checkSeconds, max(1, soonest))
    }
}
