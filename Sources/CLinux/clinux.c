// Most of this target is its header; what needs _GNU_SOURCE, which the header cannot set for Swift's view of the
// system headers, is compiled here.
#define _GNU_SOURCE
#include <sys/socket.h>
#include "clinux.h"

int clinux_accept_nonblocking(int listener) {
    return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
