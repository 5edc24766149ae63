#ifndef NOISECLOCK_CALSA_H
#define NOISECLOCK_CALSA_H
#include <alsa/asoundlib.h>

/// Stops libasound from printing its own messages to stderr; the daemon reports device errors itself,
/// in status and its log, and retries a missing device every few seconds (which would repeat them).
void noiseclock_alsa_silence_errors(void);

/// Sets up 16-bit interleaved playback with a buffer of about `buffer_us` in about `periods` periods (and the
/// software parameters `snd_pcm_set_params` would set); `snd_pcm_set_params` itself only takes a latency and
/// always asks for periods of a quarter of it. Returns 0 or a negative error code.
int noiseclock_alsa_set_params(snd_pcm_t *pcm, unsigned int channels, unsigned int rate,
                               unsigned int buffer_us, unsigned int periods);

#endif
