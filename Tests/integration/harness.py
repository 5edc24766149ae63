"""Shared helpers for the NoiseClock integration tests.

Everything runs against real processes:

* ``PulseServer``  - a private PulseAudio server (null sinks only) in a temp dir
* ``Recorder``     - ``parec`` capturing a sink's monitor, read by a thread
* ``Daemon``       - the real ``noised`` binary with a private environment
* ``noisectl()``   - runs the real ``noisectl`` binary
* ``RawClient``    - a raw Unix-socket client speaking the JSON-lines protocol
* audio analysis helpers (alignment, loop-wrap analysis, steps, silence)

Nothing here sleeps for a fixed time in place of an event: waits poll a
condition until a deadline.  Reading N frames of a recording is fine because
a PulseAudio null sink is paced in real time.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
import wave
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence

import numpy as np

RATE = 44100
# How long after a command its effect is heard: noised's device buffer (AudioLimits.deviceLatencyMicroseconds,
# 500 ms, as MPD uses) plus PulseAudio's own, with a margin. Recordings skip this much after a change.
OUTPUT_LATENCY = 0.75
CHANNELS = 2
FRAME_BYTES = 2 * CHANNELS

REPO = Path(__file__).resolve().parents[2]

# Every process started by the harness, so that a session-end hook can make
# sure none of them outlives the test run even if a fixture's teardown fails.
_ALL_PROCS: list[subprocess.Popen] = []
_ALL_PROCS_LOCK = threading.Lock()


def _register(proc: subprocess.Popen) -> subprocess.Popen:
    with _ALL_PROCS_LOCK:
        _ALL_PROCS.append(proc)
    return proc


def stop_process(proc: Optional[subprocess.Popen], timeout: float = 5.0,
                 sig: int = signal.SIGTERM) -> Optional[int]:
    """Stop one process we started: signal, wait, then SIGKILL."""
    if proc is None:
        return None
    if proc.poll() is None:
        try:
            proc.send_signal(sig)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            try:
                proc.kill()
            except ProcessLookupError:
                pass
            proc.wait(5)
    return proc.returncode


def kill_all_started() -> None:
    with _ALL_PROCS_LOCK:
        procs = list(_ALL_PROCS)
        _ALL_PROCS.clear()
    for p in procs:
        if p.poll() is None:
            try:
                p.kill()
            except ProcessLookupError:
                pass
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                pass


# --------------------------------------------------------------------------
# waiting


class Timeout(AssertionError):
    pass


class Fatal(AssertionError):
    """Raised inside a wait_until predicate to stop waiting at once."""


def rss_kib(pid: int) -> int:
    """A process's resident set (VmRSS), in KiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def ctl_json(daemon: "Daemon", *args: str):
    """`noisectl --json ARGS` on `daemon`, which must succeed: its reply's data."""
    r = daemon.ctl("--json", *args)
    assert r.returncode == 0, str(r)
    return r.json


def short_day(when) -> str:
    """`Mon 4 Jan`, as noisectl writes a day (`alarm list`'s skips and pauses)."""
    return f"{when:%a} {when.day} {when:%b}"


def context_switches(pid: int) -> dict[str, int]:
    """Every thread's context switches so far, by its name and id (test_idle.py: an idle process does not wake)."""
    counts = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        status = (task / "status").read_text().splitlines()
        switches = sum(int(line.split()[1]) for line in status
                       if line.split(":")[0] in ("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"))
        counts[f"{(task / 'comm').read_text().strip()} {task.name}"] = switches
    return counts


def quiet_window(pid: int, tries: int = 3, window: float = 3.0) -> dict[str, int]:
    """The threads switched to in a 3 s window, for the first of `tries` windows in which none was (then {}): the
    start's own last work may fall in the first window; a once-a-second monitor falls in every one."""
    for _ in range(tries):
        before = context_switches(pid)
        time.sleep(window)  # the measurement window itself, not a wait for an event
        after = context_switches(pid)
        woken = {name: after[name] - before.get(name, 0) for name in after if after[name] > before.get(name, 0)}
        if not woken:
            return woken
    return woken


def wait_until(pred: Callable[[], object], timeout: float, interval: float = 0.05,
               desc: str = "condition") -> object:
    """Poll ``pred`` until it returns a truthy value; return that value.

    Raises ``Timeout`` (an AssertionError) with the last exception / value
    seen when the deadline passes.
    """
    deadline = time.monotonic() + timeout
    last: object = None
    last_exc: Optional[BaseException] = None
    while True:
        try:
            last = pred()
            last_exc = None
            if last:
                return last
        except Fatal:
            raise
        except Exception as e:  # noqa: BLE001 - reported below
            last_exc = e
        if time.monotonic() >= deadline:
            raise Timeout(f"timed out after {timeout:.1f}s waiting for {desc}; "
                          f"last value={last!r} last error={last_exc!r}")
        time.sleep(interval)


