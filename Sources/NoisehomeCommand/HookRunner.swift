import Logging
import NoiseConfig
import NoiseHome

/// Runs the hooks the daemon's events call for (docs/home.md, "Hooks"): at most `maxRunning` at once, the rest
/// waiting their turn (`HookQueue`), each to its end or its time limit, its outcome logged and its failures counted.
actor HookRunner {
    private var queue: HookQueue<HookCall>
    private let timeoutSeconds: Double
    private let status: HomeStatusFile
    private let logger: Logger
    /// How many hooks ran, and how many of them failed (a non-zero status, a signal, the time limit, no start).
    private(set) var ran = 0
    private(set) var failed = 0

    init(settings: HookSettings, status: HomeStatusFile, logger: Logger) {
        queue = HookQueue(maxRunning: settings.maxRunning, maxWaiting: HookSettings.maxWaiting)
        timeoutSeconds = settings.timeoutSeconds
        self.status = status
        self.logger = logger
    }

    /// A call for an event: it starts now, waits its turn, or (with `HookSettings.maxWaiting` waiting) is dropped.
    func offer(_ call: HookCall) {
        let droppedBefore = queue.dropped
        if let start = queue.offer(call) { launch(start) }
        if queue.dropped > droppedBefore {
            logger.warning(
                "hook \(call.hook): dropped, \(queue.waitingCount) hooks wait already (\(queue.dropped) so far)")
        }
    }

    private func launch(_ call: HookCall) {
        Task {
            let outcome = await HookProcess.run(call, timeoutSeconds: timeoutSeconds)
            finished(call, outcome)
            await status.hooks(ran: ran, failed: failed)
        }
    }

    private func finished(_ call: HookCall, _ outcome: HookProcess.Outcome) {
        ran += 1
        if outcome.failed {
            failed += 1
            logger.warning("hook \(call.hook): \(call.argv[0]) \(outcome) (\(failed) of \(ran) failed)")
        } else {
            logger.info("hook \(call.hook): \(call.argv[0]) \(outcome)")
        }
        if let next = queue.finished() { launch(next) }
    }
}
