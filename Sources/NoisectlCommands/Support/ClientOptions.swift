import NoiseClient
import ArgumentParser
import Glibc
import NoiseCore
import NoiseProtocol
import NoiseSystem

/// Options every command shares: where the daemon is and how to print.
struct ClientOptions: ParsableArguments {
    @Option(help: "Control socket of the daemon (default: $NOISED_SOCKET, else $XDG_RUNTIME_DIR/noised/socket).")
    var socket: String?

    @Flag(help: "Print the daemon's data as JSON, for scripts.")
    var json = false

    /// Connects, runs `body`, and turns failures into a message and the documented exit code.
    func withDaemon(_ body: (DaemonConnection) throws(ClientFailure) -> Void) throws {
        do {
            try body(try DaemonConnection(path: DaemonSocket.path(option: socket)))
        } catch {
            report(error)
            throw ExitCode(error.exitCode)
        }
    }

    /// Sends one command and shows its reply: with `--json` the reply's data as it came, else `show` of the
    /// data read as `T`.
    func send<T: Decodable>(_ command: String, args: (some Encodable)? = Replies.Empty?.none, as type: T.Type,
                            _ show: (T) -> Void) throws {
        try withDaemon { connection throws(ClientFailure) in
            let data = try connection.request(command, args: args)
            if json { return Output.json(data) }
            show(try connection.decode(data, as: type))
        }
    }

    func report(_ failure: ClientFailure) {
        if json {
            struct Envelope: Encodable {
                struct Detail: Encodable { var code: String; var message: String }
                var error: Detail
            }
            Output.json(Envelope(error: .init(code: failure.code?.rawValue ?? "unreachable", message: failure.message)))
        } else {
            Output.error(failure.message)
        }
    }
}

/// Parses a duration option in `validate()`, so a bad one is a usage error (exit 2).
func parseDuration(_ text: String?, option: String) throws -> Double? {
    guard let text else { return nil }
    do {
        return try DurationParser.seconds(text)
    } catch {
        throw ValidationError("\(option): \(error)")
    }
}

/// A timer's length (`play --for`, `timer`): a duration with its unit, 1 s to 24 h. A bare number is refused:
/// mpc users mean minutes, sleep(1) users seconds, so the unit must be said.
func parseTimerLength(_ text: String?, option: String) throws -> Double? {
    guard let text else { return nil }
    if Double(text) != nil {
        throw ValidationError("\(option) \(text) has no unit: write \(text)m for minutes or \(text)s for seconds "
            + "(accepted: ms, s, m, h, as in 90s, 45m, 1h30m)")
    }
    guard let seconds = try parseDuration(text, option: option), (1...Limits.maxTimerSeconds).contains(seconds) else {
        throw ValidationError("\(option) must be from 1 s to 24 h, got \(text)")
    }
    return seconds
}