# --------------------------------------------------------------------------
# binaries


def bin_dir() -> Path:
    env = os.environ.get("NOISECLOCK_BIN")
    return Path(env) if env else REPO / ".build" / "debug"


def binaries_ready() -> tuple[bool, str]:
    d = bin_dir()
    for name in ("noised", "noisectl"):
        if not os.access(d / name, os.X_OK):
            return False, f"{d / name} does not exist (set NOISECLOCK_BIN or build first)"
    try:
        r = subprocess.run([str(d / "noisectl"), "--help"], capture_output=True,
                           timeout=10, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, f"noisectl --help failed: {e}"
    if r.returncode != 0:
        return False, f"noisectl --help exited {r.returncode}: {r.stderr.decode(errors='replace')}"
    return True, ""


# --------------------------------------------------------------------------
# private environments


def make_env_dirs(root: Path) -> dict[str, str]:
    """Create HOME / XDG dirs under ``root`` and return the env overrides."""
    dirs = {
        "HOME": root / "home",
        "XDG_RUNTIME_DIR": root / "run",
        "XDG_DATA_HOME": root / "data",
        "XDG_CONFIG_HOME": root / "config",
        "XDG_STATE_HOME": root / "state",
        "XDG_CACHE_HOME": root / "cache",
    }
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    os.chmod(dirs["XDG_RUNTIME_DIR"], 0o700)
    # Never let libpulse try to autospawn a server of its own.
    pulse_cfg = dirs["XDG_CONFIG_HOME"] / "pulse"
    pulse_cfg.mkdir(exist_ok=True)
    (pulse_cfg / "client.conf").write_text("autospawn = no\n")
    return {k: str(v) for k, v in dirs.items()}


def base_env(overrides: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PULSE_", "XDG_", "NOISED_", "DBUS_"))}
    # No test reaches the machine's own buses: the session bus would be $XDG_RUNTIME_DIR/bus (private, absent), and
    # the system bus is pointed at a socket that does not exist. A test that wants buses passes its own (test_desktop).
    if "XDG_RUNTIME_DIR" in overrides:
        env["DBUS_SYSTEM_BUS_ADDRESS"] = f"unix:path={overrides['XDG_RUNTIME_DIR']}/no-system-bus"
    env.update(overrides)
    env.setdefault("LC_ALL", "C.UTF-8")
    return env


# --------------------------------------------------------------------------
# PulseAudio


def _short_tmp(prefix: str) -> Path:
    """Unix socket paths are limited to 108 bytes: keep them short."""
    import tempfile
    return Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))


