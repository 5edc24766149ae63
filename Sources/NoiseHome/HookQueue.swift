/// Which hooks run (docs/home.md, "Hooks"): at most `maxRunning` at once, the rest waiting in the order their events
/// came, at most `maxWaiting` of them; one more is dropped and counted. A hook that hangs holds only its own place
/// until its time limit kills it, so the next events still run theirs.
public struct HookQueue<Job: Sendable>: Sendable {
    public let maxRunning: Int
    public let maxWaiting: Int
    public private(set) var running = 0
    /// The events dropped because `maxWaiting` were waiting already.
    public private(set) var dropped = 0
    private var waiting: [Job] = []
    private var head = 0

    public init(maxRunning: Int, maxWaiting: Int) {
        self.maxRunning = max(1, maxRunning)
        self.maxWaiting = max(0, maxWaiting)
    }

    public var waitingCount: Int { waiting.count - head }

    /// A new job: returned when it may start now; else it waits (or, with the queue full, is dropped).
    public mutating func offer(_ job: Job) -> Job? {
        if running < maxRunning {
            running += 1
            return job
        }
        guard waitingCount < maxWaiting else {
            dropped += 1
            return nil
        }
        waiting.append(job)
        return nil
    }

    /// A job ended: the next waiting one, which starts in its place, if any.
    public mutating func finished() -> Job? {
        guard head < waiting.count else {
            running = max(0, running - 1)
            return nil
        }
        let next = waiting[head]
        head += 1
        if head > 64 && head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
        return next
    }
}
