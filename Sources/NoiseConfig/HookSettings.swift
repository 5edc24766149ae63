import NoiseCore

/// `[hooks]` (docs/home.md): a program run on each of the daemon's events, with the event's JSON on its standard
/// input, by noisehome (a client of the daemon; noised runs nothing). Read by noisehome; the daemon only checks it.
public struct HookSettings: Sendable, Equatable {
    /// The events a hook may be set for, as config.toml names them (`timer_done` is a timer's ring).
    public static let events = [
        "dawn_started", "alarm_ringing", "alarm_snoozed", "alarm_dismissed", "alarm_missed", "timer_done", "playback",
    ]
    /// Each event's program and its arguments (an argv, never a shell line), by event.
    public var programs: [String: [String]] = [:]
    /// How long a hook may run before it is killed.
    public var timeoutSeconds = 10.0
    public static let timeoutRange = 1.0...3600.0
    /// How many hooks run at once; the events after them wait their turn (`maxWaiting` of them).
    public var maxRunning = 4
    public static let maxRunningRange = 1...32
    /// How many events wait for a turn at most; one more is dropped, counted and logged.
    public static let maxWaiting = 1000

    public init() {}

    public var isEmpty: Bool { programs.isEmpty }
}
