#ifndef NOISECLOCK_CALSA_H
#define NOISECLOCK_CALSA_H
#include <alsa/asoundlib.h>

/// Stops libasound from printing its own messages to stderr; the daemon reports device errors itself,
/// in status and its log, and retries a missing device every few seconds (which would repeat them).
void noiseclock_alsa_silence_errors(void);

#endif
