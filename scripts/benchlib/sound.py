"""Row 9: time to sound. From just before the client process is spawned (`noisectl play white --fade-in 0
--volume 100`, or `mpc play` of the same file on the bench's mpd) to the first non-silent frame of a
`parec --latency-msec=20` recording of the null sink's monitor, wall time mapped to recording frames as
for the alarm onsets (recorder.Recorder, calibrated by onset.calibrate).

Four kinds take turns run by run, each from stopped and silent: noised restarted first (its memory cache
of decoded sounds empty, the decoded copy of white.mp3 on disk: an ordinary play after a restart; row 9),
noised again without a restart (white already in its memory; supplementary), noised restarted with no decoded
copy on disk either (the first play of the 60 s white.mp3, decoded from the file; row 9c) and mpd."""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import time
from pathlib import Path
from typing import Callable, Optional

from .common import RATE, SOUND, SetupError, track
from .onset import Beep, calibrate
from .peers import Mpd
from .recorder import Recorder
from .stack import Stack
from .table import met_ratio, ms, ratio, row

KINDS = ("noised", "noised-memory", "noised-cold", "mpd")
QUIET = RATE // 5      # 200 ms of digital silence in the recording: stopped
LOUD = 328             # 1 % of full scale: sound, not a stray sample
AFTER = 0.7            # s of recording after an onset before its wall time is read (Recorder.wall looks 0.6 s on)
CLICKS = 8             # calibration clicks before the runs and again after them
# The play path's hops as noised logs them at debug level (Sources/NoiseAudio/PlayHop.swift), in their order.
HOPS = ("request", "loaded", "sent", "woke", "opened", "written", "read_to_end")
HOP_LINE = re.compile(r"play path: (\w+) at (\d+) us")


def _quiet_from(rec: Recorder, since: int, timeout: float = 10.0) -> int:
    """Waits until the last QUIET frames the recording holds, all at or after frame `since`, are digital
    silence; returns the first of them."""
    import numpy as np
    end = time.monotonic() + timeout
    while True:
        n = rec.frames()
        if n - QUIET >= since:
            x, first = rec.samples(n - QUIET, n)
            if not np.any(x):
                return first
        if time.monotonic() > end:
            raise SetupError(f"the recording did not fall silent within {timeout:g} s of a stop")
        time.sleep(0.02)


def _onset(rec: Recorder, start: int, timeout: float = 10.0) -> int:
    """The first frame of the sound after `start` (a frame of silence): the first sample louder than 1 % of
    full scale, taken back to just after the last digitally silent sample before it (the harness's
    `wait_for_sound` refinement), so a quiet first sample still counts and a lone stray one does not."""
    import numpy as np
    end = time.monotonic() + timeout
    while True:
        x, first = rec.samples(start, rec.frames())
        loud = np.flatnonzero(np.abs(x) > LOUD)
        if len(loud):
            j = int(loud[0])
            zero = np.flatnonzero(x[:j] == 0)
            return first + (int(zero[-1]) + 1 if len(zero) else 0)
        if time.monotonic() > end:
            raise SetupError(f"no sound in the recording within {timeout:g} s of the play command")
        time.sleep(0.01)


def _hops(log: Path, seen: int, spawned: float) -> dict[str, float]:
    """The play path's hops noised logged past byte `seen` of its log: seconds after the spawn (`spawned` on
    CLOCK_MONOTONIC, the clock noised stamps them with), the first of each."""
    with open(log, "rb") as f:
        f.seek(seen)
        text = f.read().decode(errors="replace")
    hops: dict[str, float] = {}
    for name, micros in HOP_LINE.findall(text):
        hops.setdefault(name, int(micros) / 1e6 - spawned)
    return hops


