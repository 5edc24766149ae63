#ifndef NOISECLOCK_CLINUX_H
#define NOISECLOCK_CLINUX_H
// Linux interfaces Swift's Glibc module leaves out: timerfd (the alarm clock's wall-clock timer), eventfd,
// and for the terminal clock signalfd, the window size and the locale's time format.
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
#endif
