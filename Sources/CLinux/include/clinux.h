#ifndef NOISECLOCK_CLINUX_H
#define NOISECLOCK_CLINUX_H
// Linux interfaces Swift's Glibc module leaves out or cannot lay out: timerfd (the alarm clock's wall-clock timer),
// eventfd, and for the terminal clock signalfd, the window size and the locale's time format; glibc's allocator
// settings (malloc.h); and the Swift runtime's global-executor hook, which a static Swift runtime hides from dlsym.
#include <stdbool.h>
#include <stdint.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/ioctl.h>
#include <langinfo.h>
#include <malloc.h>
#include <termios.h>

// TIOCGWINSZ is a macro Swift does not import as a constant.
static inline int clinux_window_size(int fd, unsigned short *columns, unsigned short *rows) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *columns = size.ws_col;
    *rows = size.ws_row;
    return 0;
}
// Sends every job Swift concurrency gives its global executor to `sink` instead of libdispatch, whose worker
// pool starts a monitor that wakes the process once a second for good. SwiftNIO's own installer looks the
// runtime's hook up with dlsym, which cannot see it when the runtime is linked statically (the toolchain hides
// that archive's symbols); a reference the linker resolves reaches it in both forms. False if a hook is already
// set.
typedef void (*clinux_job_sink)(void *job);
bool clinux_send_global_jobs_to(clinux_job_sink sink);
#endif
