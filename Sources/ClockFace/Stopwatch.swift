/// A stopwatch as a value: started, stopped, lapped and reset at instants the caller gives (monotonic seconds),
/// so it is tested with plain numbers and shown by `StopwatchFace`.
public struct Stopwatch: Sendable, Equatable {
    /// Time run before the current start.
    private var banked = 0.0
    /// When the current run started; nil while stopped.
    private var startedAt: Double?
    /// The total time at each lap, oldest first.
    public private(set) var laps: [Double] = []

    public init() {}

    public var isRunning: Bool { startedAt != nil }

    public func elapsed(at now: Double) -> Double {
        banked + (startedAt.map { max(0, now - $0) } ?? 0)
    }

    /// Starts, or stops (keeping the time), as the space key does.
    public mutating func toggle(at now: Double) {
        if let startedAt {
            banked += max(0, now - startedAt)
            self.startedAt = nil
        } else {
            startedAt = now
        }
    }

    /// Records a lap; only while running (a stopped stopwatch has nothing new to split).
    public mutating func lap(at now: Double) {
        guard isRunning else { return }
        laps.append(elapsed(at: now))
    }

    /// Back to zero, with no laps; a running stopwatch keeps running from zero.
    public mutating func reset(at now: Double) {
        banked = 0
        laps = []
        if isRunning { startedAt = now }
    }

    /// Each lap's own length and the total at its end, newest first.
    public var lapRows: [(number: Int, length: Double, total: Double)] {
        laps.indices.reversed().map { index in
            (index + 1, laps[index] - (index == 0 ? 0 : laps[index - 1]), laps[index])
        }
    }
}
