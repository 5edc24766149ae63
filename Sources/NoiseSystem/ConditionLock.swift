import Glibc

/// State guarded by a mutex with a condition variable on the monotonic clock: the output thread sleeps on it
/// while idle and wakes at once when a command arrives. Held only for brief hand-offs, never across device I/O.
public final class ConditionLock<State>: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var state: State

    public init(_ state: State) {
        self.state = state
        pthread_mutex_init(&mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    /// Changes the state under the lock, then wakes the waiting thread.
    public func withLockSignalling<T>(_ body: (inout State) -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer {
            pthread_cond_signal(&condition)
            pthread_mutex_unlock(&mutex)
        }
        return body(&state)
    }

    /// Under the lock: while `shouldWait` holds, sleeps until signalled or until `deadline` (monotonic seconds);
    /// then runs `body`.
    public func withLock<T>(
        waitingWhile shouldWait: (State) -> Bool, until deadline: Double?, _ body: (inout State) -> T
    ) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if shouldWait(state) {
            if let deadline {
                var time = MonotonicTime.timespec(at: deadline)
                pthread_cond_timedwait(&condition, &mutex, &time)
            } else {
                pthread_cond_wait(&condition, &mutex)
            }
        }
        return body(&state)
    }
}