class PulseServer:
    """A private PulseAudio server with only the native protocol and null sinks.

    Null sinks are loaded with ``norewinds=1``: with rewinds, a new stream's
    first few ms are rendered into the sink again after the monitor already
    got silence for that time, so the recording loses the onset, and a fresh
    idle sink delivers its first monitor data only after ~2 s (its idle
    block size).  Without rewinds, the onset is complete and data flows at once.

    Works as root: ``-n`` (no default.pa), ``--system=no``, a HOME and
    XDG_RUNTIME_DIR in a temp dir, ``--use-pid-file=no``; pulseaudio only
    prints a warning about running as root.
    """

    def __init__(self, root: Optional[Path] = None, default_sink: str = "nc_default"):
        self.root = Path(root) if root else _short_tmp("ncpa-")
        self.root.mkdir(parents=True, exist_ok=True)
        self.env_dirs = make_env_dirs(self.root / "env")
        self.sockdir = self.root / "s"
        self.sockdir.mkdir(exist_ok=True)
        self.socket = self.sockdir / "native"
        self.server = f"unix:{self.socket}"
        self.default_sink = default_sink
        self.config = self.root / "server.pa"
        self.config.write_text(
            f"load-module module-native-protocol-unix socket={self.socket} auth-anonymous=1\n"
            f"load-module module-null-sink sink_name={default_sink} "
            f"format=s16le rate={RATE} channels={CHANNELS} norewinds=1\n"
            f"set-default-sink {default_sink}\n")
        self.log_path = self.root / "pulseaudio.log"
        self.proc: Optional[subprocess.Popen] = None
        self.starts = 0

    @property
    def client_env(self) -> dict[str, str]:
        return {"PULSE_SERVER": self.server}

    def env(self) -> dict[str, str]:
        e = base_env(self.env_dirs)
        e.update(self.client_env)
        return e

    def command(self) -> list[str]:
        return ["pulseaudio", "-n", "-F", str(self.config), "--daemonize=no",
                "--system=no", "--exit-idle-time=-1", "--disallow-exit",
                "--disallow-module-loading=no", "--use-pid-file=no",
                "--log-target=stderr", "--log-level=info"]

    def start(self, timeout: float = 15.0) -> "PulseServer":
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.starts += 1
        log = open(self.log_path, "ab")
        log.write(f"\n==== start #{self.starts}: {' '.join(self.command())}\n".encode())
        log.flush()
        self.proc = _register(subprocess.Popen(
            self.command(), env=self.env(), stdin=subprocess.DEVNULL, stdout=log,
            stderr=subprocess.STDOUT, cwd=self.root))
        log.close()

        def ready() -> bool:
            if self.proc.poll() is not None:
                raise Fatal(f"pulseaudio exited with {self.proc.returncode}:\n{self.log()}")
            return self.pactl("info", check=False, timeout=3).returncode == 0

        wait_until(ready, timeout, 0.05, "pulseaudio to answer pactl info")
        return self

    def pactl(self, *args: str, check: bool = True, timeout: float = 10) -> subprocess.CompletedProcess:
        r = subprocess.run(["pactl", *args], env=self.env(), capture_output=True,
                           text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        if check and r.returncode != 0:
            raise RuntimeError(f"pactl {' '.join(args)} failed: {r.stderr}")
        return r

    def load_null_sink(self, name: str) -> int:
        r = self.pactl("load-module", "module-null-sink", f"sink_name={name}",
                       "format=s16le", f"rate={RATE}", f"channels={CHANNELS}", "norewinds=1")
        return int(r.stdout.strip())

    def unload_module(self, index: int) -> None:
        if self.running:
            self.pactl("unload-module", str(index), check=False)

    def sink_inputs(self) -> list[str]:
        r = self.pactl("list", "short", "sink-inputs", check=False)
        return [l for l in r.stdout.splitlines() if l.strip()]

    def sink_inputs_on(self, sink: str) -> list[str]:
        """Playback streams connected to the named sink."""
        sinks = {}
        for line in self.pactl("list", "short", "sinks").stdout.splitlines():
            parts = line.split("\t")
            if len(parts) >= 2:
                sinks[parts[1]] = parts[0]
        idx = sinks.get(sink)
        return [l for l in self.sink_inputs() if l.split("\t")[1:2] == [idx]]

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """Kill -9, like a crash: leaves a stale socket file behind."""
        if self.running:
            self.proc.kill()
            self.proc.wait(5)

    def stop(self) -> None:
        stop_process(self.proc)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-6000:]
        except OSError:
            return ""


# --------------------------------------------------------------------------
# recording


