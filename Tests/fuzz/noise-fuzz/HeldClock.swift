import Synchronization

/// The player's clock in the fuzz rig: time stands still, and every sleep (the sleep timer, preview's stop) waits
/// until the input is done, when `release()` ends it with `CancellationError`. So nothing fires in the middle of an
/// input (each input's replies depend on its bytes only) and no task outlives its input.
final class HeldClock: Clock {
    typealias Duration = Swift.Duration
    typealias Instant = ContinuousClock.Instant

    private struct State {
        var released = false
        var nextID: UInt64 = 0
        var sleepers: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        /// Sleeps cancelled before they were parked.
        var cancelled: Set<UInt64> = []
    }

    let now = ContinuousClock.now
    let minimumResolution = Duration.zero
    private let state = Mutex(State())

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ended = state.withLock { state in
                    if state.released || state.cancelled.remove(id) != nil { return true }
                    state.sleepers[id] = continuation
                    return false
                }
                if ended { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.resume(throwing: CancellationError())
        }
    }

    /// Ends every sleep, now and from now on.
    func release() {
        let sleepers = state.withLock { state in
            state.released = true
            defer { state.sleepers = [:] }
            return Array(state.sleepers.values)
        }
        for sleeper in sleepers { sleeper.resume(throwing: CancellationError()) }
    }
}
