"""The state a client's executable is in when it starts, for row 1.

A cold `noisectl status` (a 30 MB static binary) takes about 85-130 page faults, and what each costs depends
on how the file sits in the page cache. A file written with write() (a package install, `make install`, a
copy) is cached in large folios, which a fault maps cheaply. A file read back by exec's page faults (after a
reboot, or after the page cache dropped it) is cached mostly in 4 KiB pages, and so is gold's output, which
the linker writes through a shared memory map. Row 1 therefore sets each state on purpose instead of
inheriting whatever the build and the machine left (docs/performance.md, row 1)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

# glibc's own objects: every process on the machine maps them, so they stay cached whatever one client does.
SHARED_BY_ALL = ("linux-vdso", "ld-linux", "libc.so", "libm.so", "libpthread.so", "libdl.so", "librt.so")


def installed_copy(binary: Path, folder: Path) -> Path:
    """A fresh copy of `binary` in `folder`, written as an install writes it."""
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / binary.name
    shutil.copyfile(binary, copy)
    os.chmod(copy, 0o755)
    return copy


def own_files(executable: str) -> list[Path]:
    """The executable and the shared libraries it loads that are not glibc's."""
    path = Path(shutil.which(executable) or executable).resolve()
    files = [path]
    r = subprocess.run(["ldd", str(path)], capture_output=True, text=True, timeout=30)
    for line in r.stdout.splitlines():
        parts = line.split("=>")
        if len(parts) != 2 or not parts[1].strip().startswith("/"):
            continue
        lib = Path(parts[1].split()[0]).resolve()
        if not lib.name.startswith(SHARED_BY_ALL):
            files.append(lib)
    return files


def drop(files: list[Path]) -> None:
    """Drops the files' pages from the page cache (written back first), so the next exec reads them back from
    disk through its page faults, as the first start after a reboot does."""
    for f in files:
        fd = os.open(f, os.O_RDONLY)
        try:
            os.fdatasync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)
