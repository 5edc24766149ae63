#include "cical.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static NoiseICal loaded;
static const NoiseICal *result;
static char error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libical.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, sizeof error, "%s", dlerror());
        return;
    }
#define NOISE_ICAL_LOAD(result_type, name, parameters) \
    *(void **)&loaded.name = dlsym(library, #name); \
    if (!loaded.name) { \
        snprintf(error, sizeof error, "libical.so.3 has no %s", #name); \
        return; \
    }
    NOISE_ICAL_FUNCTIONS(NOISE_ICAL_LOAD)
#undef NOISE_ICAL_LOAD
    result = &loaded;
}

const NoiseICal *noise_ical(void) {
    pthread_once(&once, load);
    return result;
}

const char *noise_ical_error(void) {
    pthread_once(&once, load);
    return error;
}
