import ServiceLifecycle

/// Runs the alarm scheduler's loop for the daemon's lifetime; graceful shutdown ends its wait.
struct AlarmService: Service {
    let scheduler: AlarmScheduler

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await scheduler.run()
        }
    }
}

// Its name for ServiceLifecycle's logs, which is otherwise a reflection over every stored property (docs/performance.md).
extension AlarmService: CustomStringConvertible {
    var description: String { "AlarmService" }
}
