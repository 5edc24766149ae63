/// When the quick lane next looks for connections that stayed silent too long. One deadline for all of them, moved
/// only when it passes (not on every read): a busy connection costs a clock reading and nothing more. Pure: the
/// lane passes the time, in milliseconds of a monotonic clock.
struct IdleSweep {
    let timeout: Int64
    /// The earliest moment a connection may have been silent for `timeout`; `Int64.max` with none to watch.
    private(set) var due: Int64 = .max

    init(timeoutMilliseconds: Int64) {
        timeout = timeoutMilliseconds
    }

    /// A connection heard from at `time` (opened, or still open after a sweep).
    mutating func watch(lastHeard time: Int64) {
        due = min(due, time + timeout)
    }

    func isDue(at now: Int64) -> Bool { now >= due }

    func hasExpired(lastHeard time: Int64, at now: Int64) -> Bool { now - time >= timeout }

    /// Starts a sweep: the deadline is made again from the connections that stay (`watch`).
    mutating func begin() {
        due = .max
    }

    /// How long epoll may wait for this deadline and `other` (also in milliseconds; `Int64.max` for none): -1 for
    /// no limit, else at least 0 and at most `Int32.max`.
    func waitLimit(at now: Int64, or other: Int64 = .max) -> Int32 {
        let deadline = min(due, other)
        guard deadline != .max else { return -1 }
        return Int32(clamping: max(0, deadline - now))
    }
}
