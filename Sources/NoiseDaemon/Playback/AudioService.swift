import Logging
import NoiseAudio
import NoiseCore
import NoiseProtocol
import ServiceLifecycle

/// Runs the output thread for the daemon's lifetime: starts it, hands its events to the player, and on
/// shutdown fades everything out and waits for the device to close.
struct AudioService<C: Clock>: Service where C.Duration == Duration {
    let engine: AudioEngine
    let player: Player<C>
    let events: AsyncStream<AudioEvent>
    let logger: Logger

    func run() async throws {
        engine.start()
        await cancelWhenGracefulShutdown {
            for await event in events {
                switch event {
                case .status(let status): log(status)
                case .hop(let hop, let seconds):
                    logger.debug("\(hop.logLine(at: seconds))")
                    continue
                default: break
                }
                await player.handle(event)
            }
        }
        let fadeFrames = await player.shutdown()
        await engine.shutdown(fadeFrames: fadeFrames)
    }

    private func log(_ status: OutputStatus) {
        if let error = status.error {
            logger.warning("audio: \(error); retrying every \(Limits.deviceRetrySeconds) s")
        } else {
            logger.info("audio: \(status.device) \(AudioStatus(status).state.rawValue)")
        }
    }
}

// Its name for ServiceLifecycle's logs, which is otherwise a reflection over every stored property (docs/performance.md).
extension AudioService: CustomStringConvertible {
    var description: String { "AudioService" }
}
