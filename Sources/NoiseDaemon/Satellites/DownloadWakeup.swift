import Synchronization

/// Ends the element downloader's sleep early: a pass alarm was added for a satellite whose elements may not be kept
/// yet, and its first download should not wait for the hourly check. A wake while the downloader is busy makes its
/// next sleep end at once.
public final class DownloadWakeup: Sendable {
    private let state = Mutex<(sleep: Task<Void, Never>?, pending: Bool)>((nil, false))

    public init() {}

    public func wake() {
        state.withLock { state in
            state.pending = true
            state.sleep?.cancel()
        }
    }

    /// Runs `sleep` (cancelled by a wake, or by cancelling the caller) unless a wake is pending.
    func sleep(_ sleep: @escaping @Sendable () async -> Void) async {
        let task = Task { await sleep() }
        let woken = state.withLock { state -> Bool in
            state.sleep = task
            defer { state.pending = false }
            return state.pending
        }
        if woken { task.cancel() }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        state.withLock { state in
            state.sleep = nil
            state.pending = false
        }
    }

    /// Returns when the calling task is cancelled, and not before; no timer is armed.
    static func untilCancelled() async {
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        for await _ in stream {}
        continuation.finish()
    }
}
