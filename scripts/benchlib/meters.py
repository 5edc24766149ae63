"""What a process costs, from /proc: CPU of the whole process (every thread, also those that have
exited), context switches, RSS."""

from __future__ import annotations

import os
import time
from typing import Callable, Optional

from .common import read_text

CLK_TCK = os.sysconf("SC_CLK_TCK")


def stat_cpu(pid: int) -> float:
    """utime+stime of the whole process from /proc/PID/stat (clock ticks; includes exited threads)."""
    st = read_text(f"/proc/{pid}/stat")
    if not st:
        return 0.0
    fields = st[st.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK   # utime, stime (fields 14, 15)


def _thread_counters(pid: int) -> dict[int, tuple[int, int]]:
    """tid -> (CPU ns from schedstat, voluntary + involuntary context switches)."""
    out = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        sched = read_text(f"/proc/{pid}/task/{tid}/schedstat")
        status = read_text(f"/proc/{pid}/task/{tid}/status")
        if not sched or not status:
            continue   # the thread just exited
        ctx = 0
        for line in status.splitlines():
            if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                ctx += int(line.split()[1])
        out[int(tid)] = (int(sched.split()[0]), ctx)
    return out


class Meter:
    """CPU time and context switches of a whole process over a window, thread by thread.

    Per thread, from /proc/PID/task/*/schedstat (CPU ns, exact) and .../status (context
    switches). Threads come and go (noised decodes on short-lived threads), so the threads are
    sampled every `sample()` call: a thread born in the window counts from 0, one that exits
    loses only what it did since the last sample. /proc/PID/stat's utime+stime (which keeps
    exited threads, to a clock tick) cross-checks the CPU: when it is larger by more than its
    rounding, it is used instead.
    """

    def __init__(self, pid: int):
        self.pid = pid
        self.last = _thread_counters(pid)
        self.cpu_ns = 0
        self.ctx = 0
        self.stat0 = stat_cpu(pid)
        self.t0 = time.monotonic()
        self.t1 = self.t0

    def sample(self) -> None:
        now = _thread_counters(self.pid)
        for tid, (ns, ctx) in now.items():
            ns0, ctx0 = self.last.get(tid, (0, 0))
            self.cpu_ns += max(0, ns - ns0)
            self.ctx += max(0, ctx - ctx0)
        # threads that exited drop out of `last`, so a reused tid counts from 0 like a new thread
        self.last = now
        self.t1 = time.monotonic()

    def finish(self) -> "Meter":
        self.sample()
        return self

    @property
    def seconds(self) -> float:
        return self.t1 - self.t0

    @property
    def cpu(self) -> float:
        sched = self.cpu_ns / 1e9
        stat = stat_cpu(self.pid) - self.stat0
        return stat if stat > sched + 2.0 / CLK_TCK else sched

    @property
    def ctx_per_second(self) -> float:
        return self.ctx / self.seconds if self.seconds > 0 else 0.0


def watch(pid: int, seconds: float, step: float = 0.2, also: Callable[[], None] = lambda: None) -> Meter:
    """Meter `pid` for `seconds` from now, sampling every `step` s (and calling `also`)."""
    m = Meter(pid)
    end = m.t0 + seconds
    while True:
        now = time.monotonic()
        if now >= end:
            break
        time.sleep(min(step, end - now))
        m.sample()
        also()
    return m.finish()


def status_kib(pid: int, key: str) -> Optional[int]:
    """A kB field of /proc/PID/status (VmRSS, RssAnon, VmHWM)."""
    s = read_text(f"/proc/{pid}/status")
    if not s:
        return None
    for line in s.splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return None


def memory(pid: int) -> dict:
    return {"rss": status_kib(pid, "VmRSS"), "anon": status_kib(pid, "RssAnon"),
            "hwm": status_kib(pid, "VmHWM"), "threads": thread_count(pid)}


def thread_count(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


def play_window(pid: int, pa_pid: int, seconds: float) -> dict:
    """Meter a playing process (and the PulseAudio server) for `seconds` from now."""
    pa = Meter(pa_pid)
    m = watch(pid, seconds, also=pa.sample)
    pa.finish()
    out = {"cpu": m.cpu, "pa_cpu": pa.cpu, "ctx": m.ctx_per_second, "wall": m.seconds}
    out.update(memory(pid))
    return out
