import CSystemd

/// Tells the service manager what the daemon is doing, with libsystemd's `sd_notify(3)` (to `$NOTIFY_SOCKET`, a
/// path or an abstract name). Without the variable it does nothing. Sending never blocks (a datagram); a failure
/// is ignored, as sd_notify's callers do.
public struct ServiceNotifier: Sendable {
    /// Whether the service manager listens: `NOTIFY_SOCKET` names an absolute path or an abstract name (`@…`),
    /// the only kinds sd_notify sends to.
    public let isActive: Bool

    public init(environment: [String: String]) {
        isActive = environment["NOTIFY_SOCKET"].map { $0.hasPrefix("/") || $0.hasPrefix("@") } ?? false
    }

    public func ready() { send("READY=1") }
    public func status(_ text: String) { send("STATUS=\(text)") }
    public func stopping() { send("STOPPING=1\nSTATUS=stopping") }
    public func watchdog() { send("WATCHDOG=1") }

    private func send(_ message: String) {
        guard isActive else { return }
        // The variable stays set: every message is sent to it, and noised starts no process that could inherit it.
        _ = sd_notify(0, message)
    }

    /// Half the watchdog interval systemd asked for (`WATCHDOG_USEC`, for us when `WATCHDOG_PID` is unset or
    /// ours: `sd_watchdog_enabled(3)`), in seconds; nil when the watchdog is off.
    public static func watchdogInterval() -> Double? {
        var micros: UInt64 = 0
        guard sd_watchdog_enabled(0, &micros) > 0, micros > 0 else { return nil }
        return pingInterval(microseconds: micros)
    }

    /// Pings come twice per interval, as sd_watchdog_enabled(3) advises, so one late ping is not a restart.
    static func pingInterval(microseconds: UInt64) -> Double {
        Double(microseconds) / 2e6
    }
}
