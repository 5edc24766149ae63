"""The report: rows of the comparison table, the plain-text and Markdown tables, and the part of
docs/performance.md above the marker (the method, the machine, the table; the text below the marker
is hand-written and kept)."""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import subprocess
from typing import Optional

from . import control
from .common import DOC, MARKER, pct, read_text, tool_version

HEADER = ["#", "metric", "noised", "peer (measured in the same run)", "ratio (ours/peer)", "target", "met"]


def row(num: str, metric: str, ours: str, peer: str = "—", ratio: str = "—", target: str = "—",
        met: str = "—") -> list[str]:
    return [num, metric, ours, peer, ratio, target, met]


def mib(kib: Optional[int], anon: Optional[int] = None) -> str:
    if kib is None:
        return "—"
    return f"{kib / 1024:.1f} MiB" + ("" if anon is None else f" ({anon / 1024:.1f} anon)")


def ratio(a: Optional[float], b: Optional[float]) -> str:
    if a is None or b is None or b == 0:
        return "—"
    return f"{a / b:.2f}"


def met_ratio(a: Optional[float], b: Optional[float], limit: float) -> str:
    """Whether ours/peer ≤ limit (a target is met or not; the bench never fails on it)."""
    if a is None or b is None or b == 0:
        return "—"
    return "yes" if a / b <= limit else "no"


def ms(x: float) -> str:
    return f"{x * 1e3:.2f} ms"


def us(x: float) -> str:
    return f"{x * 1e6:.1f} µs"


def cpu(sec: float, wall: float) -> str:
    return f"{sec:.3f} s ({100 * sec / wall:.2f} %)"


def gaps(r: dict) -> str:
    """The gap at each wrap in samples; "bit-exact" when every wrap's 200 ms are identical to the file."""
    if not r["gaps"]:
        return "no wrap found"
    text = ", ".join(f"{g:+d}" if g else "0" for g in r["gaps"])
    if all(r["exact"]):
        return text + " (bit-exact)"
    if all(g == 0 for g in r["gaps"]):
        return text + f" (not bit-exact: ±{r['max_diff']})"
    return text


def row2_again(how: str, run: dict) -> list[str]:
    """A supplementary row for another run of row 2's servers: noised's and mpd's median / p99, the floors' medians."""
    o, p, f, a = run["ours"], run["peer"], run["floor"], run["async_floor"]
    return row("", f"row 2 {how}: median / p99; `nio-floor` medians (handler, async)",
               f"{us(o['median'])} / {us(o['p99'])}",
               f"{us(p['median'])} / {us(p['p99'])} mpd; {us(f['median'])}, {us(a['median'])} floors",
               ratio(o["median"], p["median"]))


