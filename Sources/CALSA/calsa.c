#include "calsa.h"

static void noiseclock_alsa_ignore(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

void noiseclock_alsa_silence_errors(void) {
    snd_lib_error_set_handler(noiseclock_alsa_ignore);
}

int noiseclock_alsa_set_params(snd_pcm_t *pcm, unsigned int channels, unsigned int rate,
                               unsigned int buffer_us, unsigned int periods) {
    snd_pcm_hw_params_t *hw;
    snd_pcm_sw_params_t *sw;
    snd_pcm_hw_params_alloca(&hw);
    snd_pcm_sw_params_alloca(&sw);
    int dir = 0;
    snd_pcm_uframes_t buffer = 0, period = 0;
    int err;
    if ((err = snd_pcm_hw_params_any(pcm, hw)) < 0) return err;
    if ((err = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED)) < 0) return err;
    if ((err = snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE)) < 0) return err;
    if ((err = snd_pcm_hw_params_set_channels(pcm, hw, channels)) < 0) return err;
    /* No resampling by libasound's plug layer beyond what the device needs; as snd_pcm_set_params does. */
    if ((err = snd_pcm_hw_params_set_rate_resample(pcm, hw, 1)) < 0) return err;
    if ((err = snd_pcm_hw_params_set_rate(pcm, hw, rate, 0)) < 0) return err;
    if ((err = snd_pcm_hw_params_set_buffer_time_near(pcm, hw, &buffer_us, &dir)) < 0) return err;
    if ((err = snd_pcm_hw_params_set_periods_near(pcm, hw, &periods, &dir)) < 0) return err;
    if ((err = snd_pcm_hw_params(pcm, hw)) < 0) return err;
    if ((err = snd_pcm_get_params(pcm, &buffer, &period)) < 0) return err;
    if ((err = snd_pcm_sw_params_current(pcm, sw)) < 0) return err;
    /* Start once the first period is written, not the whole buffer: a start is heard without waiting for a second
       period to be mixed and sent (docs/performance.md, row 9). The output thread writes the next period at once
       (the buffer has room for it), so the device does not run dry after a start. Wake when a period is free. */
    (void)buffer;
    if ((err = snd_pcm_sw_params_set_start_threshold(pcm, sw, period)) < 0) return err;
    if ((err = snd_pcm_sw_params_set_avail_min(pcm, sw, period)) < 0) return err;
    return snd_pcm_sw_params(pcm, sw);
}