class Recorder:
    """Records a PulseAudio source (a null sink's monitor) with parec.

    parec runs with a 20 ms latency so data arrives continuously (the
    default fragment size is ~2 s).  A thread appends everything to a
    buffer; frame positions in that buffer are the recording's timeline.
    """

    def __init__(self, pulse: PulseServer, source: str, latency_ms: int = 20):
        self.pulse = pulse
        self.source = source
        self._buf = bytearray()
        self._cond = threading.Condition()
        self._eof = False
        self.stderr_path = pulse.root / f"parec-{source}-{time.monotonic_ns()}.log"
        err = open(self.stderr_path, "wb")
        self.proc = _register(subprocess.Popen(
            ["parec", "-d", source, "--format=s16le", f"--rate={RATE}",
             f"--channels={CHANNELS}", "--raw", f"--latency-msec={latency_ms}"],
            env=pulse.env(), stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL))
        err.close()
        self._thread = threading.Thread(target=self._reader, daemon=True)
        self._thread.start()
        # Data flowing = the stream is connected.
        self.wait_frames(1, timeout=10)

    def _reader(self) -> None:
        fd = self.proc.stdout.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            with self._cond:
                if not chunk:
                    self._eof = True
                    self._cond.notify_all()
                    return
                self._buf += chunk
                self._cond.notify_all()

    @property
    def frames(self) -> int:
        with self._cond:
            return len(self._buf) // FRAME_BYTES

    @property
    def alive(self) -> bool:
        return not self._eof

    def wait_frames(self, n: int, timeout: Optional[float] = None) -> None:
        if timeout is None:
            timeout = 5.0 + 2.0 * n / RATE
        deadline = time.monotonic() + timeout
        with self._cond:
            while len(self._buf) // FRAME_BYTES < n:
                if self._eof:
                    raise AssertionError(
                        f"parec ended after {len(self._buf) // FRAME_BYTES} frames "
                        f"(waiting for {n}): {self.stderr()}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Timeout(f"recording reached only {len(self._buf) // FRAME_BYTES} "
                                  f"of {n} frames in {timeout:.1f}s")
                self._cond.wait(left)

    def get(self, start: int, end: int) -> np.ndarray:
        """Frames [start, end) as an int16 array of shape (n, 2)."""
        with self._cond:
            data = bytes(self._buf[start * FRAME_BYTES:end * FRAME_BYTES])
        return np.frombuffer(data, dtype="<i2").reshape(-1, CHANNELS).copy()

    def record(self, seconds: float) -> np.ndarray:
        """The next ``seconds`` of audio from now."""
        start = self.frames
        n = int(round(seconds * RATE))
        self.wait_frames(start + n)
        return self.get(start, start + n)

    def since(self, mark: int, seconds: Optional[float] = None) -> np.ndarray:
        end = self.frames if seconds is None else mark + int(round(seconds * RATE))
        self.wait_frames(end)
        return self.get(mark, end)

    def wait_for_sound(self, timeout: float = 10.0, threshold: float = 0.01,
                       block: int = 2205, start: Optional[int] = None) -> int:
        """Wait until a block of audio (50 ms) has RMS above ``threshold``
        (full scale = 1.0); return the frame where the sound starts (after
        the last digitally silent frame before it)."""
        pos = self.frames if start is None else start
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Timeout(f"no sound (rms>{threshold}) within {timeout}s")
            try:
                self.wait_frames(pos + block, timeout=left)
            except Timeout:
                raise Timeout(f"no sound (rms>{threshold}) within {timeout}s")
            if rms(self.get(pos, pos + block)) > threshold:
                return self._refine_onset(pos, block, threshold)
            pos += block

    def wait_for_level(self, level: float, timeout: float = 10.0, block: int = 4410,
                       start: Optional[int] = None, falling: bool = False) -> int:
        """Wait until a block of audio (100 ms) has RMS at or above ``level``
        (full scale = 1.0), as after a fade-in, or at or below it with
        ``falling``, as after a fade-out; return the block's start frame."""
        pos = self.frames if start is None else start
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.wait_frames(pos + block, timeout=max(0.0, deadline - time.monotonic()))
            except Timeout:
                raise Timeout(f"the sound did not {'fall' if falling else 'rise'} to rms {level:.4f} within {timeout}s")
            level_now = rms(self.get(pos, pos + block))
            if (level_now <= level) if falling else (level_now >= level):
                return pos
            pos += block // 2

    def _refine_onset(self, pos: int, block: int, threshold: float) -> int:
        """First frame of the sound: just after the last digitally silent
        frame before the first sample above ``threshold``."""
        lo = max(0, pos - block)
        w = self.get(lo, pos + block).astype(np.int32)
        loud = np.nonzero(np.max(np.abs(w), axis=1) > threshold * 32768)[0]
        if not len(loud):
            return pos
        zero = np.nonzero(np.all(w[:loud[0]] == 0, axis=1))[0]
        return lo + (int(zero[-1]) + 1 if len(zero) else 0)

    def wait_for_silence(self, timeout: float = 10.0, block: int = 4410,
                         start: Optional[int] = None, threshold: float = 0.0) -> int:
        """Wait until a whole block (100 ms) is silent (max abs <= threshold
        in full-scale units; 0 = digital silence); return its start frame."""
        pos = self.frames if start is None else start
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Timeout(f"no silence within {timeout}s")
            try:
                self.wait_frames(pos + block, timeout=left)
            except Timeout:
                raise Timeout(f"no silence within {timeout}s")
            if peak(self.get(pos, pos + block)) <= threshold:
                return pos
            pos += block // 2

    def stderr(self) -> str:
        try:
            return self.stderr_path.read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        stop_process(self.proc, timeout=3)


# --------------------------------------------------------------------------
# noised / noisectl


@dataclass
class CtlResult:
    args: list[str]
    returncode: int
    stdout: str
    stderr: str
    elapsed: float

    @property
    def json(self):
        return json.loads(self.stdout)

    def __str__(self) -> str:
        return (f"noisectl {' '.join(self.args)} -> exit {self.returncode} in {self.elapsed:.2f}s\n"
                f"  stdout: {self.stdout.strip()[:2000]}\n  stderr: {self.stderr.strip()[:2000]}")


class Daemon:
    """One real ``noised`` process with its own HOME / XDG dirs."""

    def __init__(self, root: Path, *, device: Optional[str] = "pulse",
                 data_dir: Optional[Path] = None, socket_path: Optional[Path] = None,
                 use_socket_arg: bool = True, pulse: Optional[PulseServer] = None,
                 sink: Optional[str] = None, extra_args: Sequence[str] = (),
                 extra_env: Optional[dict[str, str]] = None):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.env_dirs = make_env_dirs(self.root)
        self.use_socket_arg = use_socket_arg
        if socket_path is None:
            socket_path = (self.root / "sock" / "noised.sock") if use_socket_arg else \
                Path(self.env_dirs["XDG_RUNTIME_DIR"]) / "noised" / "socket"
        self.socket = Path(socket_path)
        if use_socket_arg:
            self.socket.parent.mkdir(parents=True, exist_ok=True)
        self.device = device
        self.data_dir = data_dir
        self.pulse = pulse
        self.sink = sink
        self.extra_args = list(extra_args)
        self.extra_env = dict(extra_env or {})
        self.log_path = self.root / "noised.log"
        self.proc: Optional[subprocess.Popen] = None
        self.hello: Optional[dict] = None

    def env(self) -> dict[str, str]:
        e = base_env(self.env_dirs)
        if self.pulse is not None:
            e.update(self.pulse.client_env)
        if self.sink:
            e["PULSE_SINK"] = self.sink
        e.update(self.extra_env)
        return e

    def command(self) -> list[str]:
        cmd = [str(bin_dir() / "noised")]
        if self.use_socket_arg:
            cmd += ["--socket", str(self.socket)]
        if self.device is not None:
            cmd += ["--device", self.device]
        if self.data_dir is not None:
            cmd += ["--data-dir", str(self.data_dir)]
        return cmd + self.extra_args

    def start(self, wait: bool = True, timeout: float = 15.0) -> "Daemon":
        log = open(self.log_path, "ab")
        self.proc = _register(subprocess.Popen(
            self.command(), env=self.env(), stdin=subprocess.DEVNULL,
            stdout=log, stderr=subprocess.STDOUT, cwd=self.root))
        log.close()
        if wait:
            self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout: float = 15.0) -> dict:
        def ready():
            if self.proc.poll() is not None:
                raise DaemonExited(f"noised exited with {self.proc.returncode} before "
                                   f"listening:\n{self.log()}")
            if not self.socket.exists():
                return None
            with RawClient(self.socket, timeout=2) as c:
                return c.hello

        try:
            self.hello = wait_until(ready, timeout, 0.05, f"noised to answer on {self.socket}")
        except Timeout as e:
            raise Timeout(f"{e}\n--- noised log ---\n{self.log()}") from None
        except DaemonExited:
            raise
        return self.hello

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 5.0) -> Optional[int]:
        return stop_process(self.proc, timeout)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def ctl(self, *args: str, **kw) -> CtlResult:
        kw.setdefault("env", self.env())
        kw.setdefault("socket", self.socket)
        return noisectl(*args, **kw)

    def status(self) -> dict:
        r = self.ctl("--json", "status")
        assert r.returncode == 0, str(r)
        return r.json

    def request(self, cmd: str, args: Optional[dict] = None, timeout: float = 5.0) -> dict:
        with RawClient(self.socket, timeout=timeout) as c:
            return c.request(cmd, args)

    def wait_status(self, pred: Callable[[dict], bool], timeout: float, desc: str) -> dict:
        last: dict = {}

        def check():
            nonlocal last
            last = self.status()
            return last if pred(last) else None

        try:
            return wait_until(check, timeout, 0.1, desc)
        except Timeout:
            raise Timeout(f"timed out after {timeout}s waiting for {desc}; last status: "
                          f"{json.dumps(last)}\n--- noised log (tail) ---\n{self.log()[-3000:]}") from None


