import Logging
import ServiceLifecycle
import UnixSignals

/// Handles the signals that are not a shutdown: SIGHUP reloads the config and the sound catalog, and, only
/// when the test fault switch is on, SIGUSR2 wedges the player (see `Player.wedgeForTesting`).
struct SignalService<C: Clock>: Service where C.Duration == Duration {
    let reload: @Sendable () async -> Void
    let player: Player<C>
    let wedgeOnSIGUSR2: Bool
    let logger: Logger

    func run() async throws {
        let trapped: [UnixSignal] = wedgeOnSIGUSR2 ? [.sighup, .sigusr2] : [.sighup]
        let signals = await UnixSignalsSequence(trapping: trapped)
        await cancelWhenGracefulShutdown {
            for await signal in signals {
                if signal == .sighup {
                    logger.notice("SIGHUP: reloading the config and the sound catalog")
                    await reload()
                } else {
                    logger.warning("SIGUSR2 with NOISED_TEST_FAULTS=wedge: wedging the player on purpose")
                    await player.wedgeForTesting()
                }
            }
        }
    }
}

// Its name for ServiceLifecycle's logs, which is otherwise a reflection over every stored property (docs/performance.md).
extension SignalService: CustomStringConvertible {
    var description: String { "SignalService" }
}
