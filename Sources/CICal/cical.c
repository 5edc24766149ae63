#include "cical.h"

#include <clazylibrary.h>
#include <pthread.h>

static NoiseICal loaded;
static const NoiseICal *result;
static char error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define NOISE_ICAL_NAME(result_type, name, parameters) #name,
static const char *const names[] = {NOISE_ICAL_FUNCTIONS(NOISE_ICAL_NAME)};

static void load(void) {
    // The table's fields are the functions in `names`' order, each one pointer wide.
    _Static_assert(sizeof loaded == sizeof names, "one pointer per function");
    if (noise_load_library("libical.so.3", names, (void **)&loaded, sizeof names / sizeof *names, error,
                           sizeof error)) {
        result = &loaded;
    }
}

const NoiseICal *noise_ical(void) {
    pthread_once(&once, load);
    return result;
}

const char *noise_ical_error(void) {
    pthread_once(&once, load);
    return error;
}
