#ifndef NOISECLOCK_CMOSQUITTO_H
#define NOISECLOCK_CMOSQUITTO_H
// libmosquitto's types from its header; its functions through `noise_mosquitto()`, loaded when noisehome first
// connects to a broker (docs/dependencies.md): libmosquitto links OpenSSL, which every start of the one program
// (noised and noisectl among its names) would otherwise map and bind.
#include <mosquitto.h>

#define NOISE_MOSQUITTO_FUNCTIONS(X) \
    X(int, mosquitto_lib_init, (void)) \
    X(struct mosquitto *, mosquitto_new, (const char *id, bool clean_session, void *obj)) \
    X(void, mosquitto_destroy, (struct mosquitto *mosq)) \
    X(void, mosquitto_user_data_set, (struct mosquitto *mosq, void *obj)) \
    X(int, mosquitto_username_pw_set, (struct mosquitto *mosq, const char *username, const char *password)) \
    X(int, mosquitto_will_set, (struct mosquitto *mosq, const char *topic, int payloadlen, const void *payload, \
                                int qos, bool retain)) \
    X(int, mosquitto_tls_set, (struct mosquitto *mosq, const char *cafile, const char *capath, const char *certfile, \
                               const char *keyfile, int (*pw_callback)(char *buf, int size, int rwflag, \
                                                                       void *userdata))) \
    X(int, mosquitto_reconnect_delay_set, (struct mosquitto *mosq, unsigned int reconnect_delay, \
                                           unsigned int reconnect_delay_max, bool reconnect_exponential_backoff)) \
    X(void, mosquitto_connect_callback_set, (struct mosquitto *mosq, \
                                             void (*on_connect)(struct mosquitto *, void *, int))) \
    X(void, mosquitto_disconnect_callback_set, (struct mosquitto *mosq, \
                                                void (*on_disconnect)(struct mosquitto *, void *, int))) \
    X(void, mosquitto_message_callback_set, (struct mosquitto *mosq, \
                                             void (*on_message)(struct mosquitto *, void *, \
                                                                const struct mosquitto_message *))) \
    X(int, mosquitto_connect, (struct mosquitto *mosq, const char *host, int port, int keepalive)) \
    X(int, mosquitto_disconnect, (struct mosquitto *mosq)) \
    X(int, mosquitto_publish, (struct mosquitto *mosq, int *mid, const char *topic, int payloadlen, \
                               const void *payload, int qos, bool retain)) \
    X(int, mosquitto_subscribe, (struct mosquitto *mosq, int *mid, const char *sub, int qos)) \
    X(int, mosquitto_loop_forever, (struct mosquitto *mosq, int timeout, int max_packets)) \
    X(const char *, mosquitto_strerror, (int mosq_errno)) \
    X(const char *, mosquitto_connack_string, (int connack_code))

#define NOISE_MOSQUITTO_FIELD(result, name, parameters) result (*name) parameters;
typedef struct NoiseMosquitto {
    NOISE_MOSQUITTO_FUNCTIONS(NOISE_MOSQUITTO_FIELD)
} NoiseMosquitto;
#undef NOISE_MOSQUITTO_FIELD

/// libmosquitto's functions, loaded and initialised once (thread-safe); NULL when libmosquitto.so.1 cannot be
/// loaded, and then `noise_mosquitto_error()` says why.
const NoiseMosquitto *noise_mosquitto(void);
const char *noise_mosquitto_error(void);
#endif
