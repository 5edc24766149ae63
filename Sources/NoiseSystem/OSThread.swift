import Glibc

/// Starts a dedicated OS thread, outside Swift's cooperative pool, for work that blocks:
/// the output loop (blocking device writes) and the alarm timer's wait.
public enum OSThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(
            Box({
                blockProcessSignals()
                body()
            })
        ).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        precondition(result == 0, "pthread_create failed: \(result)")
        pthread_detach(thread)
    }

    /// The signals the daemon handles (stop, reload, the test fault) go to other threads: delivered to this
    /// one they would interrupt a blocking device write mid-period (a reload was heard as an underrun under
    /// load). Threads that libasound's plugins start from here inherit the mask. File-work threads, which we do not
    /// start ourselves, call it before each job.
    public static func blockProcessSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}
