import Glibc
import NoiseSystem

/// Tells the service manager what the daemon is doing, per `sd_notify(3)`: one datagram per message to
/// `$NOTIFY_SOCKET` (a path, or an abstract name when it starts with `@`). Without the variable it does nothing.
/// Sending never blocks (a datagram socket, `MSG_DONTWAIT`); a failure is ignored, as sd_notify's callers do.
public final class ServiceNotifier: Sendable {
    private let address: [UInt8]?

    /// Reads `NOTIFY_SOCKET` and removes it from the environment so children do not inherit it.
    public init(environment: [String: String]) {
        if let path = environment["NOTIFY_SOCKET"], path.hasPrefix("/") || path.hasPrefix("@"), path.utf8.count < 108 {
            // An abstract address starts with a NUL byte where the name has '@'.
            address = path.hasPrefix("@") ? [0] + Array(path.utf8.dropFirst()) : Array(path.utf8)
        } else {
            address = nil
        }
        unsetenv("NOTIFY_SOCKET")
    }

    public var isActive: Bool { address != nil }

    public func ready() { send("READY=1") }
    public func status(_ text: String) { send("STATUS=\(text)") }
    public func stopping() { send("STOPPING=1\nSTATUS=stopping") }
    public func watchdog() { send("WATCHDOG=1") }

    func send(_ message: String) {
        guard let address else { return }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(message.utf8)
        _ = UnixSocketAddress.with(address) { target, length in
            bytes.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT), target, length) }
        }
    }

    /// Half the watchdog interval systemd asked for (`WATCHDOG_USEC`, for us when `WATCHDOG_PID` is unset or
    /// ours), in seconds; nil when the watchdog is off.
    public static func watchdogInterval(environment: [String: String], pid: Int32) -> Double? {
        if let owner = environment["WATCHDOG_PID"], Int32(owner) != pid { return nil }
        guard let micros = environment["WATCHDOG_USEC"].flatMap({ UInt64($0) }), micros > 0 else { return nil }
        return Double(micros) / 2e6
    }
}
