import Synchronization

/// The player's `Clock` in tests: time moves only when the test says (`advance(by:)`), and a sleep ends when it
/// passes the sleeper's deadline, or throws `CancellationError` when its task is cancelled. Nothing waits on real
/// time, so the sleep timer and previews' stops fire exactly where the test puts the clock.
public final class ManualClock: Clock {
    public typealias Duration = Swift.Duration

    /// A point on the test's time line: the time since the clock was made.
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        /// Sleeps cancelled before they were parked.
        var cancelled: Set<UInt64> = []
        /// `sleeping(count:)`, waiting for sleepers to park.
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())
    public let minimumResolution = Duration.zero

    public init() {}

    public var now: Instant { state.withLock { $0.now } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, watchers) = state.withLock {
                    state -> ((any Error)??, [CheckedContinuation<Void, Never>]) in
                    if state.cancelled.remove(id) != nil { return (.some(CancellationError()), []) }
                    if deadline <= state.now { return (.some(nil), []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (nil, Self.takeSatisfied(&state))
                }
                switch outcome {
                case .some(.some(let error)): continuation.resume(throwing: error)
                case .some(.none): continuation.resume()
                case .none: break
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and ends every sleep whose deadline it reaches.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.sorted { $0.deadline < $1.deadline }.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// The deadlines of the sleeps parked now, earliest first.
    public var deadlines: [Instant] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

    /// Returns once at least `count` sleeps are parked (a task the test started has reached its wait), or when the
    /// waiting task is cancelled (a test over its time limit).
    public func sleeping(count: Int) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let parked = state.withLock { state in
                    if Task.isCancelled || state.sleepers.count >= count { return true }
                    state.watchers.append((count, continuation))
                    return false
                }
                if parked { continuation.resume() }
            }
        } onCancel: {
            let watchers = state.withLock { state in
                defer { state.watchers = [] }
                return state.watchers
            }
            for watcher in watchers { watcher.continuation.resume() }
        }
    }

    private static func takeSatisfied(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let count = state.sleepers.count
        let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
        state.watchers.removeAll { $0.count <= count }
        return ready
    }
}
