import ArgumentParser
import Glibc
import NoiseClient
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
    /// data read as the command's reply type.
    func send<C: DaemonCommand>(_ command: C, _ show: (C.Reply) -> Void) throws {
        try withDaemon { connection throws(ClientFailure) in
            if json { return Output.json(try connection.callData(command)) }
            show(try connection.call(command))
        }
    }

    func report(_ failure: ClientFailure) {
        if json {
            Output.json(FailureLine(code: failure.code?.rawValue ?? "unreachable", message: failure.message))
        } else {
            Output.error(failure.message)
        }
    }
}
