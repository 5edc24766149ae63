import Dispatch
import NoiseAudio
import Synchronization

/// An `AudioOutput` for tests, paced by the test instead of by time. Every call the engine makes is recorded, and
/// each `write` blocks the output thread (as a full device buffer would) until the test has taken it and asks for
/// the next call: so the test decides how many periods play, and what it sends the engine between two of them
/// lands exactly at the start of the next. It can be told to refuse opens or fail a write, and what delay to report.
public final class RecordingOutput: AudioOutput, Sendable {
    /// What the engine did with the output.
    public enum Call: Equatable, Sendable {
        case open
        case openFailed
        /// The samples of one period, interleaved stereo.
        case write([Int16])
        case writeFailed
        case drain
        case close
    }

    private struct State {
        var calls: [Call] = []
        var waiter: CheckedContinuation<Call?, Never>?
        /// The output thread is parked in a write the test has taken: the test's next `next()` lets it go.
        var holdingTakenWrite = false
        /// After `runFree()`: nothing blocks and nothing more is recorded.
        var free = false
        var refuseOpen = false
        var failNextWrite = false
        var delayFrames = 0
    }

    public let periodFrames: Int
    public let underruns = 0
    private let state = Mutex(State())
    private let writeTaken = DispatchSemaphore(value: 0)

    public init(periodFrames: Int) {
        self.periodFrames = periodFrames
    }

    // MARK: The test's side

    /// The engine's next call, waiting for it if it has not come yet; nil when the waiting task is cancelled (a
    /// test over its time limit, so an engine that stopped calling fails the test rather than hanging it). A write
    /// taken by the previous `next()` is let go first, so the output thread renders the following period only now.
    public func next() async -> Call? {
        let release = state.withLock { state in
            defer { state.holdingTakenWrite = false }
            return state.holdingTakenWrite
        }
        if release { writeTaken.signal() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Call?, Never>) in
                let call = state.withLock { state -> Call?? in
                    if Task.isCancelled { return .some(nil) }
                    guard !state.calls.isEmpty else {
                        state.waiter = continuation
                        return nil
                    }
                    return Self.take(&state)
                }
                if let call { continuation.resume(returning: call) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// The samples of the next write; nil when the next call is another (or the wait was cancelled).
    public func nextWrite() async -> [Int16]? {
        if case .write(let samples) = await next() { return samples }
        return nil
    }

    /// Calls made and not yet taken by `next()`.
    public var pendingCalls: Int { state.withLock { $0.calls.count } }

    /// Lets every call through from now on, unrecorded: for a test's teardown, so the engine can shut down.
    public func runFree() {
        let release = state.withLock { state in
            state.free = true
            // At most one write is outstanding: taken and held, or recorded and not yet taken.
            let pending =
                state.holdingTakenWrite || state.calls.contains { if case .write = $0 { true } else { false } }
            state.holdingTakenWrite = false
            state.calls = []
            return pending
        }
        if release { writeTaken.signal() }
    }

    /// Opens fail (as with a device unplugged) while set.
    public func refuseOpen(_ refuse: Bool) { state.withLock { $0.refuseOpen = refuse } }

    /// The next write fails, as a device lost mid-stream.
    public func failNextWrite() { state.withLock { $0.failNextWrite = true } }

    /// What `delayFrames()` reports: frames written but not yet heard.
    public func setDelay(frames: Int) { state.withLock { $0.delayFrames = frames } }

    // MARK: The output thread's side

    public func open() throws(AudioOutputError) {
        let refused = state.withLock { $0.refuseOpen }
        record(refused ? .openFailed : .open)
        if refused { throw AudioOutputError(device: "recording", reason: "refused by the test") }
    }

    public func write(_ samples: UnsafePointer<Int16>, frames: Int) throws(AudioOutputError) {
        let failing = state.withLock { state in
            defer { state.failNextWrite = false }
            return state.failNextWrite
        }
        if failing {
            record(.writeFailed)
            throw AudioOutputError(device: "recording", reason: "failed by the test")
        }
        if record(.write(Array(UnsafeBufferPointer(start: samples, count: frames * AudioFormat.channels)))) {
            // Blocking here is what a device does; this is the output thread, never Swift's pool.
            writeTaken.wait()
        }
    }

    public func drain() { record(.drain) }
    public func close() { record(.close) }
    public func delayFrames() -> Int { state.withLock { $0.delayFrames } }

    /// Records `call` and hands it to a waiting test; returns whether it was recorded (false once free).
    @discardableResult
    private func record(_ call: Call) -> Bool {
        let (recorded, waiter, taken) = state.withLock { state -> (Bool, CheckedContinuation<Call?, Never>?, Call?) in
            guard !state.free else { return (false, nil, nil) }
            state.calls.append(call)
            guard let waiter = state.waiter else { return (true, nil, nil) }
            state.waiter = nil
            return (true, waiter, Self.take(&state))
        }
        if let waiter, let taken { waiter.resume(returning: taken) }
        return recorded
    }

    private static func take(_ state: inout State) -> Call {
        let call = state.calls.removeFirst()
        if case .write = call { state.holdingTakenWrite = true }
        return call
    }
}
