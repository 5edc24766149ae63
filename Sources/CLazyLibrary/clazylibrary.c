#include "clazylibrary.h"

#include <dlfcn.h>
#include <stdio.h>

int noise_load_library(const char *library, const char *const *names, void **slots, size_t count, char *error,
                       size_t error_size) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(error, error_size, "%s", dlerror());
        return 0;
    }
    for (size_t index = 0; index < count; index++) {
        slots[index] = dlsym(handle, names[index]);
        if (!slots[index]) {
            snprintf(error, error_size, "%s has no %s", library, names[index]);
            return 0;
        }
    }
    return 1;
}
