// What the header cannot hold: the Swift runtime's hook, which must be called with Swift's calling convention.
#include <stddef.h>
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

bool clinux_send_global_jobs_to(clinux_job_sink sink) {
    if (swift_task_enqueueGlobal_hook != NULL) return false;
    global_job_sink = sink;
    __atomic_store_n(&swift_task_enqueueGlobal_hook, send_to_sink, __ATOMIC_RELEASE);
    return true;
}
