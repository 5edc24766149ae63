"""Row 8: scale. A fresh daemon with its own state dir gets --scale alarms over one connection, then
noisectl's alarm commands are timed (whole processes, and the daemon's share on a raw connection),
with RSS before and after and the restart time with the alarms in the store."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable

from .common import SetupError, pct, stop, time_runs
from .control import timed_start
from .meters import status_kib
from .stack import LineClient, Stack
from .table import mib, row


def quiet_minutes() -> list[int]:
    """Minutes of the day (local) at which an alarm cannot ring while the bench runs: none from 10 min
    ago to 2 h ahead."""
    now = time.localtime()
    m0 = now.tm_hour * 60 + now.tm_min
    return [m for m in range(1440) if 120 < (m - m0) % 1440 < 1430]


def insert_alarms(sock: Path, n: int) -> float:
    """`n` alarm_add requests pipelined on one connection (a thread writes, we read the replies)."""
    minutes = quiet_minutes()
    rules = ["weekdays", "daily", "mon,wed,fri", "weekends", "weekdays"]
    lines = []
    for i in range(n):
        m = minutes[(i * 37) % len(minutes)]
        lines.append(json.dumps({"id": i + 1, "cmd": "alarm_add",
                                 "args": {"time": f"{m // 60:02d}:{m % 60:02d}",
                                          "repeat": rules[i % len(rules)],
                                          "label": f"bench {i + 1}"}}, separators=(",", ":")))
    c = LineClient(sock, timeout=120)
    failures = []
    try:
        t0 = time.perf_counter()
        writer = threading.Thread(target=lambda: c.sock.sendall(("\n".join(lines) + "\n").encode()),
                                  daemon=True)
        writer.start()
        for _ in range(n):
            reply = c.line()
            if not reply.get("ok") and len(failures) < 3:
                failures.append(reply)
        elapsed = time.perf_counter() - t0
        writer.join(10)
    finally:
        c.close()
    if failures:
        raise SetupError(f"alarm_add refused: {failures}")
    return elapsed


def start_timed(stack: Stack, env: dict, sock: Path):
    """exec → the first `status` reply on the socket (control.timed_start, polled every 2 ms)."""
    return timed_start(stack.daemon_cmd(sock), env, sock, "noised", stack.root / "noised-scale.log",
                       stack.root, poll=0.002)


def measure_scale(stack: Stack, a: argparse.Namespace, say: Callable[[str], None]) -> dict:
    env = dict(stack.env)
    state = stack.root / "state-scale"
    state.mkdir(mode=0o700)
    env["XDG_STATE_HOME"] = str(state)
    sock = stack.root / "scale.sock"
    ctl = lambda *args: [str(stack.noisectl_bin), "--socket", str(sock), *args]
    out: dict = {"n": a.scale}

    empty = []
    p, t = start_timed(stack, env, sock)
    for _ in range(a.restarts):
        time.sleep(0.3)
        stop(p)
        p, t = start_timed(stack, env, sock)
        empty.append(t)
    time.sleep(1.0)
    out["rss_empty"] = status_kib(p.pid, "VmRSS")
    out["anon_empty"] = status_kib(p.pid, "RssAnon")
    out["restart_empty"] = statistics.median(empty)

    say(f"inserting {a.scale} alarms over one connection")
    out["insert"] = insert_alarms(sock, a.scale)
    time.sleep(1.0)
    out["rss"] = status_kib(p.pid, "VmRSS")
    out["anon"] = status_kib(p.pid, "RssAnon")
    r = subprocess.run(ctl("alarm", "list"), env=env, capture_output=True, text=True, timeout=60)
    out["list_lines"] = len(r.stdout.splitlines())
    r = subprocess.run(ctl("--json", "alarm", "list"), env=env, capture_output=True, timeout=60)
    out["list_bytes"] = len(r.stdout)
    out["count"] = len(json.loads(r.stdout)["alarms"])

    say(f"{a.scale_runs} runs each of alarm add / next, {a.list_runs} of list / --json list")
    minutes = quiet_minutes()
    adds = []
    for i in range(a.scale_runs):
        m = minutes[(i * 53 + 11) % len(minutes)]
        adds += time_runs(ctl("alarm", "add", f"{m // 60:02d}:{m % 60:02d}", "--repeat", "weekdays",
                              "--label", f"bench add {i + 1}"), env, 1)
    out["add"] = adds
    out["next"] = time_runs(ctl("alarm", "next"), env, a.scale_runs)
    out["list"] = time_runs(ctl("alarm", "list"), env, a.list_runs)
    out["list_json"] = time_runs(ctl("--json", "alarm", "list"), env, a.list_runs)
    # The daemon's share: the same request over a raw connection, reply read but not decoded.
    c = LineClient(sock, timeout=60)
    try:
        raw = []
        for i in range(a.list_runs):
            # Every page (at most 1,000 alarms each), as noisectl reads them.
            t0 = time.perf_counter()
            offset = 0
            while True:
                c.send({"id": i + 1, "cmd": "alarm_list", "args": {"offset": offset, "limit": 1000}})
                reply = c.line()
                if not reply.get("ok"):
                    raise SetupError(f"alarm_list failed: {reply}")
                offset += len(reply["data"]["alarms"])
                if len(reply["data"]["alarms"]) < 1000:
                    break
            raw.append(time.perf_counter() - t0)
    finally:
        c.close()
    out["list_raw"] = raw
    out["hwm"] = status_kib(p.pid, "VmHWM")
    out["rss_after"] = status_kib(p.pid, "VmRSS")
    out["anon_after"] = status_kib(p.pid, "RssAnon")

    say(f"{a.restarts} restarts with {a.scale} alarms in the store")
    full = []
    for _ in range(a.restarts):
        stop(p)
        p, t = start_timed(stack, env, sock)
        full.append(t)
        time.sleep(0.3)
    out["restart"] = statistics.median(full)
    out["restart_max"] = max(full)
    out["rss_restarted"] = status_kib(p.pid, "VmRSS")
    out["anon_restarted"] = status_kib(p.pid, "RssAnon")
    stop(p)
    return out


def scale_rows(sc: dict, a: argparse.Namespace) -> list[list[str]]:
    """Rows 8a-8j: no peer keeps alarms, so these have no peer column and no target."""
    n = f"{sc['n']:,}"
    ms = lambda v: f"{statistics.median(v) * 1e3:.1f} / {pct(v, 0.99) * 1e3:.1f} ms"
    k = a.scale_runs
    rows = [
        (f"{n} alarms: insert, `alarm_add` pipelined on one connection",
         f"{sc['insert']:.2f} s ({sc['insert'] / sc['n'] * 1e3:.2f} ms each)"),
        (f"`noisectl alarm add` with {n} alarms, median / p99 of {k}", ms(sc["add"])),
        (f"`noisectl alarm next` with {n} alarms, median / p99 of {k}", ms(sc["next"])),
        (f"`noisectl alarm list` ({sc['list_lines']:,} lines), median / p99 of {a.list_runs}", ms(sc["list"])),
        (f"`noisectl --json alarm list` ({sc['list_bytes'] / 1e6:.1f} MB), median / p99 of {a.list_runs}",
         ms(sc["list_json"])),
        (f"… of which the daemon: `alarm_list` on a raw connection, median / p99 of {a.list_runs}",
         ms(sc["list_raw"])),
        (f"RSS with {n} alarms (VmRSS): after inserting / after a restart",
         f"{mib(sc['rss'], sc['anon'])} / {mib(sc['rss_restarted'], sc['anon_restarted'])}"),
        (f"RSS with {n} alarms after the list runs (peak VmHWM)",
         f"{mib(sc['rss_after'], sc['anon_after'])} (peak {mib(sc['hwm'])})"),
        ("RSS with an empty store, for comparison", mib(sc["rss_empty"], sc["anon_empty"])),
        (f"restart with {n} alarms (exec → answering `status`), median of {a.restarts}",
         f"{sc['restart'] * 1e3:.0f} ms (empty store {sc['restart_empty'] * 1e3:.0f} ms)"),
    ]
    return [row(f"8{'abcdefghij'[i]}", m, v) for i, (m, v) in enumerate(rows)]


def scale_method(a: argparse.Namespace) -> str:
    if not a.scale:
        return ""
    return f"""Scale (row 8): a fresh daemon with its own state dir (`XDG_STATE_HOME`, SQLite on the same disk) gets
{a.scale:,} alarms over one connection (`alarm_add` requests pipelined; varied times, none due within 2 h,
repeat rules mixed), then whole `noisectl` processes are timed (spawn to exit, by `spawntime.c` as in
row 1), output to /dev/null: `alarm add` and
`alarm next` {a.scale_runs} runs each, `alarm list` and `--json alarm list` {a.list_runs} each (and the
same `alarm_list` requests on a raw connection, a page of 1,000 at a time, the daemon's share). Restart: SIGTERM, then exec →
the first `status` reply (polled on the socket every 2 ms), {a.restarts} times.

"""