def main_rows(a: argparse.Namespace, c: dict) -> tuple[list[list[str]], list[list[str]]]:
    """Rows 1-6 and their supplementary rows, from the collected figures `c`."""
    main, supp = [], []
    med = statistics.median
    wp = c.get("whole")
    if wp:
        o, p = med(wp["ours"]), med(wp["peer"])
        main.append(row("1", f"control round trip, whole process: `noisectl status` vs `mpc status`, "
                             f"median of {len(wp['ours'])}", ms(o), f"{ms(p)} mpc", ratio(o, p), "≤ 2.0",
                        met_ratio(o, p, 2.0)))
        supp.append(row("", f"row 1 at p90 of {len(wp['ours'])}", ms(pct(wp["ours"], 0.9)),
                        f"{ms(pct(wp['peer'], 0.9))} mpc", ratio(pct(wp["ours"], 0.9), pct(wp["peer"], 0.9))))
        supp.append(row("", "row 1, the part that is spawning a process and waiting for it: `/bin/true`, median",
                        ms(med(wp["true"]))))
        o, p = med(wp["start"]), med(wp["start_peer"])
        supp.append(row("", f"row 1, the client's start-up alone, no connection: `noisectl --version` vs `mpc help`, "
                            f"median of {len(wp['start'])}", ms(o), f"{ms(p)} mpc", ratio(o, p)))
        o = med(wp["start_floor"])
        supp.append(row("", "row 1's floor: a client made of noisectl's libraries doing nothing else (`client-floor status`: "
                            "argument-parser parses one subcommand, Foundation's JSONDecoder decodes one line; built as "
                            f"noisectl is, started as cold), median of {len(wp['start_floor'])}", ms(o),
                        f"{ms(p)} mpc help", ratio(o, p)))
    kc = c.get("kept")
    if kc:
        o, p = kc["ours"], kc["peer"]
        n = f"{kc['n']:,}"
        main.append(row("2a", f"control round trip, one kept connection: {n} `status` requests (C client, in turns of "
                              f"{kc['burst']} with mpd's, all on one core, replies awaited in poll() as mpc does), "
                              "median per request", us(o["median"]),
                        f"{us(p['median'])} mpd",
                        ratio(o["median"], p["median"]), "≤ 1.5", met_ratio(o["median"], p["median"], 1.5)))
        main.append(row("2b", f"… p99 per request", us(o["p99"]), f"{us(p['p99'])} mpd",
                        ratio(o["p99"], p["p99"]), "≤ 1.5", met_ratio(o["p99"], p["p99"], 1.5)))
    st = c.get("startup")
    if st:
        o, p = med(st["ours"]), med(st["peer"])
        main.append(row("3", f"start-up, exec → socket answering `status` (empty state, one output), "
                             f"median of {len(st['ours'])}", ms(o), f"{ms(p)} mpd", ratio(o, p), "≤ 1.0",
                        met_ratio(o, p, 1.0)))
        supp.append(row("", f"row 3, the slowest of {len(st['ours'])} start-ups", ms(max(st["ours"])), f"{ms(max(st['peer']))} mpd",
                        ratio(max(st["ours"]), max(st["peer"]))))
    idle, mpd_idle = c.get("idle"), c.get("mpd_idle")
    if idle and mpd_idle:
        main.append(row("4a", "idle memory, VmRSS (RssAnon)", mib(idle["rss"], idle["anon"]),
                        f"{mib(mpd_idle['rss'], mpd_idle['anon'])} mpd", ratio(idle["rss"], mpd_idle["rss"]),
                        "≤ 1.0", met_ratio(idle["rss"], mpd_idle["rss"], 1.0)))
    if idle and "ctx" in idle:
        peer = mpd_idle if mpd_idle and "ctx" in mpd_idle else None
        main.append(row("4c", f"idle wake-ups: context switches of every thread over {a.idle_seconds:g} s, nothing "
                              "playing (count in the window)",
                        f"{idle['wakeups']:.2f} /s ({idle['ctx']})",
                        f"{peer['wakeups']:.2f} /s ({peer['ctx']}) mpd" if peer else "—",
                        ratio(idle["wakeups"], peer["wakeups"]) if peer else "—", "0 /s",
                        "yes" if idle["ctx"] == 0 else "no"))
    pl = c.get("play")
    if pl:
        o, m, g = pl["noised"], pl["mpd"], pl["mpg123"]
        main.append(row("4b", "memory while playing one noise loop (white), VmRSS (RssAnon)",
                        mib(o["rss"], o["anon"]), f"{mib(m['rss'], m['anon'])} mpd", ratio(o["rss"], m["rss"]),
                        "≤ 1.0", met_ratio(o["rss"], m["rss"], 1.0)))
        s = f"{a.seconds:g} s"
        n = o["runs"]
        f = pl["noised-first"]
        main.append(row("5a", f"playback CPU (user+sys, all threads), {s} of white.mp3 looping, from before "
                              f"the play request (a fresh daemon; the decoded copy from an earlier play on disk), median of {n}",
                        cpu(o["total"], o["wall"]), f"{cpu(m['total'], m['wall'])} mpd",
                        ratio(o["total"], m["total"]), "≤ 1.0", met_ratio(o["total"], m["total"], 1.0)))
        main.append(row("5b", f"… the same against `mpg123 -o pulse --loop -1` (from its exec), median of {n}",
                        cpu(o["total"], o["wall"]), f"{cpu(g['total'], g['wall'])} mpg123",
                        ratio(o["total"], g["total"]), "≤ 0.5", met_ratio(o["total"], g["total"], 0.5)))
        supp.append(row("", f"row 5, the first play ever (no decoded copy: the play request decodes the file "
                            f"and saves the copy), against mpd, median of {f['runs']}",
                        cpu(f["total"], f["wall"]), f"{cpu(m['total'], m['wall'])} mpd",
                        ratio(f["total"], m["total"])))
        supp.append(row("", "… the first play ever against `mpg123 -o pulse --loop -1`",
                        cpu(f["total"], f["wall"]), f"{cpu(g['total'], g['wall'])} mpg123",
                        ratio(f["total"], g["total"])))
        supp.append(row("", f"row 5 without the play request: CPU over the {s} after it returned",
                        cpu(o["cpu"], o["wall"]), f"{cpu(m['cpu'], m['wall'])} mpd", ratio(o["cpu"], m["cpu"])))
        supp.append(row("", "row 5, the play request alone (noised: loading the decoded copy; mpd: `mpc play`)",
                        f"{o['start_cpu']:.3f} s ({o['play_wall'] * 1000:.0f} ms wall)",
                        f"{m['start_cpu']:.3f} s mpd", ratio(o["start_cpu"], m["start_cpu"])))
        supp.append(row("", "… the first play ever (noised: decoding the whole file and saving the copy)",
                        f"{f['start_cpu']:.3f} s ({f['play_wall'] * 1000:.0f} ms wall)",
                        f"{m['start_cpu']:.3f} s mpd", ratio(f["start_cpu"], m["start_cpu"])))
        if "mpg123-alsa" in pl:
            ga = pl["mpg123-alsa"]
            supp.append(row("", "row 5 against `mpg123 -o alsa -a pulse` (the same ALSA path as noised)",
                            cpu(o["total"], o["wall"]), f"{cpu(ga['total'], ga['wall'])} mpg123 (alsa)",
                            ratio(o["total"], ga["total"])))
        supp.append(row("", f"row 5, PulseAudio server CPU over those {s}", f"{o['pa_cpu']:.3f} s",
                        f"{m['pa_cpu']:.3f} s mpd; {g['pa_cpu']:.3f} s mpg123", ratio(o["pa_cpu"], m["pa_cpu"])))
        supp.append(row("", "row 5, context switches of the player while playing", f"{o['ctx']:.1f} /s",
                        f"{m['ctx']:.1f} /s mpd; {g['ctx']:.1f} /s mpg123", ratio(o["ctx"], m["ctx"])))
        supp.append(row("", "row 4b, peak RSS (VmHWM) after playing", mib(o["hwm"]),
                        f"{mib(m['hwm'])} mpd; {mib(g['hwm'])} mpg123", ratio(o["hwm"], m["hwm"])))
    if kc:
        o, f, p = kc["ours"], kc["floor"], kc["peer"]
        supp.append(row("", "row 2, the daemon's CPU per request (user+sys, every thread, over the whole run)",
                        us(o["cpu"]), f"{us(p['cpu'])} mpd", ratio(o["cpu"], p["cpu"])))
        supp.append(row("", "row 2 through SwiftNIO: a bare NIO server (`nio-floor`: one event loop, one handler answering "
                            "every line with a fixed line as long as noised's status reply), in the same turns: "
                            "median / p99 / CPU per request",
                        f"{us(f['median'])} / {us(f['p99'])} / {us(f['cpu'])}",
                        f"{us(p['median'])} / {us(p['p99'])} / {us(p['cpu'])} mpd", ratio(f["median"], p["median"])))
        a = kc["async_floor"]
        supp.append(row("", "row 2 through noised's shape with no daemon work (`nio-floor --async`: the sockets on a loop "
                            "of their own, a NIOAsyncChannel and a child task per connection, a task per request, the "
                            "same fixed line), in the same turns: median / p99 / CPU per request",
                        f"{us(a['median'])} / {us(a['p99'])} / {us(a['cpu'])}",
                        f"{us(p['median'])} / {us(p['p99'])} / {us(p['cpu'])} mpd", ratio(a["median"], p["median"])))
        supp.append(row2_again("with the client waiting in read() instead of poll() (a spurious wake-up when the server "
                               "reads each request; roundtrip.c)", kc["blocking"]))
        supp.append(row2_again("again where the scheduler puts client and servers (two CPUs)", kc["spread"]))
    sm = c.get("seam")
    if sm:
        o = sm["noised"]
        ok = "yes" if o["gaps"] and all(g == 0 for g in o["gaps"]) else "no"
        wraps = len(o["gaps"])
        for num, peer in (("6a", "mpd"), ("6b", "mpg123")):
            if peer in sm:
                main.append(row(num, f"loop seam: gap at each wrap of a {o['length'] / 44100:g} s loop, in samples "
                                     f"(+ silence inserted, − samples lost), {wraps} wraps" if num == "6a"
                                else "… the same against `mpg123 -o pulse --loop -1`",
                                gaps(o), f"{gaps(sm[peer])} {peer}", "—", "0 at every wrap", ok))
    if wp and "fresh" in wp:
        # Last, so that the supplementary rows above keep the numbers docs/performance.md refers to.
        o, p = wp["fresh"]["ours"], wp["fresh"]["peer"]
        supp.append(row("", f"row 1 without the client process: a new connection per `status` from a running C client "
                            f"(roundtrip.c --fresh; noised's request sent at once as noisectl does, mpd's after its "
                            f"greeting as libmpdclient does), median / p90 of {len(wp['ours'])}",
                        f"{us(o['median'])} / {us(o['p90'])}", f"{us(p['median'])} / {us(p['p90'])} mpd",
                        ratio(o["median"], p["median"])))
    if wp and "installed" in wp:
        o, p = med(wp["installed"]["ours"]), med(wp["installed"]["peer"])
        supp.append(row("", f"row 1 with noisectl just installed (a fresh copy, cached as written, in large folios; "
                            f"row 1 proper: read back from disk by exec, mostly in 4 KiB pages), median of "
                            f"{len(wp['installed']['ours'])}", ms(o), f"{ms(p)} mpc", ratio(o, p)))
    return main, supp


