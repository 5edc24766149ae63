import Glibc

/// A mutex with a condition variable on the monotonic clock: the output thread sleeps on it while idle
/// and wakes at once when a command arrives. Held only for brief hand-offs, never across device I/O.
final class ConditionLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()

    init() {
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

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }

    /// With the lock held: waits for a signal, or until `deadline` (monotonic seconds) when given.
    func wait(until deadline: Double?) {
        if let deadline {
            var time = MonotonicTime.timespec(at: deadline)
            pthread_cond_timedwait(&condition, &mutex, &time)
        } else {
            pthread_cond_wait(&condition, &mutex)
        }
    }

    func signal() {
        pthread_cond_signal(&condition)
    }
}
