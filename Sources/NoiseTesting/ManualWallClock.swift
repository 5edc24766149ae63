import NoiseDaemon
import Synchronization

/// The alarm scheduler's wall clock for tests, the soak and the fuzz rig: time moves only when the driver says
/// so, and nothing sleeps. `wait` returns when the driver moves time past the deadline, sets the clock, or the
/// scheduler is interrupted; the driver can see where the scheduler is parked and wait for it to park again.
public final class ManualWallClock: WallClock {
    private struct State {
        var now: Double
        var deadline: Double?
        var waiter: CheckedContinuation<WakeReason, Never>?
        var pendingInterrupt = false
        var waits = 0
        /// `settle()`, waiting for the scheduler to park.
        var settler: CheckedContinuation<Void, Never>?
    }

    private let state: Mutex<State>
    public let wakesFromSuspend = false

    public init(now: Double) {
        state = Mutex(State(now: now))
    }

    public func now() -> Double { state.withLock { $0.now } }

    public func wait(until deadline: Double?) async -> WakeReason {
        await withCheckedContinuation { continuation in
            let (immediate, settler) = state.withLock { state -> (WakeReason?, CheckedContinuation<Void, Never>?) in
                state.waits += 1
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

    public func interrupt() {
        wake(.interrupted) { $0.pendingInterrupt = true }
    }

    /// Moves time to `instant`; returns whether that ended the scheduler's wait (its deadline had come).
    @discardableResult
    public func advance(to instant: Double) -> Bool {
        let waiter: CheckedContinuation<WakeReason, Never>? = state.withLock { state in
            state.now = instant
            guard let deadline = state.deadline, deadline <= instant else { return nil }
            defer { state.waiter = nil; state.deadline = nil }
            return state.waiter
        }
        waiter?.resume(returning: .deadline)
        return waiter != nil
    }

    /// Moves time forward by `seconds`, and when that woke the scheduler, waits until it sleeps again.
    public func advance(by seconds: Double) async {
        if advance(to: now() + seconds) { await settle() }
    }

    /// Sets the clock (forward or backward), as `date -s` would.
    public func jump(to instant: Double) {
        state.withLock { $0.now = instant }
        wake(.clockChanged) { _ in }
    }

    /// Says the system zone's files changed, as `timedatectl set-timezone` would make the real clock say.
    public func filesChanged() {
        wake(.filesChanged) { _ in }
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

    /// The deadline of the wait the scheduler is parked in (nil while it is not parked, or parked without one).
    public var parkedDeadline: Double? { state.withLock { $0.waiter == nil ? nil : $0.deadline } }

    /// How many times the scheduler has called `wait`.
    public var waitCount: Int { state.withLock { $0.waits } }

    /// Returns once the scheduler has called `wait` more than `waits` times and is parked.
    public func parked(after waits: Int) async {
        while !state.withLock({ $0.waiter != nil && $0.waits > waits }) { await Task.yield() }
    }

    /// Returns when the scheduler's loop is asleep with nothing pending: the work an input started (an
    /// interrupt, a ring) is done. A loop that never goes back to sleep hangs here (the fuzz rig reports the input
    /// as a timeout). One caller at a time.
    public func settle() async {
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
