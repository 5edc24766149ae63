import NIOCore
import NIOPosix

/// The monotonic clock, sleeping on a SwiftNIO timer. `ContinuousClock.sleep` hands its wait to libdispatch even
/// when Swift concurrency runs on NIO's threads (the delayed-enqueue hook is separate), and libdispatch's first
/// worker starts a once-a-second monitor that never stops: an idle daemon would wake the CPU every second. A NIO
/// timer is part of the event loop's own `epoll_wait`, so an idle daemon sleeps.
public struct EventLoopClock: Clock {
    public typealias Instant = ContinuousClock.Instant

    private let loops: any EventLoopGroup

    public init(loops: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.loops = loops
    }

    public var now: Instant { .now }
    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let (seconds, attoseconds) = Instant.now.duration(to: deadline).components
        let nanoseconds = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        let timer = loops.next().scheduleTask(in: .nanoseconds(nanoseconds)) {}
        try await withTaskCancellationHandler {
            do {
                try await timer.futureResult.get()
            } catch EventLoopError.cancelled {
                throw CancellationError()
            }
        } onCancel: {
            timer.cancel()
        }
    }
}