def _run(stack: Stack, rec: Recorder, cmd: list[str], stop: Callable[[], None], what: str,
         log: Optional[Path] = None) -> dict:
    """One timed play from silence, then the stop and the wait until the recording is silent again. With
    `log` (noised's, at debug level), the play path's hops it logged too."""
    streams = stack.sink_inputs()           # before: whether the player kept a stream open while stopped
    start = _quiet_from(rec, rec.frames() - QUIET)   # silent now (the stop before was waited for)
    seen = log.stat().st_size if log else 0
    spawned = time.time()                   # the recorder's clock (CLOCK_REALTIME)
    spawned_mono = time.monotonic()         # the hops' clock (CLOCK_MONOTONIC)
    p = track(subprocess.Popen(cmd, env=stack.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE))
    _, err = p.communicate(timeout=30)
    exited = time.time()
    if p.returncode != 0:
        raise SetupError(f"{what} failed ({p.returncode}): {err.decode(errors='replace').strip()}"
                         + stack.daemon_gone())
    frame = _onset(rec, start)
    end = time.monotonic() + 10
    while rec.frames() < frame + int(AFTER * RATE):   # the chunks Recorder.wall reads the onset's time from
        if time.monotonic() > end:
            raise SetupError("parec stopped delivering audio")
        time.sleep(0.02)
    heard = rec.wall(frame)
    hops = _hops(log, seen, spawned_mono) if log else {}   # read_to_end is logged by now: 0.7 s have passed
    stopping = rec.frames()
    stop()
    _quiet_from(rec, stopping)
    return {"spawned": spawned, "exit": exited - spawned, "frame": frame, "heard": heard,
            "streams": streams, "lead": (frame - start) / RATE, "hops": hops}


def measure(stack: Stack, mpd: Mpd, runs: int, say: Callable[[str], None]) -> dict:
    beep = Beep(stack.root)
    mpd.load_loop(SOUND.name)
    # The decoded copy on disk, as after any earlier play (row 5's first-play runs leave it there; again
    # here so that this row does not depend on what ran before it).
    stack.ctl_ok("play", "white", "--fade-in", "0")
    stack.ctl_ok("stop", "--fade", "0")
    ctl = [str(stack.noisectl_bin), "--socket", str(stack.sock), "play", "white", "--fade-in", "0",
           "--volume", "100"]
    mpc = ["mpc", "-h", str(mpd.sock), "play"]
    got: dict[str, list[dict]] = {k: [] for k in KINDS}
    log = stack.root / "noised.log"
    stack.log_level = "debug"   # from the first restart on: the play path's hops in noised's log
    rec = Recorder(stack)
    try:
        _quiet_from(rec, 0)
        say(f"  calibrating the recording with {CLICKS} clicks through libpulse-simple")
        cal = calibrate(stack, rec, beep, CLICKS)
        for i in range(runs):
            for kind in KINDS:
                if kind in ("noised", "noised-cold"):
                    # An ordinary play after a restart: white's decoded copy on disk, not in memory; or (9c) the
                    # first play of a sound never played, with no decoded copy anywhere.
                    if kind == "noised-cold":
                        stack.forget_decoded_sounds()
                    stack.restart_daemon()
                    time.sleep(1.0)   # start-up has settled (as in row 5)
                if kind.startswith("noised"):
                    r = _run(stack, rec, ctl, lambda: stack.ctl_ok("stop", "--fade", "0"), "noisectl play white",
                             log)
                else:
                    r = _run(stack, rec, mpc, lambda: mpd.mpc("stop"), "mpc play")
                got[kind].append(r)
            say(f"  run {i + 1}/{runs}: " + ", ".join(
                f"{k} {(got[k][-1]['heard'] + cal['offset'] - got[k][-1]['spawned']) * 1e3:.0f}" for k in KINDS)
                + " ms")
        say("  calibrating the recording again")
        cal2 = calibrate(stack, rec, beep, CLICKS)
    finally:
        rec.stop()
        stack.log_level = None
    stack.restart_daemon()   # at its usual level again for the rows after this one
    offsets = cal["offsets"] + cal2["offsets"]
    offset = statistics.median(offsets)
    out: dict = {"cal": {"offset": offset, "spread": max(abs(o - offset) for o in offsets), "n": len(offsets),
                         "before": cal["offset"], "after": cal2["offset"], "latency": cal["latency"]}}
    for kind, rs in got.items():
        for r in rs:
            r["tts"] = r["heard"] + offset - r["spawned"]
        out[kind] = rs
    return out


