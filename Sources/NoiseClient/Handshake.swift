import Glibc
import NoiseCore
import NoiseProtocol
import NoiseSystem

/// What a client checks as it connects, before it trusts the daemon with a command: who serves the socket, and
/// what it says first. Both clients (`DaemonConnection`, the async `DaemonClient`) check through here.
public enum Handshake {
    /// The server must run as the user or as root: whoever can write to the socket's folder could have put a server of
    /// their own there. Checked before a byte is sent.
    public static func checkServer(_ server: PeerCredentials?, path: String) throws(ClientFailure) {
        guard let server, server.isTrusted(by: getuid()) else {
            throw .unreachable(
                """
                refusing to talk to \(path): the server there runs as uid \(server.map { String($0.uid) } ?? "unknown"), \
                not you (uid \(getuid())) or root, so it is not your noised; nothing was sent. \
                Find out who made the socket's folder, remove it, and start noised again.
                """)
        }
    }

    /// The daemon greets first; a refusal (wrong user, too many clients, stopping) arrives instead of the hello.
    public static func greeting(_ line: some Collection<UInt8>, path: String) throws(ClientFailure) -> Hello {
        switch try ClientLine<Skipped, DaemonEvent>.read(line) {
        case .event(.hello(let hello)): return hello
        case .reply(_, .failure(let error)): throw .refused(error)
        default: throw .unreachable("\(path) does not speak the noised protocol")
        }
    }
}
