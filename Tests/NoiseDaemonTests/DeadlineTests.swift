import Synchronization
import Testing

@testable import NoiseDaemon

/// Waiting on work that may never end, bounded: what keeps a tone file on a stalled mount from making an alarm late.
@Suite("Deadline")
struct DeadlineTests {
    /// Lets a test hold work until it says so, standing in for a thread stuck in open(2).
    final class Gate: Sendable {
        private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

        func wait() async {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if !state.isOpen { state.waiters.append(continuation) }
                    return state.isOpen
                }
                if resumeNow { continuation.resume() }
            }
        }

        func release() {
            let pending = state.withLock { state in
                state.isOpen = true
                defer { state.waiters = [] }
                return state.waiters
            }
            pending.forEach { $0.resume() }
        }
    }

    @Test func workThatFinishesInTimeGivesItsResult() async {
        let result = await Deadline.result(of: { 42 }, within: .seconds(3600), on: ContinuousClock())
        #expect(result == 42)
    }

    @Test func workThatNeverFinishesGivesWayAtTheLimit() async {
        let gate = Gate()
        let finished = Mutex(false)
        let result = await Deadline.result(
            of: {
                await gate.wait()
                finished.withLock { $0 = true }
                return 42
            }, within: .zero, on: ContinuousClock())
        #expect(result == nil)
        #expect(finished.withLock { $0 } == false)
        gate.release()
    }
}
