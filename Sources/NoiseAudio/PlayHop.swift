/// The steps a sound takes from a `play` request to its first frame on the device, in the order they happen when
/// nothing plays. Each is logged at debug level with the monotonic time it happened (`PlayHop.logLine`), so a
/// run's timeline can be read from the log: `make bench` prints row 9's (docs/performance.md, "Time to sound").
public enum PlayHop: String, Sendable, CaseIterable {
    /// The `play` request reached the player.
    case request
    /// The sound's first samples are in memory: the decoded copy's first block, checked, or the file's first
    /// second decoded (or the whole sound, when it was cached or must be whole).
    case loaded
    /// The mixer commands are queued for the output thread.
    case sent
    /// The output thread took them, with nothing playing before.
    case woke
    /// The device is open and ready for the first period.
    case opened
    /// The first period is written to the device (which plays once its start threshold is written).
    case written
    /// The rest of the load is over: the decoded copy (or the file) read to its end, behind the first frames.
    case readToEnd = "read_to_end"

    /// The log line for this hop at `seconds` on the monotonic clock (`CLOCK_MONOTONIC`, the clock every process
    /// on the machine shares), in whole microseconds.
    public func logLine(at seconds: Double) -> String {
        "play path: \(rawValue) at \(Int64((seconds * 1e6).rounded())) us"
    }
}
