"""Rows 4-5: memory idle and while playing, idle wake-ups, and the CPU it costs to play 60 s of a looping noise
(sounds/white.mp3, 60 s) through the null sink: noised, mpd (one-track repeat), mpg123 --loop -1.
noised is measured twice: as every play but the first goes (its decoded copy of the file on disk from an
earlier play), and as the first play ever (no copy: the file is decoded in the play request).

The players take turns, run by run (noised, mpd, mpg123 -o pulse, mpg123 -o alsa), never at once,
so that load from elsewhere on the machine spreads over all of them; each figure is the median of
the runs. CPU is user+sys of the whole process, every thread (meters.Meter)."""

from __future__ import annotations

import statistics
import time
from typing import Callable

from .common import SOUND, SetupError, stop
from .meters import Meter, memory, play_window, watch
from .peers import Mpd, start_mpg123
from .stack import Stack


def noised_idle(stack: Stack, idle_seconds: float) -> dict:
    """RSS once start-up has settled, and the wake-ups (context switches of every thread) over a quiet window
    (row 4c)."""
    pid = stack.daemon.pid
    time.sleep(1.0)
    out = memory(pid)
    m = watch(pid, idle_seconds)
    out.update({"wakeups": m.ctx_per_second, "ctx": m.ctx, "window": m.seconds, "cpu": m.cpu})
    return out


def mpd_idle(mpd: Mpd) -> dict:
    time.sleep(1.0)
    return memory(mpd.pid)


def _noised_run(stack: Stack, seconds: float, first_play: bool) -> dict:
    # noised keeps decoded sounds in memory (audio.cache_size): a restart empties that, so each run
    # loads the sound as a fresh daemon does; the first-play runs also lose the copy kept on disk.
    if first_play:
        stack.forget_decoded_sounds()
    stack.restart_daemon()
    time.sleep(1.0)   # start-up has settled
    pid = stack.daemon.pid
    before = Meter(pid)   # from before the request: the file's decode is counted
    t0 = time.monotonic()
    r = stack.ctl("play", "white", "--fade-in", "0", "--volume", "100")
    t_play = time.monotonic() - t0
    if r.returncode != 0:
        raise SetupError(f"noisectl play white failed ({r.returncode}): {r.stderr.strip()}"
                         + stack.daemon_gone())
    start_cpu = before.finish().cpu
    w = play_window(pid, stack.pa.pid, seconds)
    audio = stack.status().get("audio", {})
    if audio.get("state") != "playing":
        raise SetupError(f"noised is not playing after {seconds:g} s: audio = {audio}\n"
                         + stack.log("noised.log"))
    if stack.sink_inputs() < 1:
        raise SetupError("noised says it plays but no stream reached PulseAudio")
    stack.ctl_ok("stop", "--fade", "0")
    w.update({"start_cpu": start_cpu, "total": start_cpu + w["cpu"], "play_wall": t_play,
              "underruns": audio.get("underruns")})
    return w


def _mpd_run(stack: Stack, mpd: Mpd, seconds: float) -> dict:
    before = Meter(mpd.pid)   # from before `mpc play`, like noised
    mpd.mpc("play")
    start_cpu = before.finish().cpu
    w = play_window(mpd.pid, stack.pa.pid, seconds)
    if not mpd.playing():
        raise SetupError(f"mpd is not playing after {seconds:g} s:\n" + mpd.mpc("status").stdout)
    if stack.sink_inputs() < 1:
        raise SetupError("mpd says it plays but no stream reached PulseAudio")
    mpd.mpc("stop")
    w.update({"start_cpu": start_cpu, "total": start_cpu + w["cpu"]})
    return w


def _mpg123_run(stack: Stack, output: str, seconds: float) -> dict:
    p = start_mpg123(stack, output, SOUND, f"mpg123-{output}.log")
    try:
        w = play_window(p.pid, stack.pa.pid, seconds)   # from its exec: start-up and decode count
        if p.poll() is not None:
            raise SetupError(f"mpg123 -o {output} exited with {p.returncode}:\n"
                             + stack.log(f"mpg123-{output}.log"))
        if stack.sink_inputs() < 1:
            raise SetupError(f"mpg123 -o {output} runs but no stream reached PulseAudio:\n"
                             + stack.log(f"mpg123-{output}.log"))
        w["total"] = w["cpu"]
        return w
    finally:
        stop(p)


def measure(stack: Stack, mpd: Mpd, seconds: float, runs: int, alsa: bool,
            say: Callable[[str], None]) -> dict:
    players = ["noised", "noised-first", "mpd", "mpg123"] + (["mpg123-alsa"] if alsa else [])
    got: dict[str, list[dict]] = {p: [] for p in players}
    mpd.load_loop(SOUND.name)
    # The decoded copy the "noised" runs play from, as after any earlier play (the first-play runs
    # delete it and their play request makes it again).
    stack.restart_daemon()
    stack.ctl_ok("play", "white", "--fade-in", "0")
    stack.ctl_ok("stop", "--fade", "0")
    for r in range(runs):
        for p in players:
            say(f"  run {r + 1}/{runs}: {p} plays white.mp3 for {seconds:g} s")
            if p.startswith("noised"):
                got[p].append(_noised_run(stack, seconds, first_play=p == "noised-first"))
            elif p == "mpd":
                got[p].append(_mpd_run(stack, mpd, seconds))
            else:
                got[p].append(_mpg123_run(stack, "pulse" if p == "mpg123" else "alsa", seconds))
            time.sleep(1.0)   # the stream is closed and the sink idle before the next one
    out = {}
    for p, ws in got.items():
        med = {k: statistics.median(w[k] for w in ws)
               for k in ("cpu", "total", "pa_cpu", "ctx", "wall") if all(k in w for w in ws)}
        if p in ("noised", "noised-first", "mpd"):
            med["start_cpu"] = statistics.median(w["start_cpu"] for w in ws)
        for k in ("rss", "anon", "hwm", "threads"):   # memory: the run with the median RSS
            med[k] = sorted(ws, key=lambda w: w["rss"] or 0)[len(ws) // 2][k]
        med["runs"] = len(ws)
        med["all_total"] = [w["total"] for w in ws]
        if p.startswith("noised"):
            med["underruns"] = sum(w.get("underruns") or 0 for w in ws)
            med["play_wall"] = statistics.median(w["play_wall"] for w in ws)
        out[p] = med
    return out
