#ifndef NOISECLOCK_CLINUX_H
#define NOISECLOCK_CLINUX_H
// Linux interfaces Swift's Glibc module leaves out or cannot lay out: timerfd (the alarm clock's wall-clock timer),
// eventfd, epoll (the control socket's quick lane), and for the terminal clock signalfd, the window size and the
// locale's time format.
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/ioctl.h>
#include <langinfo.h>
#include <termios.h>

// TIOCGWINSZ is a macro Swift does not import as a constant.
static inline int clinux_window_size(int fd, unsigned short *columns, unsigned short *rows) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *columns = size.ws_col;
    *rows = size.ws_row;
    return 0;
}
// accept4 (a _GNU_SOURCE interface): the connection comes non-blocking and close-on-exec, in one call.
int clinux_accept_nonblocking(int listener);

// epoll's event flags, as plain constants (Swift imports them as an enum).
static const uint32_t clinux_epoll_in = EPOLLIN;
static const uint32_t clinux_epoll_rdhup = EPOLLRDHUP;

static inline int clinux_epoll_control(int epoll, int operation, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event = { .events = events, .data.u64 = token };
    return epoll_ctl(epoll, operation, fd, &event);
}

// struct epoll_event is packed on x86-64, which Swift cannot lay out: the tokens of the ready descriptors are
// copied out into a plain array (at most 64 per call).
static inline int clinux_epoll_wait_tokens(int epoll, uint64_t *tokens, int capacity, int timeoutMilliseconds) {
    struct epoll_event ready[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(epoll, ready, capacity, timeoutMilliseconds);
    for (int index = 0; index < count; index++) tokens[index] = ready[index].data.u64;
    return count;
}
#endif
