import Synchronization
@testable import NoiseDaemon

/// A wall clock that moves only when the test says so; its `wait` returns when the test advances past the
/// deadline, jumps the clock, or the scheduler interrupts it. Nothing sleeps.
final class ManualWallClock: WallClock {
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
        wake(.interrupted) { $0.pendingInterrupt = true }
    }

    /// Moves time forward; a wait whose deadline has come returns.
    func advance(to instant: Double) {
        let waiter: CheckedContinuation<WakeReason, Never>? = state.withLock { state in
            state.now = instant
            guard let deadline = state.deadline, deadline <= instant else { return nil }
            defer { state.waiter = nil; state.deadline = nil }
            return state.waiter
        }
        waiter?.resume(returning: .deadline)
    }

    /// Sets the clock (forward or backward), as `date -s` would.
    func jump(to instant: Double) {
        state.withLock { $0.now = instant }
        wake(.clockChanged) { _ in }
    }

    private func wake(_ reason: WakeReason, otherwise: (inout State) -> Void) {
        let waiter: CheckedContinuation<WakeReason, Never>? = state.withLock { state in
            guard let waiter = state.waiter else {
                otherwise(&state)
                return nil
            }
            state.waiter = nil
            state.deadline = nil
            return waiter
        }
        waiter?.resume(returning: reason)
    }

    /// Waits (by yielding, not sleeping) until the scheduler is parked in a wait that started after `waits`.
    func parked(after waits: Int) async {
        while !state.withLock({ $0.waiter != nil && $0.waits > waits }) { await Task.yield() }
    }

    var waitCount: Int { state.withLock { $0.waits } }
}
