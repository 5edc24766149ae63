import NoiseCore
import NoiseProtocol

/// Why a command failed, and the exit code that says so: 1 the daemon said no (or a local step failed), 3 the
/// daemon is unreachable.
public struct ClientFailure: Error, Sendable {
    public var message: String
    public var code: ErrorCode?
    public var exitCode: Int32

    /// The exit code of a failure the daemon or this side gave (`refused`, `failed`).
    public static let failedExitCode: Int32 = 1
    /// The exit code of a daemon that cannot be reached, or went away mid-conversation.
    public static let unreachableExitCode: Int32 = 3

    /// The daemon cannot be reached or went away: a client should drop its connection and reconnect.
    public var isUnreachable: Bool { exitCode == Self.unreachableExitCode }

    public init(message: String, code: ErrorCode?, exitCode: Int32) {
        self.message = message
        self.code = code
        self.exitCode = exitCode
    }

    /// The daemon refused `command`. Its message may start with the protocol's name for it (`habit_tap: …`), which
    /// tells a raw client which request it was; a person typed no such name, so it goes.
    public static func refused(_ error: ProtocolError, to command: String? = nil) -> ClientFailure {
        var message = error.message
        if let command, message.hasPrefix(command + ": ") { message.removeFirst(command.count + 2) }
        return ClientFailure(message: message, code: error.code, exitCode: failedExitCode)
    }

    /// Failed here, not at the daemon (a file that cannot be written, an editor that failed).
    public static func failed(_ message: String) -> ClientFailure {
        ClientFailure(message: message, code: nil, exitCode: failedExitCode)
    }

    public static func unreachable(_ message: String) -> ClientFailure {
        ClientFailure(message: message, code: nil, exitCode: unreachableExitCode)
    }

    /// The daemon went away (it stopped, or closed this connection).
    public static let closed = ClientFailure.unreachable("the daemon closed the connection")

    /// `noised is not running` at `path`, and how to start it.
    public static func notRunning(_ path: String, _ reason: String) -> ClientFailure {
        .unreachable(
            """
            noised is not running (cannot connect to \(path): \(reason)).
            Start it with 'systemctl --user start noised', or run 'noised &'.
            """)
    }

    /// A line that is not the protocol's JSON: whatever answers is not noised.
    static func notProtocol(_ line: some Collection<UInt8>) -> ClientFailure {
        .unreachable(
            "the daemon sent a line that is not protocol JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
    }

    /// A reply of the wrong shape for what the command expects.
    static func unexpected(_ error: any Error) -> ClientFailure {
        .failed("unexpected reply from the daemon: \(JSONCoding.reason(error))")
    }
}
