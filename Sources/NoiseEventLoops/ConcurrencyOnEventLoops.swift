import CLinux
import NIOCore
import NIOPosix
import Synchronization

/// Swift concurrency's jobs on SwiftNIO's threads instead of libdispatch's, whose worker pool on Linux starts a
/// once-a-second monitor that never stops (docs/architecture.md, "Threads"): noised and noiseweb, which wait for
/// hours with nothing to do, would otherwise wake every second for ever.
public enum ConcurrencyOnEventLoops {
    /// False only if something set the runtime's hook first; then all works as before, only waking once a second.
    public static var installed: Bool { onEventLoops.load(ordering: .relaxed) }
    private static let onEventLoops = Atomic(false)

    /// Each program's `main` calls it first, on the main actor, before any task starts or any hop to the global
    /// executor (one hop before it starts libdispatch's pool for good). A call, not the first read of a global: the
    /// optimizer drops an unused read of a global, and with it the install. Not NIO's own installer: it finds the
    /// hook with `dlsym`, which a static Swift runtime hides it from.
    public static func install() {
        onEventLoops.store(
            clinux_send_global_jobs_to { job in
                // The sticky choice: a job enqueued from one of the group's loops stays on that loop.
                let job = ExecutorJob(unsafeBitCast(job, to: UnownedJob.self))
                MultiThreadedEventLoopGroup.singleton.any().executor.enqueue(job)
            }, ordering: .relaxed)
    }
}
