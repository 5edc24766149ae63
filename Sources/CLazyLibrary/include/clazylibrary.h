#ifndef NOISECLOCK_CLAZYLIBRARY_H
#define NOISECLOCK_CLAZYLIBRARY_H
// A C library loaded when first used instead of linked (docs/dependencies.md: libical for noised's holidays,
// libmosquitto for noisehome's MQTT), so the one program's other names never map it at their start.
#include <stddef.h>

/// Opens `library` (`dlopen`, RTLD_NOW | RTLD_LOCAL) and stores the address of each of the `count` functions named
/// in `names` in `slots`, in order. Returns 1, or 0 with why in `error` (the library missing, a function it lacks).
int noise_load_library(const char *library, const char *const *names, void **slots, size_t count, char *error,
                       size_t error_size);
#endif