class DaemonExited(Fatal):
    pass


def write_config(daemon: "Daemon", text: str) -> Path:
    """Writes the daemon's config.toml (read by noised at its start, and by noisehome)."""
    config = daemon.root / "config" / "noised" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(text)
    return config


class Home:
    """One real noisehome (the one program by that name) for `daemon`, its log in a file; started once noised is
    up, it waits until it logs `ready` (default: its connection to noised)."""

    def __init__(self, daemon: "Daemon", ready: str = "connected to noised"):
        self.daemon = daemon
        self.log_path = daemon.root / "noisehome.log"
        # The log is appended to by each noisehome of this daemon: this one's lines are those after this offset.
        self.offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        self.proc = _register(subprocess.Popen(
            [str(bin_dir() / "noisehome"), "--socket", str(daemon.socket)], env=daemon.env(),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(self.log_path, "ab")))
        if ready:
            wait_until(lambda: ready in self.log(), 15, 0.05, f"noisehome to log {ready!r}")

    def log(self) -> str:
        if not self.log_path.exists():
            return ""
        with open(self.log_path, "rb") as f:
            f.seek(self.offset)
            return f.read().decode(errors="replace")

    def stop(self):
        stop_process(self.proc, 10)


def noisectl(*args: str, socket: Optional[Path] = None, env: Optional[dict] = None,
             timeout: float = 20.0, input: Optional[str] = None) -> CtlResult:
    """Run the real noisectl.  ``socket`` is passed as ``--socket`` first."""
    argv = [str(bin_dir() / "noisectl")]
    shown: list[str] = []
    if socket is not None:
        argv += ["--socket", str(socket)]
    shown += list(args)
    argv += list(args)
    t0 = time.monotonic()
    r = subprocess.run(argv, env=env if env is not None else base_env({}), capture_output=True,
                       text=True, timeout=timeout,
                       input=input, stdin=None if input is not None else subprocess.DEVNULL)
    return CtlResult(shown, r.returncode, r.stdout, r.stderr, time.monotonic() - t0)


