import ServiceLifecycle

/// Sends `WATCHDOG=1` at half the interval systemd asked for, but only after the player and the alarm
/// scheduler have answered: if either actor is wedged, the pings stop and systemd restarts the daemon.
struct WatchdogService<C: Clock>: Service where C.Duration == Duration {
    let notifier: ServiceNotifier
    let interval: Double
    let player: Player<C>
    let scheduler: AlarmScheduler

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                _ = await player.playback()
                _ = await scheduler.next()
                notifier.watchdog()
                try? await player.clock.sleep(for: .seconds(interval), tolerance: nil)
            }
        }
    }
}

// Its name for ServiceLifecycle's logs, which is otherwise a reflection over every stored property (docs/performance.md).
extension WatchdogService: CustomStringConvertible {
    var description: String { "WatchdogService" }
}
