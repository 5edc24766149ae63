#ifndef NOISECLOCK_CSYSTEMD_H
#define NOISECLOCK_CSYSTEMD_H
// libsystemd's sd-bus, the D-Bus library noised speaks MPRIS, notifications and logind with. Swift imports its
// functions, but not its variadic ones nor the vtable macros, which build the tables sd-bus serves an object
// from: the MPRIS object's tables live here, each entry forwarding to the handlers Swift gives.
#include <systemd/sd-bus.h>
// sd-daemon: readiness, status and watchdog messages to the service manager, and socket activation.
#include <systemd/sd-daemon.h>

// What an object's calls and property reads and writes go to; `context` is passed back to each. sd-bus calls them
// on the thread that processes the bus.
typedef int (*csystemd_method_fn)(sd_bus_message *call, void *context, sd_bus_error *error);
typedef int (*csystemd_get_fn)(const char *interface, const char *property, sd_bus_message *reply, void *context,
                               sd_bus_error *error);
typedef int (*csystemd_set_fn)(const char *interface, const char *property, sd_bus_message *value, void *context,
                               sd_bus_error *error);

typedef struct csystemd_handlers {
    csystemd_method_fn method;
    csystemd_get_fn get;
    csystemd_set_fn set;
    void *context;
} csystemd_handlers;

// Serves org.mpris.MediaPlayer2 and org.mpris.MediaPlayer2.Player at /org/mpris/MediaPlayer2; `handlers` must
// outlive the slots. `desktop_entry`: whether the root interface has a DesktopEntry property (only when a .desktop
// file is installed). Returns a negative errno on failure.
int csystemd_add_mpris(sd_bus *bus, sd_bus_slot **root_slot, sd_bus_slot **player_slot,
                       const csystemd_handlers *handlers, int desktop_entry);

// A reply with no values, or an error reply, to a call kept for an answer given later; sends it.
int csystemd_reply_empty(sd_bus_message *call);
int csystemd_reply_error(sd_bus_message *call, const char *name, const char *message);
#endif
