import NoiseCore
import NoiseProtocol

/// Why a command failed, and the exit code that says so: 1 the daemon said no (or a local step failed), 3 the
/// daemon is unreachable.
public struct ClientFailure: Error {
    public var message: String
    public var code: ErrorCode?
    public var exitCode: Int32

    public init(message: String, code: ErrorCode?, exitCode: Int32) {
        self.message = message
        self.code = code
        self.exitCode = exitCode
    }

    public static func refused(_ error: ProtocolError) -> ClientFailure {
        ClientFailure(message: error.message, code: error.code, exitCode: 1)
    }

    /// Failed here, not at the daemon (a file that cannot be written, an editor that failed).
    public static func failed(_ message: String) -> ClientFailure {
        ClientFailure(message: message, code: nil, exitCode: 1)
    }

    public static func unreachable(_ message: String) -> ClientFailure {
        ClientFailure(message: message, code: nil, exitCode: 3)
    }
}