def sound_rows(s: dict) -> tuple[list[list[str]], list[list[str]], list[str]]:
    """Row 9, its supplementary rows, and notes."""
    med = statistics.median
    tts = {k: [r["tts"] for r in s[k]] for k in KINDS}
    o, m, c, p = med(tts["noised"]), med(tts["noised-memory"]), med(tts["noised-cold"]), med(tts["mpd"])
    n = len(tts["noised"])
    main = [row("9", f"time to sound: `noisectl play white --fade-in 0 --volume 100` after a restart (decoded copy on "
                     f"disk, not in memory) vs `mpc play`, client spawn → first non-silent frame in a `parec` "
                     f"recording, median of {n}", ms(o), f"{ms(p)} mpd", ratio(o, p), "≤ 1.0",
                met_ratio(o, p, 1.0)),
            row("9c", f"time to sound, first play: row 9 with no decoded copy on disk either (the 60 s white.mp3 "
                      f"decoded from the file), median of {n}", ms(c), f"{ms(p)} mpd", ratio(c, p), "≤ 1.5",
                met_ratio(c, p, 1.5))]
    ex = {k: med(r["exit"] for r in s[k]) for k in KINDS}
    supp = [row("", f"row 9 without a restart (white already in noised's memory), median of {n}", ms(m),
                f"{ms(p)} mpd", ratio(m, p)),
            row("", "row 9, the client process alone (spawn → exit), after a restart / without",
                f"{ms(ex['noised'])} / {ms(ex['noised-memory'])}", f"{ms(ex['mpd'])} mpc",
                ratio(ex["noised"], ex["mpd"]))]
    notes = []
    if any(r["tts"] <= 0 for k in KINDS for r in s[k]):
        notes.append("row 9: a sound was found at or before its client was spawned (the recording was not "
                     "silent when the run began); those runs are wrong.")
    notes.append("Time to sound of each run (ms, row 9): " + "; ".join(
        f"{k} " + ", ".join(f"{t * 1e3:.1f}" for t in tts[k]) for k in KINDS) + ".")
    notes += timeline_notes(s)
    streams = {k: sorted({r["streams"] for r in s[k]}) for k in KINDS}
    notes.append("Streams on the sink when each row-9 run began (stopped): " + "; ".join(
        f"{k} {'/'.join(map(str, v))}" for k, v in streams.items()) + ".")
    cal = s["cal"]
    notes.append(f"Row 9's recording clock: offset {cal['offset'] * 1e3:+.1f} ms from {cal['n']} clicks "
                 f"({cal['before'] * 1e3:+.1f} ms before the runs, {cal['after'] * 1e3:+.1f} ms after), every "
                 f"click within ±{cal['spread'] * 1e3:.1f} ms of it.")
    return main, supp, notes


def timeline(rs: list[dict]) -> str:
    """The median of each hop over the runs, in ms after the spawn, in the order of the path, with the client's
    exit and the first frame heard placed among them by time."""
    med = statistics.median
    points = [(h.replace("_", " "), med(r["hops"][h] for r in rs)) for h in HOPS if all(h in r["hops"] for r in rs)]
    points += [("client exit", med(r["exit"] for r in rs)), ("heard", med(r["tts"] for r in rs))]
    points.sort(key=lambda p: p[1])
    return " → ".join(f"{name} {t * 1e3:.1f}" for name, t in points)


