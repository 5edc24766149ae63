import Synchronization
import NoiseCore

/// Counts open connections against `Limits.maxConnections`.
final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts a connection in; false when it is over the limit (it is still counted until `leave`).
    func enter() -> Bool {
        count.wrappingAdd(1, ordering: .relaxed).newValue <= Limits.maxConnections
    }

    func leave() {
        count.wrappingSubtract(1, ordering: .relaxed)
    }
}
