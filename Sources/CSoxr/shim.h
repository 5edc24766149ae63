#ifndef NOISECLOCK_CSOXR_SHIM_H
#define NOISECLOCK_CSOXR_SHIM_H
#include <soxr.h>
#endif
