#include "csystemd.h"

static int forward_method(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    const csystemd_handlers *handlers = userdata;
    return handlers->method(call, handlers->context, error);
}

static int forward_get(sd_bus *bus, const char *path, const char *interface, const char *property,
                       sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus;
    (void)path;
    const csystemd_handlers *handlers = userdata;
    return handlers->get(interface, property, reply, handlers->context, error);
}

static int forward_set(sd_bus *bus, const char *path, const char *interface, const char *property,
                       sd_bus_message *value, void *userdata, sd_bus_error *error) {
    (void)bus;
    (void)path;
    const csystemd_handlers *handlers = userdata;
    return handlers->set(interface, property, value, handlers->context, error);
}

#define CONST_PROPERTY(name, signature) SD_BUS_PROPERTY(name, signature, forward_get, 0, SD_BUS_VTABLE_PROPERTY_CONST)
#define CHANGING(name, signature) SD_BUS_PROPERTY(name, signature, forward_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE)
// Position moves by itself: read when asked, never signalled (the MPRIS specification says so).
#define UNSIGNALLED(name, signature) SD_BUS_PROPERTY(name, signature, forward_get, 0, 0)
#define METHOD(name, signature) SD_BUS_METHOD(name, signature, "", forward_method, SD_BUS_VTABLE_UNPRIVILEGED)

#define ROOT_ENTRIES                                                                                                  \
    METHOD("Raise", ""), METHOD("Quit", ""), CONST_PROPERTY("CanQuit", "b"), CONST_PROPERTY("CanRaise", "b"),        \
    CONST_PROPERTY("HasTrackList", "b"), CONST_PROPERTY("Identity", "s"), CONST_PROPERTY("SupportedUriSchemes", "as"), \
    CONST_PROPERTY("SupportedMimeTypes", "as")

static const sd_bus_vtable root_vtable[] = {
    SD_BUS_VTABLE_START(0),
    ROOT_ENTRIES,
    SD_BUS_VTABLE_END,
};

static const sd_bus_vtable root_vtable_with_entry[] = {
    SD_BUS_VTABLE_START(0),
    ROOT_ENTRIES,
    CONST_PROPERTY("DesktopEntry", "s"),
    SD_BUS_VTABLE_END,
};

static const sd_bus_vtable player_vtable[] = {
    SD_BUS_VTABLE_START(0),
    METHOD("Next", ""),
    METHOD("Previous", ""),
    METHOD("Pause", ""),
    METHOD("PlayPause", ""),
    METHOD("Stop", ""),
    METHOD("Play", ""),
    METHOD("Seek", "x"),
    METHOD("SetPosition", "ox"),
    METHOD("OpenUri", "s"),
    SD_BUS_SIGNAL("Seeked", "x", 0),
    CHANGING("PlaybackStatus", "s"),
    CONST_PROPERTY("Rate", "d"),
    CONST_PROPERTY("MinimumRate", "d"),
    CONST_PROPERTY("MaximumRate", "d"),
    CHANGING("Metadata", "a{sv}"),
    SD_BUS_WRITABLE_PROPERTY("Volume", "d", forward_get, forward_set, 0,
                             SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED),
    UNSIGNALLED("Position", "x"),
    CHANGING("CanGoNext", "b"),
    CHANGING("CanGoPrevious", "b"),
    CONST_PROPERTY("CanPlay", "b"),
    CONST_PROPERTY("CanPause", "b"),
    CONST_PROPERTY("CanSeek", "b"),
    CONST_PROPERTY("CanControl", "b"),
    SD_BUS_VTABLE_END,
};

int csystemd_add_mpris(sd_bus *bus, sd_bus_slot **root_slot, sd_bus_slot **player_slot,
                       const csystemd_handlers *handlers, int desktop_entry) {
    static const char path[] = "/org/mpris/MediaPlayer2";
    int r = sd_bus_add_object_vtable(bus, root_slot, path, "org.mpris.MediaPlayer2",
                                     desktop_entry ? root_vtable_with_entry : root_vtable, (void *)handlers);
    if (r < 0) return r;
    r = sd_bus_add_object_vtable(bus, player_slot, path, "org.mpris.MediaPlayer2.Player", player_vtable,
                                 (void *)handlers);
    if (r < 0) *root_slot = sd_bus_slot_unref(*root_slot);
    return r;
}

int csystemd_reply_empty(sd_bus_message *call) {
    return sd_bus_reply_method_return(call, NULL);
}

int csystemd_reply_error(sd_bus_message *call, const char *name, const char *message) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    sd_bus_error_set(&error, name, message);
    int r = sd_bus_reply_method_error(call, &error);
    sd_bus_error_free(&error);
    return r;
}
