#ifndef NOISECLOCK_CLINUX_H
#define NOISECLOCK_CLINUX_H
// Linux interfaces Swift's Glibc module leaves out: timerfd (the alarm clock's wall-clock timer) and eventfd.
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#endif
