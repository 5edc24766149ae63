#include "cmosquitto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static NoiseMosquitto loaded;
static const NoiseMosquitto *result;
static char error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, sizeof error, "%s", dlerror());
        return;
    }
#define NOISE_MOSQUITTO_LOAD(result_type, name, parameters) \
    *(void **)&loaded.name = dlsym(library, #name); \
    if (!loaded.name) { \
        snprintf(error, sizeof error, "libmosquitto.so.1 has no %s", #name); \
        return; \
    }
    NOISE_MOSQUITTO_FUNCTIONS(NOISE_MOSQUITTO_LOAD)
#undef NOISE_MOSQUITTO_LOAD
    loaded.mosquitto_lib_init();
    result = &loaded;
}

const NoiseMosquitto *noise_mosquitto(void) {
    pthread_once(&once, load);
    return result;
}

const char *noise_mosquitto_error(void) {
    pthread_once(&once, load);
    return error;
}
