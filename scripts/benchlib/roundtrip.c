/* Kept-connection round trips without an interpreter in the way (Python adds ~10 us a request).
 *
 * usage: roundtrip noised|mpd SOCKET N
 *
 * Connects to the Unix socket, reads the greeting line (noised: {"event":"hello",...};
 * MPD: "OK MPD x.y.z"), sends 200 untimed warm-up requests, then N timed ones, one at a time:
 * CLOCK_MONOTONIC before the write and after the complete reply is read. noised's request is
 * {"cmd":"status"} and its reply is one line (event lines, which a plain connection should not
 * get, are skipped); MPD's is "status" and its reply ends with "OK" or an "ACK ..." line.
 * Prints one line: "n=N min=... median=... p90=... p99=... max=..." in nanoseconds.
 * Exits 1 if the connection or a reply fails (the set-up is broken), never on a figure. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int fd;
static char buf[1 << 16];
static size_t have;   /* bytes in buf not yet consumed */

/* The next complete line (without its '\n') into `line`; 0 at EOF or error. */
static int read_line(char *line, size_t cap) {
    for (;;) {
        char *nl = memchr(buf, '\n', have);
        if (nl) {
            size_t n = (size_t)(nl - buf);
            size_t c = n < cap - 1 ? n : cap - 1;
            memcpy(line, buf, c);
            line[c] = 0;
            have -= n + 1;
            memmove(buf, nl + 1, have);
            return 1;
        }
        if (have == sizeof buf) have = 0;   /* a line longer than the buffer: drop its start */
        ssize_t r = read(fd, buf + have, sizeof buf - have);
        if (r <= 0) return 0;
        have += (size_t)r;
    }
}

static int one(int mpd, const char *req, size_t len) {
    static char line[1 << 16];
    if (write(fd, req, len) != (ssize_t)len) return 0;
    for (;;) {
        if (!read_line(line, sizeof line)) return 0;
        if (mpd) {
            if (strcmp(line, "OK") == 0) return 1;
            if (strncmp(line, "ACK ", 4) == 0) { fprintf(stderr, "mpd: %s\n", line); return 0; }
        } else if (strncmp(line, "{\"event\"", 8) != 0) {
            return strstr(line, "\"ok\":true") != NULL || strstr(line, "\"ok\": true") != NULL;
        }
    }
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
    if (argc != 4) { fprintf(stderr, "usage: %s noised|mpd SOCKET N\n", argv[0]); return 2; }
    int mpd = strcmp(argv[1], "mpd") == 0;
    long n = atol(argv[3]);
    if (n < 1) return 2;
    const char *req = mpd ? "status\n" : "{\"cmd\":\"status\"}\n";
    size_t len = strlen(req);

    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    strncpy(sa.sun_path, argv[2], sizeof sa.sun_path - 1);
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0) { perror("connect"); return 1; }
    static char line[1 << 16];
    if (!read_line(line, sizeof line)) { fprintf(stderr, "no greeting\n"); return 1; }
    if (mpd ? strncmp(line, "OK MPD ", 7) != 0 : strstr(line, "\"hello\"") == NULL) {
        fprintf(stderr, "unexpected greeting: %s\n", line);
        return 1;
    }
    for (int i = 0; i < 200; i++)
        if (!one(mpd, req, len)) { fprintf(stderr, "warm-up request failed\n"); return 1; }

    uint64_t *ns = malloc(sizeof *ns * (size_t)n);
    if (!ns) return 1;
    for (long i = 0; i < n; i++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (!one(mpd, req, len)) { fprintf(stderr, "request %ld failed\n", i); return 1; }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        ns[i] = (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)t1.tv_nsec - (uint64_t)t0.tv_nsec;
    }
    qsort(ns, (size_t)n, sizeof *ns, cmp);
    printf("n=%ld min=%llu median=%llu p90=%llu p99=%llu max=%llu\n", n,
           (unsigned long long)ns[0], (unsigned long long)at(ns, n, 0.5),
           (unsigned long long)at(ns, n, 0.9), (unsigned long long)at(ns, n, 0.99),
           (unsigned long long)ns[n - 1]);
    close(fd);
    return 0;
}
