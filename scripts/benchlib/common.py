"""Shared plumbing: paths, constants, the set-up error, helper processes, small statistics."""

from __future__ import annotations

import atexit
import functools
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Callable, Optional

REPO = Path(__file__).resolve().parent.parent.parent
DOC = REPO / "docs" / "performance.md"
MARKER = "<!-- bench table above -->"
SOUND = REPO / "sounds" / "white.mp3"
BEEP = REPO / "sounds" / "beep.mp3"   # 1 kHz sine beeps, 250 ms on / 250 ms off (scripts/make-sounds)
RATE = 44100          # the bench sink's rate, and the daemon's


class SetupError(Exception):
    """The bench cannot run: a tool is missing or something did not start. The only reason the
    bench exits non-zero; a figure that misses its target never is."""


# Every long-running helper, so that `stop_all` can end them (newest first) on any way out.
_started: list[subprocess.Popen] = []


def spawn(cmd: list[str], env: dict[str, str], log: Path, cwd: Path) -> subprocess.Popen:
    """Start a long-running helper in its own session (a terminal's Ctrl-C reaches only us;
    we stop the helpers ourselves, in order, in `stop_all`)."""
    with open(log, "ab") as f:
        p = subprocess.Popen(cmd, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=f,
                             stderr=subprocess.STDOUT, start_new_session=True)
    _started.append(p)
    return p


def track(p: subprocess.Popen) -> subprocess.Popen:
    """Have `stop_all` end a helper started some other way."""
    _started.append(p)
    return p


def stop(p: Optional[subprocess.Popen], timeout: float = 5.0) -> None:
    if p is None or p.poll() is not None:
        return
    try:
        p.terminate()
        p.wait(timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait(5)
    except ProcessLookupError:
        pass


def stop_all() -> None:
    # Newest first: clients (noised, mpd, mpg123) before the PulseAudio server.
    for p in reversed(_started):
        stop(p)


def wait_until(what: str, cond: Callable[[], bool], timeout: float, step: float = 0.05) -> None:
    end = time.monotonic() + timeout
    while True:
        if cond():
            return
        if time.monotonic() > end:
            raise SetupError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(step)


def read_text(path) -> Optional[str]:
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def tail(path: Path, n: int = 4000) -> str:
    return (read_text(path) or "")[-n:]


@functools.cache
def helper(name: str) -> Path:
    """scripts/benchlib/NAME.c, compiled with `gcc -O2` once per bench run (the timing loops that must not
    have an interpreter in them)."""
    folder = Path(tempfile.mkdtemp(prefix="noiseclock-bench-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    exe = folder / name
    r = subprocess.run(["gcc", "-O2", "-o", str(exe), str(REPO / "scripts" / "benchlib" / f"{name}.c")],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise SetupError(f"gcc could not build {name}.c:\n{r.stderr}")
    return exe


def time_runs(cmd: list[str], env: dict[str, str], runs: int) -> list[float]:
    """Wall time in seconds of `runs` whole processes, spawn to exit (spawntime.c)."""
    return time_alternating([cmd], env, runs)[0]


def time_alternating(cmds: list[list[str]], env: dict[str, str], runs: int, block: int = 10,
                     timeout: int = 20) -> list[list[float]]:
    """Wall time in seconds of `runs` whole processes of each command, spawn to exit, in turns of `block` runs
    of each (so that load from elsewhere hits all alike). Timed by spawntime.c: Python's own wait, with a
    timeout, sleeps in 1 ms steps while a child is not yet reapable, and that sleep would be the figure."""
    args = [str(helper("spawntime")), str(runs), str(block), str(timeout)]
    for i, cmd in enumerate(cmds):
        args += (["--"] if i else []) + cmd
    r = subprocess.run(args, env=env, capture_output=True, text=True, timeout=runs * len(cmds) * timeout + 60)
    *said, last = r.stderr.strip().splitlines() or [""]
    if r.returncode == 2 and last.startswith("failed: "):   # the command's own stderr comes before
        failed = cmds[int(last.split()[1].rstrip(":"))]
        raise SetupError(f"{' '.join(failed)} failed ({last.split(': ', 2)[2]}): {' '.join(said).strip()}")
    if r.returncode != 0:
        raise SetupError(f"spawntime failed ({r.returncode}): {r.stderr.strip()}")
    return [[int(ns) / 1e9 for ns in line.split()] for line in r.stdout.splitlines()]


def pct(values: list[float], p: float) -> float:
    """Percentile by linear interpolation (p in 0..1)."""
    v = sorted(values)
    k = (len(v) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def tool_version(cmd: list[str]) -> str:
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
        return (r.stdout or r.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        return "?"
