"""Rows 1-3: the control path of noised beside mpd's.

1. a whole client process (`noisectl status` / `mpc status`), spawn to exit;
2. requests on one kept connection, timed by roundtrip.c (no interpreter in the loop);
3. start-up: exec of the daemon to its socket answering `status`, with an empty state."""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import time
from pathlib import Path
from typing import Optional

from . import pagecache
from .common import SetupError, helper, spawn, stop, tail, time_alternating, wait_until
from .meters import Meter
from .peers import Mpd
from .stack import Stack


def whole_process(stack: Stack, mpd: Mpd, runs: int) -> dict:
    """Alternating blocks of 10, so a burst of load from elsewhere hits both alike. Twice: with each client's own
    files read back from disk by its first exec (row 1: as every start after a reboot finds them), and with
    noisectl just installed (pagecache.py says why that differs)."""
    def alternate(noisectl_bin: Path) -> list[list[float]]:
        # noisectl, mpc, and what spawning alone costs
        return time_alternating([[str(noisectl_bin), "--socket", str(stack.sock), "status"],
                                 ["mpc", "-h", str(mpd.sock), "status"], ["/bin/true"]], stack.env, runs)

    installed = pagecache.installed_copy(stack.noisectl_bin, stack.root / "installed")
    just_installed, mpc_then, _ = alternate(installed)
    read_back = pagecache.installed_copy(stack.noisectl_bin, stack.root / "read-back")
    pagecache.drop([read_back, *pagecache.own_files("mpc")])
    ours, peer, true = alternate(read_back)
    # Process start-up alone, no connection: how much of the round trip is the client's own start; and the floor, a
    # client made of noisectl's libraries doing nothing else (Benchmarks/client-floor), started as cold.
    floor_bin = stack.noisectl_bin.parent / "client-floor"
    if not floor_bin.exists():
        raise SetupError(f"{floor_bin} is missing: `make release-static` builds it")
    floor = pagecache.installed_copy(floor_bin, stack.root / "client-floor")
    pagecache.drop([floor])
    n = max(5, runs // 4)
    start, start_peer, start_floor = time_alternating([[str(read_back), "--version"], ["mpc", "help"],
                                                       [str(floor), "status"]], stack.env, n)
    # And the daemons' part: the same exchange from a C client that is already running (roundtrip.c --fresh).
    r = subprocess.run([str(helper("roundtrip")), "--fresh", str(runs), "10", f"noised:{stack.sock}", f"mpd:{mpd.sock}"],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise SetupError(f"roundtrip --fresh failed ({r.returncode}): {r.stderr.strip()}")
    fresh = [{k: int(v) / 1e9 for k, v in (w.split("=") for w in line.split())} for line in r.stdout.splitlines()]
    return {"ours": ours, "peer": peer, "true": true, "start": start, "start_peer": start_peer, "start_floor": start_floor,
            "fresh": {"ours": fresh[0], "peer": fresh[1]}, "installed": {"ours": just_installed, "peer": mpc_then}}


BURST = 500   # requests on one connection before the client turns to the next server
ONE_CORE = 0  # the CPU the single-core run puts the client and every server on


def _kept(exe: Path, targets: dict[str, tuple[str, Path, int]], n: int, core: Optional[int] = None,
          blocking: bool = False) -> dict:
    """`n` timed requests on one connection to each target (name -> protocol, socket, server pid), in turns of
    BURST; and each server's CPU over the whole run, per request (the others sit idle while one is asked). With
    `core`, the client and every thread of every server run on that CPU alone for the run. With `blocking`, the client
    waits for replies in read() rather than in poll() (roundtrip.c says why that differs)."""
    pids = [pid for _, _, pid in targets.values()]
    before = {pid: os.sched_getaffinity(pid) for pid in pids}
    if core is not None:
        for pid in pids:
            _set_affinity(pid, {core})
    try:
        meters = {name: Meter(pid) for name, (_, _, pid) in targets.items()}
        specs = [f"{proto}:{sock}" for proto, sock, _ in targets.values()]
        mode = ["--blocking"] if blocking else []
        r = subprocess.run([str(exe), *mode, str(n), str(BURST), *specs], capture_output=True, text=True, timeout=1200,
                           preexec_fn=(lambda: os.sched_setaffinity(0, {core})) if core is not None else None)
        if r.returncode != 0:
            raise SetupError(f"roundtrip failed ({r.returncode}): {r.stderr.strip()}")
        out = {}
        for name, line in zip(targets, r.stdout.splitlines()):
            out[name] = {k: int(v) / 1e9 for k, v in (w.split("=") for w in line.split())}
            out[name]["cpu"] = meters[name].finish().cpu / (n + 200)   # the 200 untimed warm-up requests too
        return out
    finally:
        for pid, cpus in before.items():
            _set_affinity(pid, cpus)


def _set_affinity(pid: int, cpus: set[int]) -> None:
    """Every thread of `pid` (the affinity of a process is its threads')."""
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            os.sched_setaffinity(int(tid), cpus)
        except OSError:
            pass   # the thread just exited


def _status_reply_bytes(sock: Path) -> int:
    """The length of noised's `status` reply line as it is now, without its newline."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(10)
        s.connect(str(sock))
        s.sendall(b'{"cmd":"status"}\n')
        data = b""
        while data.count(b"\n") < 2:   # the greeting, then the reply
            chunk = s.recv(1 << 16)
            if not chunk:
                raise SetupError("noised closed the connection before replying to status")
            data += chunk
    return len(data.split(b"\n")[1])


def kept_connection(stack: Stack, mpd: Mpd, n: int) -> dict:
    """noised, mpd and `nio-floor` twice (Benchmarks/nio-floor: a bare NIO server answering every line with a fixed line
    as long as noised's status reply; once from one handler on the event loop, what NIO itself costs per request, and
    once with `--async`, shaped as noised's control socket: a NIOAsyncChannel and a task per connection, a task per
    request), one kept connection each, timed by
    roundtrip.c in alternating bursts: first with the client and the servers on one core, waiting for each reply in
    poll() as mpc and noisectl do; then the same with the client waiting in read() ("blocking"); then where the
    scheduler puts them ("spread"). On this 2-CPU virtual machine the scheduler either keeps client and server on one CPU
    (a round trip of about 13 µs) or puts them on two, when each wake-up of the idle virtual CPU costs the
    hypervisor about 15 µs (about 40 µs), and it keeps a connection in either state for thousands of requests:
    spread runs of the same servers differ by 3x from one run to the next, so the single-core run is the figure."""
    exe = helper("roundtrip")
    floor_bin = stack.noised_bin.parent / "nio-floor"
    if not floor_bin.exists():
        raise SetupError(f"{floor_bin} is missing: `make build` builds it")
    reply_bytes = str(_status_reply_bytes(stack.sock))
    floor_sock, async_sock = stack.root / "nio-floor.sock", stack.root / "nio-floor-async.sock"
    floor = spawn([str(floor_bin), str(floor_sock), reply_bytes], stack.env, stack.root / "nio-floor.log", stack.root)
    async_floor = spawn([str(floor_bin), str(async_sock), reply_bytes, "--async"], stack.env,
                        stack.root / "nio-floor-async.log", stack.root)
    try:
        wait_until("nio-floor's sockets", lambda: floor_sock.exists() and async_sock.exists(), 10, 0.01)
        targets = {"ours": ("noised", stack.sock, stack.daemon.pid), "peer": ("mpd", mpd.sock, mpd.pid),
                   "floor": ("noised", floor_sock, floor.pid), "async_floor": ("noised", async_sock, async_floor.pid)}
        one_core = _kept(exe, targets, n, ONE_CORE)
        blocking = _kept(exe, targets, n, ONE_CORE, blocking=True)
        spread = _kept(exe, targets, n)
    finally:
        stop(floor)
        stop(async_floor)
    return {"n": n, "burst": BURST, **one_core, "blocking": blocking, "spread": spread}


# ------------------------------------------------------------------ start-up

def _answers(sock: Path, proto: str) -> bool:
    """One try: connect, read the greeting, ask `status`, read the whole reply."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(30)
    try:
        s.connect(str(sock))
        f = s.makefile("rb")
        greeting = f.readline()
        if proto == "mpd":
            if not greeting.startswith(b"OK MPD "):
                return False
            s.sendall(b"status\n")
            while True:
                line = f.readline()
                if not line or line.startswith(b"ACK"):
                    return False
                if line == b"OK\n":
                    return True
        if b'"hello"' not in greeting:
            return False
        s.sendall(b'{"cmd":"status"}\n')
        while True:
            line = f.readline()
            if not line:
                return False
            if not line.startswith(b'{"event"'):
                return b'"ok":true' in line
    except OSError:
        return False
    finally:
        s.close()


def timed_start(cmd: list[str], env: dict, sock: Path, proto: str, log: Path, cwd: Path,
                poll: float = 0.001) -> tuple[subprocess.Popen, float]:
    """exec → the first complete `status` reply on `sock`, polling every `poll` s."""
    sock.unlink(missing_ok=True)
    t0 = time.perf_counter()
    p = spawn(cmd, env, log, cwd)
    while True:
        if p.poll() is not None:
            raise SetupError(f"{cmd[0]} exited with {p.returncode}:\n" + tail(log))
        if sock.exists() and _answers(sock, proto):
            return p, time.perf_counter() - t0
        if time.perf_counter() - t0 > 60:
            stop(p)
            raise SetupError(f"{cmd[0]} did not answer status within 60 s:\n" + tail(log))
        time.sleep(poll)


def startup(stack: Stack, runs: int) -> dict:
    """Both daemons from an empty state each time, one output configured (noised: --device pulse;
    mpd: one `pulse` output, an empty music folder), alternating."""
    empty = stack.root / "music-empty"
    empty.mkdir(exist_ok=True)
    mpd = Mpd(stack, "mpd-start", empty)
    sock = stack.root / "start.sock"
    ours, peer = [], []
    for _ in range(runs):
        env = stack.fresh_env("start")
        p, t = timed_start(stack.daemon_cmd(sock), env, sock, "noised", stack.root / "noised-start.log",
                           stack.root)
        stop(p)
        ours.append(t)
        mpd.reset()
        p, t = timed_start(mpd.cmd(), stack.env, mpd.sock, "mpd", mpd.log, mpd.dir)
        stop(p)
        peer.append(t)
    return {"ours": ours, "peer": peer}


def median(v: list[float]) -> float:
    return statistics.median(v)
