/// `timer_cancel`'s reply: the ids of the timers cancelled.
public struct CancelledTimers: Sendable, Equatable, Codable {
    public var cancelled: [Int64]

    public init(cancelled: [Int64]) {
        self.cancelled = cancelled
    }
}
