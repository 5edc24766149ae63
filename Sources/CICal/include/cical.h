#ifndef NOISECLOCK_CICAL_H
#define NOISECLOCK_CICAL_H
// libical's types from its header; its functions through `noise_ical()`, loaded the first time noised reads a
// holidays file (docs/dependencies.md): libical links ICU, which every start of the one program would otherwise map.
#include <libical/ical.h>

#define NOISE_ICAL_FUNCTIONS(X) \
    X(void, icalerror_set_errors_are_fatal, (int fatal)) \
    X(icalcomponent *, icalparser_parse_string, (const char *text)) \
    X(icalcomponent_kind, icalcomponent_isa, (const icalcomponent *component)) \
    X(void, icalcomponent_free, (icalcomponent *component)) \
    X(icalcomponent *, icalcomponent_get_first_component, (icalcomponent *component, icalcomponent_kind kind)) \
    X(icalcomponent *, icalcomponent_get_next_component, (icalcomponent *component, icalcomponent_kind kind)) \
    X(icalproperty *, icalcomponent_get_first_property, (icalcomponent *component, icalproperty_kind kind)) \
    X(icalproperty *, icalcomponent_get_next_property, (icalcomponent *component, icalproperty_kind kind)) \
    X(const char *, icalcomponent_get_summary, (icalcomponent *component)) \
    X(struct icaltimetype, icalcomponent_get_dtstart, (icalcomponent *component)) \
    X(struct icaltimetype, icalcomponent_get_dtend, (icalcomponent *component)) \
    X(const char *, icalproperty_get_xlicerror, (const icalproperty *property)) \
    X(icalparameter *, icalproperty_get_first_parameter, (icalproperty *property, icalparameter_kind kind)) \
    X(const char *, icalparameter_get_tzid, (const icalparameter *parameter)) \
    X(struct icalrecurrencetype, icalproperty_get_rrule, (const icalproperty *property)) \
    X(int, icaltime_is_null_time, (const struct icaltimetype time)) \
    X(icaltimezone *, icaltimezone_get_utc_timezone, (void)) \
    X(struct icaltimetype, icaltime_from_timet_with_zone, (const time_t tm, const int is_date, \
                                                            const icaltimezone *zone)) \
    X(time_t, icaltime_as_timet_with_zone, (const struct icaltimetype time, const icaltimezone *zone)) \
    X(void, icalcomponent_foreach_recurrence, (icalcomponent *component, struct icaltimetype start, \
                                              struct icaltimetype end, \
                                              void (*callback)(icalcomponent *, struct icaltime_span *, void *), \
                                              void *data))

#define NOISE_ICAL_FIELD(result, name, parameters) result (*name) parameters;
typedef struct NoiseICal {
    NOISE_ICAL_FUNCTIONS(NOISE_ICAL_FIELD)
} NoiseICal;
#undef NOISE_ICAL_FIELD

/// libical's functions, loaded once (thread-safe); NULL when libical.so.3 cannot be loaded, and then
/// `noise_ical_error()` says why.
const NoiseICal *noise_ical(void);
const char *noise_ical_error(void);
#endif