class RawClient:
    """A raw protocol client on the daemon's Unix socket."""

    def __init__(self, path: Path | str, timeout: float = 5.0, read_hello: bool = True):
        self.path = str(path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.timeout = timeout
        self.sock.connect(self.path)
        self.buf = b""
        self.events: list[dict] = []
        self._next_id = 1
        self.hello = self.recv() if read_hello else None

    def __enter__(self) -> "RawClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, obj) -> None:
        self.send_raw(json.dumps(obj).encode() + b"\n")

    def recv_line(self, timeout: Optional[float] = None) -> Optional[bytes]:
        """One line without the newline, or None at EOF."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise socket.timeout(f"no complete line within timeout; have {self.buf[:200]!r}")
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                if self.buf:
                    line, self.buf = self.buf, b""
                    return line
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line

    def recv(self, timeout: Optional[float] = None) -> dict:
        line = self.recv_line(timeout)
        if line is None:
            raise EOFError("connection closed by daemon")
        return json.loads(line)

    def recv_reply(self, id_value=..., timeout: Optional[float] = None) -> dict:
        """Next reply (skipping events, which are kept in ``self.events``)."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if "event" in msg and "id" not in msg:
                self.events.append(msg)
                continue
            if id_value is not ... and msg.get("id") != id_value:
                raise AssertionError(f"reply id {msg.get('id')!r} != {id_value!r}: {msg}")
            return msg

    def request(self, cmd: str, args: Optional[dict] = None, id_value=None,
                timeout: Optional[float] = None) -> dict:
        if id_value is None:
            id_value = self._next_id
            self._next_id += 1
        self.send({"id": id_value, "cmd": cmd, "args": {} if args is None else args})
        return self.recv_reply(id_value, timeout)

    def next_event(self, pred: Callable[[dict], bool] = lambda e: True,
                   timeout: Optional[float] = None) -> dict:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        for i, e in enumerate(self.events):
            if pred(e):
                return self.events.pop(i)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Timeout(f"no matching event within timeout; seen: {self.events[-10:]}")
            msg = self.recv(left)
            if "event" in msg and pred(msg):
                return msg
            self.events.append(msg)

    def is_closed(self, timeout: float = 3.0) -> bool:
        """True if the peer closes the connection (EOF/reset) within timeout.

        Consumes any pending data."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return False
            except (ConnectionResetError, BrokenPipeError):
                return True
            if not chunk:
                return True
            self.buf += chunk


# --------------------------------------------------------------------------
# test sounds


def periodic_noise(n_frames: int, lo_hz: float, hi_hz: float, rms_level: float,
                   seed: int) -> np.ndarray:
    """Band-limited stereo noise that is exactly periodic in ``n_frames``
    (so looping it is seamless).  Returns float (n, 2), full scale 1.0."""
    rng = np.random.default_rng(seed)
    freqs = np.fft.rfftfreq(n_frames, 1.0 / RATE)
    band = (freqs >= lo_hz) & (freqs <= hi_hz)
    out = np.empty((n_frames, CHANNELS))
    for ch in range(CHANNELS):
        spec = np.zeros(len(freqs), complex)
        k = int(band.sum())
        spec[band] = rng.normal(size=k) + 1j * rng.normal(size=k)
        x = np.fft.irfft(spec, n_frames)
        out[:, ch] = x * (rms_level / np.sqrt(np.mean(x * x)))
    return out


def write_wav(path: Path, x: np.ndarray) -> None:
    """float (n, 2) full-scale 1.0 -> 16-bit WAV."""
    s = np.clip(np.round(x * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(s.shape[1])
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(s.tobytes())


def encode_mp3(wav: Path, mp3: Path, bitrate: int = 192) -> None:
    subprocess.run(["lame", "--quiet", "-b", str(bitrate), str(wav), str(mp3)],
                   check=True, stdin=subprocess.DEVNULL)


def decode_mp3(mp3: Path) -> np.ndarray:
    """Decode with mpg123 (gapless, sample exact) to int16 (n, 2)."""
    r = subprocess.run(["mpg123", "-q", "-s", "-e", "s16", "-r", str(RATE), "--stereo", str(mp3)],
                       capture_output=True, check=True, stdin=subprocess.DEVNULL)
    return np.frombuffer(r.stdout, dtype="<i2").reshape(-1, CHANNELS).copy()


def write_catalog(data_dir: Path, entries: list[dict]) -> Path:
    (data_dir / "sounds").mkdir(parents=True, exist_ok=True)
    p = data_dir / "sounds.json"
    p.write_text(json.dumps({"version": 1, "sounds": entries}, indent=1))
    return p


def copy_library(into: Path, testdata, extra_entries: list[dict]) -> Path:
    """A copy of the test library in `into`/lib with extra catalog entries (their files written by the caller)."""
    data = into / "lib"
    shutil.copytree(testdata.dir, data)
    entries = [{"id": s.id, "name": s.name, "category": s.category, "file": s.mp3.name, "kind": s.kind}
               for s in testdata.sounds]
    write_catalog(data, entries + extra_entries)
    return data


def dominant_hz(seg: np.ndarray) -> float:
    """The strongest frequency in a recorded stretch (the tone made in code beeps at 880 Hz)."""
    mono = to_float(seg).mean(axis=1)
    spectrum = np.abs(np.fft.rfft(mono * np.hanning(len(mono))))
    return float(np.fft.rfftfreq(len(mono), 1 / RATE)[np.argmax(spectrum)])


@dataclass
class TestSound:
    __test__ = False
    id: str
    name: str
    category: str
    kind: str
    mp3: Path
    decoded: np.ndarray  # int16 (n, 2), what the daemon should output at volume 100

    @property
    def frames(self) -> int:
        return len(self.decoded)


def make_loop_sound(data_dir: Path, sid: str, seconds: float, seed: int, *,
                    lo: float = 80.0, hi: float = 1500.0, level: float = 0.12,
                    category: str = "test", kind: str = "loop",
                    name: Optional[str] = None) -> TestSound:
    sounds = data_dir / "sounds"
    sounds.mkdir(parents=True, exist_ok=True)
    n = int(round(seconds * RATE))
    x = periodic_noise(n, lo, hi, level, seed)
    wav = data_dir / f"{sid}.src.wav"
    write_wav(wav, x)
    mp3 = sounds / f"{sid}.mp3"
    encode_mp3(wav, mp3)
    wav.unlink()
    return TestSound(sid, name or f"Test {sid}", category, kind, mp3, decode_mp3(mp3))


# --------------------------------------------------------------------------
# analysis


def to_float(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.float64) / 32768.0


def rms(x: np.ndarray) -> float:
    f = to_float(x)
    return float(np.sqrt(np.mean(f * f))) if f.size else 0.0


def peak(x: np.ndarray) -> float:
    return float(np.max(np.abs(to_float(x)))) if np.size(x) else 0.0


def max_step(x: np.ndarray) -> float:
    """Largest sample-to-sample difference over all channels (full scale 1.0)."""
    f = to_float(x)
    if len(f) < 2:
        return 0.0
    return float(np.max(np.abs(np.diff(f, axis=0))))


def big_steps(x: np.ndarray, limit: float, max_items: int = 5) -> list[tuple[int, float]]:
    """Frames (index of the later sample) where a step exceeds ``limit``."""
    f = to_float(x)
    if len(f) < 2:
        return []
    d = np.max(np.abs(np.diff(f, axis=0)), axis=1)
    idx = np.nonzero(d > limit)[0]
    return [(int(i) + 1, round(float(d[i]), 4)) for i in idx[:max_items]]


def longest_silent_run(x: np.ndarray, threshold: int = 0) -> int:
    """Longest run of frames whose samples are all within +-threshold."""
    quiet = np.all(np.abs(np.asarray(x, dtype=np.int32)) <= threshold, axis=1)
    if not quiet.any():
        return 0
    padded = np.concatenate([[0], quiet.astype(np.int8), [0]])
    d = np.diff(padded)
    starts = np.nonzero(d == 1)[0]
    ends = np.nonzero(d == -1)[0]
    return int(np.max(ends - starts))


def circular_locate(loop: np.ndarray, chunk: np.ndarray) -> tuple[int, float]:
    """Where does ``chunk`` (int16 (m, 2)) start inside the circular ``loop``?

    Returns (position, normalized correlation peak 0..1)."""
    L = len(loop)
    m = len(chunk)
    assert m <= L
    a = to_float(loop)
    b = to_float(chunk)
    score = np.zeros(L)
    for ch in range(a.shape[1]):
        A = np.fft.rfft(a[:, ch])
        B = np.fft.rfft(b[:, ch], L)
        score += np.fft.irfft(A * np.conj(B), L)
    pos = int(np.argmax(score))
    idx = (pos + np.arange(m)) % L
    seg = a[idx]
    denom = np.sqrt(np.sum(seg * seg) * np.sum(b * b))
    return pos, float(np.sum(seg * b) / denom) if denom > 0 else 0.0


def linear_locate(haystack: np.ndarray, needle: np.ndarray) -> tuple[int, float]:
    """Offset of ``needle`` inside ``haystack`` (non-circular) by cross-correlation."""
    a = to_float(haystack)
    b = to_float(needle)
    n = len(a) + len(b)
    N = 1 << int(np.ceil(np.log2(n)))
    score = np.zeros(N)
    for ch in range(a.shape[1]):
        score += np.fft.irfft(np.fft.rfft(a[:, ch], N) * np.conj(np.fft.rfft(b[:, ch], N)), N)
    valid = len(a) - len(b) + 1
    pos = int(np.argmax(score[:valid]))
    seg = a[pos:pos + len(b)]
    denom = np.sqrt(np.sum(seg * seg) * np.sum(b * b))
    return pos, float(np.sum(seg * b) / denom) if denom > 0 else 0.0


def tile_loop(loop: np.ndarray, start_pos: int, n: int) -> np.ndarray:
    idx = (start_pos + np.arange(n)) % len(loop)
    return loop[idx]


@dataclass
class WrapReport:
    wrap_frame: int          # frame in the recording where the loop should wrap
    slip: int                # frames inserted (+) or lost (-) at this wrap
    corr_before: float
    corr_after: float


@dataclass
class LoopReport:
    start_pos: int                       # loop position of recording frame 0
    corr: float
    wraps: list[WrapReport] = field(default_factory=list)
    mismatched_frames: int = 0           # vs the decoded loop tiled
    max_abs_diff: int = 0
    first_mismatch: Optional[int] = None

    @property
    def slips(self) -> list[int]:
        return [w.slip for w in self.wraps]


def analyze_loop(rec: np.ndarray, loop: np.ndarray, probe: int = 2048,
                 guard: int = 64) -> LoopReport:
    """Compare a steady-state recording of a looping sound to the decoded loop.

    * aligns recording frame 0 to a loop position (circular correlation)
    * for every wrap point in the recording, locates a chunk just before and
      just after it independently, and reports how many frames were
      inserted (+) or lost (-) there
    * counts frames differing from the loop tiled from the initial alignment
    """
    L = len(loop)
    pos0, corr0 = circular_locate(loop, rec[:probe])
    rep = LoopReport(start_pos=pos0, corr=corr0)
    ref = tile_loop(loop, pos0, len(rec))
    diff = np.abs(rec.astype(np.int32) - ref.astype(np.int32))
    bad = np.any(diff > 0, axis=1)
    rep.mismatched_frames = int(bad.sum())
    rep.max_abs_diff = int(diff.max()) if diff.size else 0
    rep.first_mismatch = int(np.argmax(bad)) if bad.any() else None

    # Wrap points: recording frames t where (pos0 + t) % L == 0.
    t = (L - pos0) % L
    if t == 0:
        t = L
    while t + probe + guard <= len(rec):
        if t - probe - guard < 0:
            t += L
            continue
        tb0 = t - guard - probe
        ta0 = t + guard
        pb, cb = circular_locate(loop, rec[tb0:tb0 + probe])
        pa, ca = circular_locate(loop, rec[ta0:ta0 + probe])
        expected = (pb + (ta0 - tb0)) % L
        slip = (expected - pa) % L
        if slip > L // 2:
            slip -= L
        rep.wraps.append(WrapReport(t, int(slip), cb, ca))
        t += L
    return rep


def fit_gain(rec: np.ndarray, ref: np.ndarray) -> float:
    """Least-squares gain g with rec ~= g * ref."""
    a = to_float(rec).ravel()
    b = to_float(ref).ravel()
    return float(np.dot(a, b) / np.dot(b, b))


def block_rms(x: np.ndarray, block: int) -> np.ndarray:
    n = len(x) // block
    f = to_float(x[:n * block]).reshape(n, block, -1)
    return np.sqrt(np.mean(f * f, axis=(1, 2)))


def autocorrelation(x: np.ndarray, lag: int) -> float:
    """The normalised autocorrelation of a recording (int16 (n, 2), both channels) at ``lag`` frames: 1.0 when
    every frame is repeated ``lag`` frames later, near 0 when nothing is. At a loop's length it says how much of
    what is heard comes round again with the loop (docs/sounds.md, "Soundscapes")."""
    f = to_float(x)
    a, b = f[:-lag], f[lag:]
    return float(np.sum(a * b) / np.sqrt(np.sum(a * a) * np.sum(b * b)))