def timeline_notes(s: dict) -> list[str]:
    """Row 9's timeline, hop by hop (the regression guard of issue 55: a hop that grows shows here)."""
    if not any(r["hops"] for r in s["noised"]):
        return ["Row 9's timeline: noised logged no play path hops (a build before they were logged)."]
    return [f"Row 9's timeline (ms after the spawn, median of each hop over the runs; noised's hops from its debug "
            f"log, stamped on CLOCK_MONOTONIC): {timeline(s['noised'])}.",
            f"Row 9c's timeline: {timeline(s['noised-cold'])}.",
            f"Row 9 without a restart: {timeline(s['noised-memory'])}."]


def sound_method(a: argparse.Namespace) -> str:
    if not a.sound_runs:
        return ""
    return f"""Time to sound (row 9): how long from a command to hearing the noise. Python takes the wall clock
(`time.time()`) just before it spawns the client (`subprocess.Popen`), `noisectl play white --fade-in 0
--volume 100` (no fade-in, so the first frame is at full level) or `mpc play` of the same `white.mp3`
queued on the bench's mpd (single-repeat, as in row 5), and the end is the first non-silent frame of a
`parec --latency-msec=20` recording of the null sink's monitor (mono s16): the first sample above 1 % of
full scale, taken back to just after the last digitally silent sample before it. Four kinds take turns
run by run, {a.sound_runs} runs each: noised restarted just before (1 s to settle), so its memory cache of
decoded sounds is empty and the play loads the decoded copy that an earlier play left on disk (in the page
cache, as mpd's mp3 is): an ordinary play after a restart, row 9; noised again without a restart, white
already in its memory (a supplementary row); noised restarted with its decoded copies on disk deleted too,
so the play decodes the 60 s white.mp3 from the file: the first play of a sound, row 9c; and mpd. Every run starts from stopped and silent: after each
play (left to sound for at least {AFTER:g} s) the player is stopped (`noisectl stop --fade 0`, `mpc stop`) and the
next run waits until the last 200 ms of the recording are digital silence. The frame is mapped to wall time
as for row 7: the null sink is paced in real time, so frame n is heard at t0 + n / 44100, with t0 the
earliest (arrival − frames so far / 44100) over the recording's chunks from 0.2 s before the frame to 0.6 s
after it; then the offset to PulseAudio's own idea of when a frame is heard is added, from {CLICKS} clicks
written through libpulse-simple before the runs and {CLICKS} after (their median; a note gives it and the
clicks' spread). The offset is some 10–20 ms, not 0 (the null sink renders up to its latency ahead of its
clock and its monitor passes data on as rendered, less what it holds back for rewinds), but it is steady,
so the calibration removes it; without it a run can come out as sound before the spawn. Uncertainty: the
earliest chunk's own scheduling delay varies from window to window, and the calibration removes only its
constant part, so a run's figure is good to about the clicks' spread (a few ms, not the 0.02 ms of a
frame); a frame's position in the recording is exact
(PulseAudio rewinds the sink to mix a new stream in, but the monitor holds data back by the rewind window,
so the recording has what was played); and the start includes Python's fork and exec of the client, alike
for both. The client's own spawn → exit is a supplementary row. Row 9's timeline (notes under the table):
noised runs these rows with `--log-level debug` and logs each hop of a play with its time on CLOCK_MONOTONIC
(`play path: HOP at MICROSECONDS us`; `PlayHop` in Sources/NoiseAudio): the request reaching the player, the
sound's first samples in memory (`loaded`), the mixer commands queued (`sent`), the output thread taking them
(`woke`), the device open (`opened`, asked for ahead of the load, so it can come before `loaded`), the first
period written (`written`) and the decoded copy or the file read to its end (`read to end`).
Python reads CLOCK_MONOTONIC beside the spawn's wall time; each hop is given as its median over the runs in ms
after the spawn, with the client's exit and the first frame heard placed among them.

"""
