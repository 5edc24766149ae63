import NoiseCore
import NoiseProtocol
import Synchronization

/// Fans events out to subscribed connections. Publishing never waits: each subscriber has a bounded queue,
/// and one that does not keep up is cut off (its stream ends) instead of growing the daemon's memory.
public final class EventHub: Sendable {
    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var nextID: UInt64 = 1
    }

    private struct Subscriber {
        var continuation: AsyncStream<[UInt8]>.Continuation
        var onOverflow: @Sendable () -> Void
    }

    private let state = Mutex(State())
    private let queueLimit: Int

    public init(queueLimit: Int = Limits.maxQueuedEvents) {
        self.queueLimit = queueLimit
    }

    /// A new subscription: its id (to unsubscribe) and the stream of event lines. `onOverflow` is called
    /// (from the publisher, so it must not block) when the subscriber's queue is full and it is dropped.
    public func subscribe(onOverflow: @escaping @Sendable () -> Void) -> (id: UInt64, lines: AsyncStream<[UInt8]>) {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingOldest(queueLimit))
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = Subscriber(continuation: continuation, onOverflow: onOverflow)
            return state.nextID
        }
        return (id, stream)
    }

    public func unsubscribe(_ id: UInt64) {
        state.withLock { $0.subscribers.removeValue(forKey: id) }?.continuation.finish()
    }

    /// Sends an event to every subscriber; a subscriber whose queue is full is dropped.
    public func publish(_ event: DaemonEvent) {
        guard let line = try? Replies.event(event) else { return }
        let overflowed = state.withLock { state -> [Subscriber] in
            var dropped: [Subscriber] = []
            for (id, subscriber) in state.subscribers {
                if case .dropped = subscriber.continuation.yield(line) {
                    state.subscribers[id] = nil
                    dropped.append(subscriber)
                }
            }
            return dropped
        }
        for subscriber in overflowed {
            subscriber.continuation.finish()
            subscriber.onOverflow()
        }
    }
}
