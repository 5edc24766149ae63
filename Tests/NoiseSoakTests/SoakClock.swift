import NoiseDaemon
import Synchronization

/// A wall clock that moves only when the soak says so. Like the daemon tests' `ManualWallClock`, but it also
/// tells the driver the deadline the scheduler sleeps until, so thirty days can be walked deadline by deadline.
/// Nothing sleeps: `wait` returns when the driver moves time past the deadline or the scheduler is interrupted.
final class SoakClock: WallClock {
    private struct State {
        var now: Double
        var deadline: Double?
        var waiter: CheckedContinuation<WakeReason, Never>?
        var pendingInterrupt = false
        var waits = 0
    }

    private let state: Mutex<State>
    let wakesFromSuspend = false

    init(now: Double) {
        state = Mutex(State(now: now))
    }

    func now() -> Double { state.withLock { $0.now } }

    func wait(until deadline: Double?) async -> WakeReason {
        await withCheckedContinuation { continuation in
            let immediate: WakeReason? = state.withLock { state in
                state.waits += 1
                if state.pendingInterrupt {
                    state.pendingInterrupt = false
                    return .interrupted
                }
                if let deadline, deadline <= state.now { return .deadline }
                state.deadline = deadline
                state.waiter = continuation
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    func interrupt() {
        let waiter: CheckedContinuation<WakeReason, Never>? = state.withLock { state in
            guard let waiter = state.waiter else {
                state.pendingInterrupt = true
                return nil
            }
            state.waiter = nil
            state.deadline = nil
            return waiter
        }
        waiter?.resume(returning: .interrupted)
    }

    /// The deadline of the wait the scheduler is parked in (nil while it is not parked, or parked without one).
    var parkedDeadline: Double? { state.withLock { $0.waiter == nil ? nil : $0.deadline } }

    var waitCount: Int { state.withLock { $0.waits } }

    /// Moves time to `instant` (forward only); returns whether that ended the scheduler's wait.
    @discardableResult
    func set(_ instant: Double) -> Bool {
        let waiter: CheckedContinuation<WakeReason, Never>? = state.withLock { state in
            precondition(instant >= state.now, "the soak only moves time forward")
            state.now = instant
            guard let deadline = state.deadline, deadline <= instant else { return nil }
            defer { state.waiter = nil; state.deadline = nil }
            return state.waiter
        }
        waiter?.resume(returning: .deadline)
        return waiter != nil
    }

    /// Waits (by yielding, not sleeping) until the scheduler is parked in a wait that started after `waits`.
    func parked(after waits: Int) async {
        while !state.withLock({ $0.waiter != nil && $0.waits > waits }) { await Task.yield() }
    }
}
