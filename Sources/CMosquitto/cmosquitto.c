#include "cmosquitto.h"

#include <clazylibrary.h>
#include <pthread.h>

static NoiseMosquitto loaded;
static const NoiseMosquitto *result;
static char error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define NOISE_MOSQUITTO_NAME(result_type, name, parameters) #name,
static const char *const names[] = {NOISE_MOSQUITTO_FUNCTIONS(NOISE_MOSQUITTO_NAME)};

static void load(void) {
    // The table's fields are the functions in `names`' order, each one pointer wide.
    _Static_assert(sizeof loaded == sizeof names, "one pointer per function");
    if (noise_load_library("libmosquitto.so.1", names, (void **)&loaded, sizeof names / sizeof *names, error,
                           sizeof error)) {
        loaded.mosquitto_lib_init();
        result = &loaded;
    }
}

const NoiseMosquitto *noise_mosquitto(void) {
    pthread_once(&once, load);
    return result;
}

const char *noise_mosquitto_error(void) {
    pthread_once(&once, load);
    return error;
}
