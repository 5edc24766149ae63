import NoiseDaemon
import Synchronization

/// The alarm scheduler's wall clock in the fuzz rig: time moves only when the rig says so, nothing sleeps.
/// The idea of Tests/NoiseDaemonTests/ManualWallClock.swift (test-only code, so copied), plus `settle()`, which
/// waits for the scheduler to finish what an input line started.
final class ManualWallClock: WallClock {
    private struct State {
        var now: Double
        var deadline: Double?
        var waiter: CheckedContinuation<WakeReason, Never>?
        var pendingInterrupt = false
        /// `settle()`, waiting for the scheduler to park.
        var settler: CheckedContinuation<Void, Never>?
    }

    private let state: Mutex<State>
    let wakesFromSuspend = false

    init(now: Double) {
        state = Mutex(State(now: now))
    }

    func now() -> Double { state.withLock { $0.now } }

    func wait(until deadline: Double?) async -> WakeReason {
        await withCheckedContinuation { continuation in
            let (immediate, settler) = state.withLock { state -> (WakeReason?, CheckedContinuation<Void, Never>?) in
                if state.pendingInterrupt {
                    state.pendingInterrupt = false
                    return (.interrupted, nil)
                }
                if let deadline, deadline <= state.now { return (.deadline, nil) }
                state.deadline = deadline
                state.waiter = continuation
                defer { state.settler = nil }
                return (nil, state.settler)
            }
            if let immediate { continuation.resume(returning: immediate) }
            settler?.resume()
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

    /// Moves time forward; wakes the scheduler if its deadline has come, and then waits until it sleeps again.
    func advance(by seconds: Double) async {
        let waiter: CheckedContinuation<WakeReason, Never>? = state.withLock { state in
            state.now += seconds
            guard let deadline = state.deadline, deadline <= state.now else { return nil }
            defer { state.waiter = nil; state.deadline = nil }
            return state.waiter
        }
        guard let waiter else { return }
        waiter.resume(returning: .deadline)
        await settle()
    }

    /// Returns when the scheduler's loop is asleep with nothing pending: the work an input line started (an
    /// interrupt, a ring) is done. A loop that never goes back to sleep hangs here, and libFuzzer reports the input
    /// as a timeout. One caller at a time.
    func settle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let settled = state.withLock { state in
                if state.waiter != nil && !state.pendingInterrupt { return true }
                state.settler = continuation
                return false
            }
            if settled { continuation.resume() }
        }
    }
}
