#ifndef NOISECLOCK_CSNDFILE_SHIM_H
#define NOISECLOCK_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
