import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NoiseCore
import NoiseSystem

/// Options every command shares: where the daemon is and how to print.
struct ClientOptions: ParsableArguments {
    @Option(help: "Control socket of the daemon (default: $NOISED_SOCKET, else $XDG_RUNTIME_DIR/noised/socket).")
    var socket: String?

    @Flag(help: "Print the daemon's data as JSON, for scripts.")
    var json = false

    var client: Client { Client(socket: socket, json: json) }
    var socketPath: String { client.socketPath }

    func withDaemon(_ body: (DaemonConnection) throws(ClientFailure) -> Void) throws {
        try client.withDaemon(body)
    }
}

/// The shared options as plain values.
struct Client {
    var socket: String?
    var json: Bool

    var socketPath: String {
        XDGPaths(variable: ProcessEnvironment.variable).socketPath(option: socket, uid: getuid())
    }

    /// Connects, runs `body`, and turns failures into a message and the documented exit code.
    func withDaemon(_ body: (DaemonConnection) throws(ClientFailure) -> Void) throws {
        do {
            let connection = try DaemonConnection(path: socketPath)
            try body(connection)
        } catch {
            report(error)
            throw ExitCode(error.exitCode)
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
