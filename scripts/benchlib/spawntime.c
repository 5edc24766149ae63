// Wall time of whole processes, spawn to exit, for the bench (rows 1 and 8; scripts/benchlib/common.py).
//
//   spawntime RUNS BLOCK TIMEOUT_S CMD [ARGS...] [-- CMD [ARGS...]]...
//
// Runs every command RUNS times, in turns of BLOCK runs of each, so that load from elsewhere hits all alike.
// Each run: posix_spawn (a vfork, as a shell or a status bar starts a program) with stdin and stdout on
// /dev/null and the caller's stderr and environment, then a blocking waitpid; CLOCK_MONOTONIC around both.
// Prints one line per command: its RUNS times in nanoseconds, in the order run.
//
// Why not Python's subprocess: with a timeout, Popen.wait polls waitpid and sleeps 1 ms, then 2 ms, ...
// whenever the child is not yet reapable, which a child that has just closed its output often is not;
// that sleep, not the program, then decides the figure (docs/performance.md, row 1).
//
// Exit status: 0; 1 bad usage or a spawn failed; 2 a command exited non-zero or by a signal (named on
// stderr, as "failed: N: exit S" or "failed: N: signal S", N counting commands from 0); 3 a run took longer than TIMEOUT_S and was killed.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static volatile pid_t running = 0;
static volatile sig_atomic_t timed_out = 0;

static void on_alarm(int signal) {
    (void)signal;
    if (running > 0) {
        timed_out = 1;
        kill(running, SIGKILL);
    }
}

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: spawntime RUNS BLOCK TIMEOUT_S CMD [ARGS...] [-- CMD [ARGS...]]...\n");
        return 1;
    }
    int runs = atoi(argv[1]), block = atoi(argv[2]), timeout = atoi(argv[3]);
    if (runs < 1 || block < 1 || timeout < 1) {
        fprintf(stderr, "spawntime: RUNS, BLOCK and TIMEOUT_S must be positive\n");
        return 1;
    }
    char **commands[64];
    int count = 0;
    commands[count++] = argv + 4;
    for (int i = 4; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0 && count < 64) {
            argv[i] = NULL;
            commands[count++] = argv + i + 1;
        }
    }
    for (int c = 0; c < count; c++) {
        if (commands[c][0] == NULL) {
            fprintf(stderr, "spawntime: an empty command\n");
            return 1;
        }
    }
    long long *times = calloc((size_t)runs * count, sizeof *times);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    struct sigaction alarm_action = {0};
    alarm_action.sa_handler = on_alarm;
    sigaction(SIGALRM, &alarm_action, NULL);

    for (int done = 0; done < runs; done += block) {
        for (int c = 0; c < count; c++) {
            for (int k = done; k < done + block && k < runs; k++) {
                pid_t pid;
                long long start = now_ns();
                if (posix_spawnp(&pid, commands[c][0], &actions, NULL, commands[c], environ) != 0) {
                    perror(commands[c][0]);
                    return 1;
                }
                running = pid;
                alarm((unsigned)timeout);
                int status;
                while (waitpid(pid, &status, 0) < 0) {
                    if (errno != EINTR) {
                        perror("waitpid");
                        return 1;
                    }
                }
                long long end = now_ns();
                alarm(0);
                running = 0;
                if (timed_out) {
                    fprintf(stderr, "timed out: %d: over %d s\n", c, timeout);
                    return 3;
                }
                if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                    if (WIFEXITED(status)) fprintf(stderr, "failed: %d: exit %d\n", c, WEXITSTATUS(status));
                    else fprintf(stderr, "failed: %d: signal %d\n", c, WTERMSIG(status));
                    return 2;
                }
                times[(size_t)c * runs + k] = end - start;
            }
        }
    }
    for (int c = 0; c < count; c++) {
        for (int k = 0; k < runs; k++) printf(k ? " %lld" : "%lld", times[(size_t)c * runs + k]);
        printf("\n");
    }
    return 0;
}
