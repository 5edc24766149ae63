#include "calsa.h"

static void noiseclock_alsa_ignore(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

void noiseclock_alsa_silence_errors(void) {
    snd_lib_error_set_handler(noiseclock_alsa_ignore);
}