def machine() -> dict:
    cpu_name = "unknown"
    for line in (read_text("/proc/cpuinfo") or "").splitlines():
        if line.startswith("model name"):
            cpu_name = line.split(":", 1)[1].strip()
            break
    mem = "unknown"
    for line in (read_text("/proc/meminfo") or "").splitlines():
        if line.startswith("MemTotal:"):
            mem = f"{int(line.split()[1]) / 1048576:.1f} GiB"
    return {"nproc": os.cpu_count(), "cpu": cpu_name, "mem": mem,
            "kernel": f"{platform.system()} {platform.release()}",
            "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
            "load": " ".join((read_text("/proc/loadavg") or "? ? ?").split()[:3])}


def mpc_version() -> str:
    """mpc has no --version; `mpc help` says "mpc version: 0.34" on one of its lines."""
    try:
        r = subprocess.run(["mpc", "help"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "mpc ?"
    for line in (r.stdout + r.stderr).splitlines():
        if line.startswith("mpc version:"):
            return "mpc " + line.split(":", 1)[1].strip()
    return "mpc ?"


def versions() -> str:
    v = {
        "mpd": tool_version(["mpd", "--version"]).replace("Music Player Daemon ", "mpd "),
        "mpc": mpc_version(),
        "mpg123": tool_version(["mpg123", "--version"]),
        "pulseaudio": tool_version(["pulseaudio", "--version"]),
        "gcc": tool_version(["gcc", "--version"]),
        "sox": tool_version(["sox", "--version"]).replace("sox:", "").strip(),
        "lame": tool_version(["lame", "--version"]),
    }
    return "; ".join(v.values())


def text_table(rows: list[list[str]]) -> str:
    w = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for n, r in enumerate(rows):
        lines.append("  ".join(c.rjust(w[i]) if 2 <= i <= 4 else c.ljust(w[i]) for i, c in enumerate(r)).rstrip())
        if n == 0:
            lines.append("  ".join("-" * x for x in w))
    return "\n".join(lines)


def md_table(rows: list[list[str]]) -> str:
    w = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for n, r in enumerate(rows):
        out.append("| " + " | ".join(c.ljust(w[i]) for i, c in enumerate(r)) + " |")
        if n == 0:
            out.append("|" + "|".join("-" * (x + 1) + ":" if 2 <= i <= 4 else "-" * (x + 2)
                                      for i, x in enumerate(w)) + "|")
    return "\n".join(out)


def method(a: argparse.Namespace) -> str:
    """How rows 1-6 were measured."""
    return f"""Measured by `make bench` (the installed form, `-static-stdlib`; or `NOISECLOCK_BIN=.build/static/release python3 scripts/bench`; `--quick` for a
short check run, which does not write this file unless asked; `--help` for the run counts). The script
starts its own PulseAudio server with a null sink (44.1 kHz s16 stereo, paced in real time like
hardware; no volume-restoring module, so every stream plays at 100 %) and, beside `noised`, its own
`mpd` (one `pulse` output, `mixer_type "none"`, replay gain off, driven by `mpc`) and `mpg123`. The
players never play at once. Each row compares noised with the peer measured in the same run; ratio is
ours/peer, lower is better. Targets are goals, not pass marks: the bench prints the figures and fails
only when the set-up is broken. Most ratio targets are ≤ 1.0 (no worse than the peer); row 1's is ≤ 2.0
and row 2's ≤ 1.5 (at most twice and one and a half times mpd's), row 5b's ≤ 0.5; row 4c's is an absolute
0 wake-ups a second, with mpd's figure beside it.

1. Whole process: the wall time of a `noisectl status` process against the running, idle `noised`, and
   of `mpc status` against the running `mpd` (both on Unix sockets), timed by
   `scripts/benchlib/spawntime.c` (`posix_spawn`, as a shell or a status bar starts a program, to a
   blocking `waitpid`; output to /dev/null), {a.runs} each in alternating blocks of 10. Each client starts as
   it does after a reboot: noisectl is a fresh copy of the build's, and it, mpc and mpc's own library
   (libmpdclient; not glibc, which every process keeps cached) are dropped from the page cache first, so
   the first exec reads them back from disk and the kernel caches them mostly in 4 KiB pages. The same
   with noisectl just installed (a fresh copy, cached as written, in large folios, which a cold start
   faults in more cheaply) is a supplementary row, after the daemons' part. The `/bin/true` row
   says what spawning alone costs that way (a dynamically linked C program), and `noisectl --version` / `mpc help` what the client's own
   start costs without connecting; `client-floor status` (`Benchmarks/client-floor`: argument-parser parses one
   subcommand and Foundation's `JSONDecoder` decodes one line, built as noisectl is and started as cold) what
   any client made of noisectl's libraries costs before it does anything. The daemons' part is timed apart, from a C client that is already
   running (`roundtrip.c --fresh`, a supplementary row): {a.runs} connections to each, in turns of
   10, each timed from `connect` to the complete reply, the request sent as each daemon's own client
   sends it (noisectl at once, reading the greeting with the reply; libmpdclient after MPD's greeting).
2. Kept connection: `scripts/benchlib/roundtrip.c`, compiled with `gcc -O2` at bench time, opens one
   connection each to noised, mpd and two bare SwiftNIO servers (`Benchmarks/nio-floor`) that answer every line
   with a fixed line as long as noised's status reply: one from a single handler on its event loop (what the
   exchange costs through NIO itself), and one with `--async`, shaped as noised's control socket is (the
   sockets on a loop of their own, a `NIOAsyncChannel` and a child task per connection, a task per request) but
   doing no work (what that shape costs before noised does anything). It reads the greetings, sends 200 untimed
   `status` requests on each, then {a.requests:,} timed ones on each, one at a time, in turns of
   {control.BURST} requests per server so that load from elsewhere hits all four alike (`clock_gettime(CLOCK_MONOTONIC)` around the write and
   the read of the complete reply: one JSON line from noised, lines up to `OK` from mpd, read in place).
   The client waits for a reply in `poll()` and then reads it, as a long-lived client waits (mpc's
   libmpdclient in `select()`, a status bar in its main loop; noisectl, one request a process, reads at once). A client waiting in `read()` itself is woken for nothing when
   the server reads its request (the kernel wakes every sleeper on the socket as the request's buffer is
   freed, and only poll-style waits look at what the wake-up is for): the round trip then takes four
   context switches instead of two, and whether a server escapes that depends on the scheduler's
   accounting more than on the server, so that run is shown below the table, not in it.
   Each server's CPU over the whole run (`/proc/PID/task/*/schedstat`) divided by its requests is its CPU
   per request. The rows' run puts the client and every thread of the four servers on one core: on this
   2-CPU virtual machine the scheduler otherwise keeps a client and its server either on one CPU (a round
   trip of about 13 µs) or on two, where every wake-up of the idle virtual CPU costs the hypervisor about
   15 µs (about 40 µs), and holds a connection in either state for thousands of requests, so that such
   runs of the same servers differ threefold from one run to the next. A second run, left to the
   scheduler, is shown below the table.
3. Start-up: exec of the daemon to the first complete `status` reply on its socket (Python connects
   every 1 ms), from an empty state each time: noised with fresh state and config dirs and `--device
   pulse`; mpd with no db or state file, an empty music folder and its one `pulse` output.
   {a.restarts_startup} runs each, alternating.
4. Memory: `VmRSS` (and `RssAnon`, the process's own memory) 1 s after start-up (noised with nothing
   playing; mpd with `white.mp3` in its db and queue, stopped), and at the end of the median playback
   run of row 5. RSS counts shared-library pages too. Idle wake-ups (4c): right after that, the voluntary
   and involuntary context switches of every thread (`/proc/PID/task/*/status`, sampled every 0.2 s)
   over {a.idle_seconds:g} s with nothing playing and no client connected, noised's window and then mpd's
   (stopped, as above); the target is no wake-up at all, so the row is met only if noised's count is 0.
5. Playback: `sounds/white.mp3` (60 s white noise) looping through the null sink for {a.seconds:g} s:
   `noised --device pulse` (ALSA's pulse plugin) after `noisectl play white --fade-in 0`; `mpd` in
   single-repeat mode (`mpc repeat on; mpc single on; mpc play`, its native `pulse` output); `mpg123 -o
   pulse --loop -1`{" and `mpg123 -o alsa -a pulse --loop -1`" if a.mpg123_alsa else ""}. CPU is user+sys
   of the whole process, every thread (`/proc/PID/task/*/schedstat`, sampled every 0.2 s, or
   `/proc/PID/stat` when threads have exited), counted for noised and mpd from before the play request
   to {a.seconds:g} s after it returned, and for mpg123 from its exec. noised is restarted before each
   run (its memory cache of decoded sounds is empty) and measured two ways: rows 5a and 5b as every play
   after the first goes, loading the decoded copy of the file that an earlier play left on disk
   (`$XDG_CACHE_HOME/noised/decoded`); and as the first play ever, with that folder deleted, so the
   play request decodes the whole file and saves the copy (s-rows). The players take turns run by run;
   median of {a.play_runs} runs each.
6. Loop seam: a {a.seam_seconds:g} s loop of seeded white noise made at bench time (`sox -R … synth
   whitenoise`, 44.1 kHz stereo, `lame -b 192` with its default gapless tag), played by each player
   (noised from a `[sounds] folders` entry as `seam`, volume 100; mpd in single-repeat mode; `mpg123 -o
   pulse --loop -1`) while `parec` records the monitor (s16 stereo, no conversion). The recording is
   aligned against the file's gapless decode (`mpg123 -w`): an 8,192-frame piece of the noise 1 s into
   the loop is found by normalised cross-correlation (numpy) in every pass, and the gap at a wrap is
   the distance between consecutive passes minus the loop's length in samples: positive is silence
   inserted, negative is samples lost. Passes that start in the first 2 s of sound are not counted:
   at a stream's start PulseAudio renders ahead and may rewind, and the monitor keeps what it had
   rendered before the rewind, so a recording's start is not what was heard. "bit-exact" means the 100 ms either side of every wrap equal
   the decoded file sample for sample; otherwise the largest difference there is given (in 16-bit
   steps: ±1 is a decoder's own rounding, not a seam).

"""


def write_doc(rows: list[list[str]], text: str, notes: list[str]) -> None:
    tail = ""
    if DOC.exists():
        old = DOC.read_text()
        tail = old.split(MARKER, 1)[1] if MARKER in old else "\n\n" + old
    head = "# Performance\n\n" + text + md_table(rows) + "\n"
    if notes:
        head += "\n" + "\n".join(f"- {n}" for n in notes) + "\n"
    DOC.parent.mkdir(parents=True, exist_ok=True)
    DOC.write_text(head + "\n" + MARKER + (tail if tail.strip() else "\n"))
