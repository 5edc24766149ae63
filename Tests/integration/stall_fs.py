#!/usr/bin/env python3
"""A real stalled mount: a FUSE file system whose files list and stat as regular files but never finish opening,
as a hung NFS or SSHFS mount or a stalled USB disk behaves.  Used by test_attacks.py.

    stall_fs.py MOUNTPOINT NAME...

Runs in the foreground until killed; the test unmounts it (umount -l) afterwards.
"""

import errno
import stat
import sys
import threading

from fuse import FUSE, FuseOSError, Operations


class Stalled(Operations):
    def __init__(self, names):
        self.names = set(names)
        self.never = threading.Event()

    def getattr(self, path, fh=None):
        if path == "/":
            return {"st_mode": stat.S_IFDIR | 0o755, "st_nlink": 2}
        if path[1:] in self.names:
            return {"st_mode": stat.S_IFREG | 0o644, "st_nlink": 1, "st_size": 200_000}
        raise FuseOSError(errno.ENOENT)

    def readdir(self, path, fh):
        return [".", ".."] + sorted(self.names)

    def open(self, path, flags):
        # The request is held, as a server that stopped answering holds it.
        self.never.wait()
        raise FuseOSError(errno.EIO)


if __name__ == "__main__":
    FUSE(Stalled(sys.argv[2:]), sys.argv[1], foreground=True, nothreads=False, allow_other=True)
