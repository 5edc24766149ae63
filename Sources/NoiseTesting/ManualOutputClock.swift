import NoiseAudio
import Synchronization

/// The output thread's clocks in tests: both stand still until the test moves them, together, as a device playing
/// would. After moving it past a failed device's retry time, the test calls `AudioEngine.wake()` so the thread
/// looks again, and can wait until it has (`looked(times:)`).
public final class ManualOutputClock: OutputClock {
    private struct State {
        var monotonic: Double
        var wall: Double
        /// How often the output thread has read the monotonic clock since it last moved.
        var readsSinceMove = 0
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    /// - Parameters:
    ///   - monotonic: where the monotonic clock starts (seconds).
    ///   - wall: where the wall clock starts (Unix seconds).
    public init(monotonic: Double = 1_000, wall: Double) {
        state = Mutex(State(monotonic: monotonic, wall: wall))
    }

    public func monotonicSeconds() -> Double {
        let (now, ready) = state.withLock { state -> (Double, [CheckedContinuation<Void, Never>]) in
            state.readsSinceMove += 1
            let reads = state.readsSinceMove
            let ready = state.watchers.filter { $0.count <= reads }.map(\.continuation)
            state.watchers.removeAll { $0.count <= reads }
            return (state.monotonic, ready)
        }
        for watcher in ready { watcher.resume() }
        return now
    }

    public func wallSeconds() -> Double { state.withLock { $0.wall } }

    /// Moves both clocks forward by `seconds`.
    public func advance(by seconds: Double) {
        state.withLock { state in
            state.monotonic += seconds
            state.wall += seconds
            state.readsSinceMove = 0
        }
    }

    /// Returns once the output thread has read the monotonic clock `times` times since it last moved: twice means
    /// it has been round its loop and checked the new time, wherever it was when the clock moved. Returns as well
    /// when the waiting task is cancelled (a test over its time limit).
    public func looked(times: Int) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = state.withLock { state in
                    if Task.isCancelled || state.readsSinceMove >= times { return true }
                    state.watchers.append((times, continuation))
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            let watchers = state.withLock { state in
                defer { state.watchers = [] }
                return state.watchers
            }
            for watcher in watchers { watcher.continuation.resume() }
        }
    }
}
