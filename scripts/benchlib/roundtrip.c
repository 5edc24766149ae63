/* Kept-connection round trips without an interpreter in the way (Python adds ~10 us a request).
 *
 * usage: roundtrip [--blocking | --fresh] N BURST PROTO:SOCKET [PROTO:SOCKET ...]     (PROTO: noised or mpd)
 *
 * The client waits for each reply as a long-lived client does: in poll() for the socket to become readable, then
 * a read (libmpdclient, under mpc, waits in select(); a status bar in its main loop). With --blocking it waits in read()
 * itself instead. On a Unix stream socket that wait is woken, for nothing, whenever the server reads the request
 * (the kernel wakes every sleeper on the socket when the request's buffer is freed, and a reader in read() does not
 * filter wake-ups as poll() does): twice the context switches, and how often depends on the scheduler's bookkeeping
 * more than on the server (docs/performance.md, row 2).
 *
 * Opens one connection to each socket, reads its greeting line (noised: {"event":"hello",...};
 * MPD: "OK MPD x.y.z") and sends 200 untimed warm-up requests on each. Then it takes turns: BURST
 * timed requests on the first connection, BURST on the next, and so on round after round (each
 * round starting one server further on), until every connection has had N, each timed one at a
 * time: CLOCK_MONOTONIC before the write and after the complete reply is read. Taking turns in
 * short bursts means a spell of load from elsewhere on this machine hits every server alike.
 * noised's request is {"cmd":"status"}, MPD's "status"; `one` says how a reply is read.
 * With --fresh, each timed request is a connection of its own, as a client process makes one (row 1 without the
 * process): connect, the request, the complete reply, close. Each server is spoken to as its own client does:
 * noisectl sends its request at once and reads the greeting with the reply; libmpdclient reads MPD's greeting
 * before it sends a command. No warm-up.
 * Prints a line per socket, in the order given: "n=N min=... median=... p90=... p99=... max=..."
 * in nanoseconds. Exits 1 if a connection or a reply fails (the set-up is broken), never on a
 * figure. */
#define _GNU_SOURCE   /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

enum { MAX_TARGETS = 8, WARM_UP = 200 };

static int blocking;   /* --blocking: wait in read() rather than in poll() */
static int fresh;      /* --fresh: a new connection for every request */

struct target {
    int fd;
    int mpd;
    const char *path;
    char buf[1 << 16];
    size_t have;          /* bytes in buf not yet consumed */
    uint64_t *ns;         /* the timed round trips */
    long done;
};

/* Reads until the buffer holds a complete line (a newline at or after `from`); returns the offset just past that
 * newline, or 0 at EOF or on an error. Lines are looked at where they lie, never copied. */
static size_t read_until_line(struct target *t, size_t from) {
    for (;;) {
        char *nl = t->have > from ? memchr(t->buf + from, '\n', t->have - from) : NULL;
        if (nl) return (size_t)(nl - t->buf) + 1;
        if (t->have == sizeof t->buf) return 0;   /* a reply longer than the buffer: not one of ours */
        if (!blocking) {
            struct pollfd p = {.fd = t->fd, .events = POLLIN};
            if (poll(&p, 1, -1) != 1) return 0;
        }
        ssize_t r = read(t->fd, t->buf + t->have, sizeof t->buf - t->have);
        if (r <= 0) return 0;
        t->have += (size_t)r;
    }
}

/* Drops the first `n` bytes of the buffer (what the reply took). */
static void consume(struct target *t, size_t n) {
    t->have -= n;
    if (t->have) memmove(t->buf, t->buf + n, t->have);
}

static int starts(const char *line, size_t len, const char *prefix) {
    size_t n = strlen(prefix);
    return len >= n && memcmp(line, prefix, n) == 0;
}

/* One request and its whole reply. The least work that still tells a complete, successful reply from anything else,
 * the same for both: noised's reply is one line (event lines, which a plain connection should not get, are skipped)
 * whose last member is "ok" (members are in key order), so success is the line ending in "ok":true}; MPD's ends with
 * an "OK" line, or is an "ACK ..." line. */
static int send_status(struct target *t) {
    const char *req = t->mpd ? "status\n" : "{\"cmd\":\"status\"}\n";
    size_t len = strlen(req);
    return write(t->fd, req, len) == (ssize_t)len;
}

static int read_status(struct target *t) {
    size_t line = 0;
    for (;;) {
        size_t end = read_until_line(t, line);
        if (!end) return 0;
        const char *text = t->buf + line;
        size_t n = end - 1 - line;   /* the line without its newline */
        if (t->mpd) {
            if (n == 2 && memcmp(text, "OK", 2) == 0) { consume(t, end); return 1; }
            if (starts(text, n, "ACK ")) { fprintf(stderr, "mpd: %.*s\n", (int)n, text); return 0; }
            line = end;
        } else if (starts(text, n, "{\"event\"")) {
            consume(t, end);
        } else {
            int ok = n >= 10 && memcmp(text + n - 10, "\"ok\":true}", 10) == 0;
            consume(t, end);
            return ok;
        }
    }
}

