// What the header cannot hold: the Swift runtime's hook, which must be called with Swift's calling convention.
#include <stddef.h>
#include <time.h>
#include "clinux.h"

// The runtime's declaration (swift/Runtime/Concurrency.h): both functions use Swift's calling convention.
typedef void (*swift_enqueue_original)(void *job) __attribute__((swiftcall));
typedef void (*swift_enqueue_hook)(void *job, swift_enqueue_original original) __attribute__((swiftcall));
extern swift_enqueue_hook swift_task_enqueueGlobal_hook;

static clinux_job_sink global_job_sink;

__attribute__((swiftcall)) static void send_to_sink(void *job, swift_enqueue_original original) {
    (void)original;
    global_job_sink(job);
}

// The delayed jobs (`Task.sleep`): by a delay in nanoseconds, or by a deadline on one of Swift's clocks
// (`_ClockID`: 1 continuous, 2 suspending), with a tolerance this ignores.
typedef void (*swift_delay_original)(unsigned long long delay, void *job) __attribute__((swiftcall));
typedef void (*swift_delay_hook)(unsigned long long delay, void *job, swift_delay_original original)
    __attribute__((swiftcall));
extern swift_delay_hook swift_task_enqueueGlobalWithDelay_hook;
typedef void (*swift_deadline_original)(long long sec, long long nsec, long long tsec, long long tnsec, int clock,
                                        void *job) __attribute__((swiftcall));
typedef void (*swift_deadline_hook)(long long sec, long long nsec, long long tsec, long long tnsec, int clock,
                                    void *job, swift_deadline_original original) __attribute__((swiftcall));
extern swift_deadline_hook swift_task_enqueueGlobalWithDeadline_hook;

static clinux_delayed_job_sink delayed_job_sink;

__attribute__((swiftcall)) static void send_delayed_to_sink(unsigned long long delay, void *job,
                                                            swift_delay_original original) {
    (void)original;
    delayed_job_sink(job, delay);
}

__attribute__((swiftcall)) static void send_deadline_to_sink(long long sec, long long nsec, long long tsec,
                                                             long long tnsec, int clock, void *job,
                                                             swift_deadline_original original) {
    (void)tsec;
    (void)tnsec;
    (void)original;
    // The runtime reads its continuous clock as CLOCK_BOOTTIME and its suspending clock as CLOCK_MONOTONIC.
    struct timespec now;
    clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now);
    long long delay = (sec - (long long)now.tv_sec) * 1000000000LL + (nsec - (long long)now.tv_nsec);
    delayed_job_sink(job, delay > 0 ? (unsigned long long)delay : 0);
}

bool clinux_send_global_jobs_to(clinux_job_sink sink, clinux_delayed_job_sink delayed) {
    if (swift_task_enqueueGlobal_hook != NULL || swift_task_enqueueGlobalWithDelay_hook != NULL
        || swift_task_enqueueGlobalWithDeadline_hook != NULL) return false;
    global_job_sink = sink;
    delayed_job_sink = delayed;
    __atomic_store_n(&swift_task_enqueueGlobalWithDelay_hook, send_delayed_to_sink, __ATOMIC_RELEASE);
    __atomic_store_n(&swift_task_enqueueGlobalWithDeadline_hook, send_deadline_to_sink, __ATOMIC_RELEASE);
    __atomic_store_n(&swift_task_enqueueGlobal_hook, send_to_sink, __ATOMIC_RELEASE);
    return true;
}
