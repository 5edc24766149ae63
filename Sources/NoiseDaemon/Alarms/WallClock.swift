/// Why a wait on the wall clock ended.
public enum WakeReason: Sendable, Equatable {
    /// The deadline was reached.
    case deadline
    /// The wall clock was set (a jump, NTP step, manual change): every trigger must be looked at again.
    case clockChanged
    /// `interrupt()` was called: the alarms changed.
    case interrupted
    /// A watched file changed: the system time zone's (local times may mean other instants now), the satellites'
    /// elements or the config (pass alarms' passes may be other ones now).
    case filesChanged
}

/// The wall clock the alarm scheduler sleeps on. One real implementation (`TimerFDWallClock`, a Linux timerfd);
/// the protocol exists so scheduler tests drive time by hand and never sleep.
public protocol WallClock: Sendable {
    /// Now, in Unix seconds.
    func now() -> Double
    /// Waits until the wall clock reaches `deadline` (Unix seconds; nil waits for a change or an interrupt only).
    /// Returns early when the clock is set, the system zone's files change or `interrupt()` is called. One waiter at a time.
    func wait(until deadline: Double?) async -> WakeReason
    /// Ends the current (or the next) wait with `.interrupted`. Never blocks.
    func interrupt()
    /// Whether the timer wakes a suspended machine (CLOCK_REALTIME_ALARM with CAP_WAKE_ALARM).
    var wakesFromSuspend: Bool { get }
}