static int one(struct target *t) {
    return send_status(t) && read_status(t);
}

static int connect_target(struct target *t) {
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    strncpy(sa.sun_path, t->path, sizeof sa.sun_path - 1);
    t->have = 0;
    t->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (t->fd < 0 || connect(t->fd, (struct sockaddr *)&sa, sizeof sa) < 0) { perror(t->path); return 0; }
    return 1;
}

static int read_greeting(struct target *t) {
    size_t end = read_until_line(t, 0);
    if (!end) { fprintf(stderr, "%s: no greeting\n", t->path); return 0; }
    char *line = t->buf;
    if (t->mpd ? strncmp(line, "OK MPD ", 7) != 0 : memmem(line, end, "\"hello\"", 7) == NULL) {
        fprintf(stderr, "%s: unexpected greeting: %.*s\n", t->path, (int)end - 1, line);
        return 0;
    }
    consume(t, end);
    return 1;
}

/* --fresh: one request on a connection of its own, the way each server's client makes it. */
static int one_fresh(struct target *t) {
    int ok = connect_target(t) && (t->mpd ? read_greeting(t) && send_status(t) : send_status(t) && read_greeting(t))
             && read_status(t);
    if (t->fd >= 0) close(t->fd);
    t->fd = -1;
    return ok;
}

static int open_target(struct target *t, const char *spec) {
    const char *colon = strchr(spec, ':');
    if (!colon) return 0;
    t->mpd = strncmp(spec, "mpd:", 4) == 0;
    if (!t->mpd && strncmp(spec, "noised:", 7) != 0) return 0;
    t->path = colon + 1;
    t->fd = -1;
    if (fresh) return 1;
    if (!connect_target(t) || !read_greeting(t)) return 0;
    for (int i = 0; i < WARM_UP; i++)
        if (!one(t)) { fprintf(stderr, "%s: warm-up request failed\n", t->path); return 0; }
    return 1;
}

static int cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t at(const uint64_t *v, long n, double p) {
    long k = (long)(p * (double)(n - 1) + 0.5);
    return v[k];
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--blocking") == 0) {
        blocking = 1;
        argv++;
        argc--;
    } else if (argc > 1 && strcmp(argv[1], "--fresh") == 0) {
        fresh = 1;
        argv++;
        argc--;
    }
    if (argc < 4 || argc - 3 > MAX_TARGETS) {
        fprintf(stderr, "usage: %s [--blocking | --fresh] N BURST PROTO:SOCKET [PROTO:SOCKET ...] (PROTO: noised or mpd, at most %d)\n",
                argv[0], MAX_TARGETS);
        return 2;
    }
    long n = atol(argv[1]), burst = atol(argv[2]);
    int count = argc - 3;
    if (n < 1 || burst < 1) return 2;
    static struct target targets[MAX_TARGETS];
    for (int i = 0; i < count; i++) {
        if (!open_target(&targets[i], argv[3 + i])) return 1;
        targets[i].ns = malloc(sizeof(uint64_t) * (size_t)n);
        if (!targets[i].ns) return 1;
    }
    for (int round = 0;; round++) {
        int all_done = 1;
        for (int k = 0; k < count; k++) {
            struct target *t = &targets[(round + k) % count];
            for (long b = 0; b < burst && t->done < n; b++) {
                struct timespec t0, t1;
                clock_gettime(CLOCK_MONOTONIC, &t0);
                if (!(fresh ? one_fresh(t) : one(t))) {
                    fprintf(stderr, "%s: request %ld failed\n", t->path, t->done);
                    return 1;
                }
                clock_gettime(CLOCK_MONOTONIC, &t1);
                t->ns[t->done++] = (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)t1.tv_nsec
                                   - (uint64_t)t0.tv_nsec;
            }
            if (t->done < n) all_done = 0;
        }
        if (all_done) break;
    }
    for (int i = 0; i < count; i++) {
        struct target *t = &targets[i];
        qsort(t->ns, (size_t)n, sizeof *t->ns, cmp);
        printf("n=%ld min=%llu median=%llu p90=%llu p99=%llu max=%llu\n", n,
               (unsigned long long)t->ns[0], (unsigned long long)at(t->ns, n, 0.5),
               (unsigned long long)at(t->ns, n, 0.9), (unsigned long long)at(t->ns, n, 0.99),
               (unsigned long long)t->ns[n - 1]);
        if (t->fd >= 0) close(t->fd);
    }
    return 0;
}
