import NoiseClient
import NoiseClientAsync

/// The one connection to noised that noiseweb keeps for the pages' commands: made at the first command, used by
/// every one after it (several may be in flight; the daemon answers each by its id), made again when noised went
/// away or closed it as idle. A click costs a request line, not a connection, a peer check and a greeting.
actor CommandConnection {
    private let socketPath: String
    private var kept: DaemonClient?

    init(socketPath: String) {
        self.socketPath = socketPath
    }

    /// The open connection, made when there is none. A closed one fails every request without sending it, so no
    /// command is ever sent twice.
    func client() async throws(ClientFailure) -> DaemonClient {
        if let kept, kept.isOpen { return kept }
        let made = try await DaemonClient.connect(path: socketPath)
        // Another command may have connected while this one waited: keep one connection.
        if let kept, kept.isOpen {
            await made.close()
            return kept
        }
        let old = kept
        kept = made
        await old?.close()
        return made
    }
}
