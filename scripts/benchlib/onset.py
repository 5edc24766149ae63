"""Row 7: alarm onsets. Alarms a few seconds ahead ring `beep` (half of them over `white`, half with
nothing playing) while `parec` records the sink's monitor; the daemon's own `last_onset` is read from
status and the heard onset is also found in the recording (a 1 kHz detector), its clock calibrated
with clicks placed through libpulse-simple by PulseAudio's own latency. The peer is a baseline (a
sleep, then `aplay`), since `systemd-run --user --on-calendar` cannot run without systemd as PID 1."""

from __future__ import annotations

import argparse
import ctypes
import json
import math
import os
import shutil
import socket
import statistics
import subprocess
import time
import wave
from pathlib import Path
from typing import Callable, Optional

from .common import BEEP, RATE, SetupError, pct, read_text, stop, tool_version, track
from .recorder import Recorder
from .stack import LineClient, Stack
from .table import row

TONE_HZ = 1000.0      # beep.mp3's tone
TONE_WINDOW = 441     # the onset detector's window: exactly 10 periods of 1 kHz (10 ms)


def tone_envelope(x):
    """Amplitude of the 1 kHz component over a sliding 10 ms window ending at each sample
    (`TONE_WINDOW - 1` samples in)."""
    import numpy as np
    n = np.arange(len(x))
    z = np.concatenate(([0j], np.cumsum(x * np.exp(-2j * np.pi * TONE_HZ * n / RATE))))
    return np.abs(z[TONE_WINDOW:] - z[:-TONE_WINDOW]) * 2 / TONE_WINDOW


def tone_crossing(x) -> Optional[int]:
    """The sample where the 1 kHz envelope first reaches half its peak in `x`; None when no tone
    stands out (the peak is not 8 times the envelope's median before it)."""
    import numpy as np
    if len(x) <= TONE_WINDOW:
        return None
    env = tone_envelope(x)
    peak = float(env.max())
    k = int(np.argmax(env >= 0.5 * peak))
    floor = float(np.median(env[:k])) if k > 10 else 0.0
    if peak <= 0 or peak < 8 * floor:
        return None
    return k + TONE_WINDOW - 1


class Beep:
    """beep.mp3 decoded by mpg123 (the same libmpg123 noised decodes with) to a WAV: the reference
    for the detector, the calibration clicks and what the baseline plays."""

    def __init__(self, root: Path):
        import numpy as np
        self.wav = root / "beep.wav"
        r = subprocess.run(["mpg123", "-q", "-w", str(self.wav), str(BEEP)], capture_output=True,
                           text=True, timeout=60)
        if r.returncode != 0:
            raise SetupError(f"mpg123 could not decode {BEEP}: {r.stderr.strip()}")
        with wave.open(str(self.wav)) as w:
            if w.getframerate() != RATE or w.getsampwidth() != 2:
                raise SetupError(f"{BEEP} decodes to {w.getframerate()} Hz, {8 * w.getsampwidth()} bit")
            channels = w.getnchannels()
            pcm = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").reshape(-1, channels)
        self.mono = pcm.astype(np.float64).mean(axis=1)
        cross = tone_crossing(self.mono[: RATE // 2])
        if cross is None:
            raise SetupError(f"no 1 kHz tone at the start of {BEEP}")
        # The detector's reading on the clean tone: frame 0 of the tone is `cross - self.cross`.
        self.cross = cross

    def heard(self, rec: Recorder, expect: float, early: float, late: float) -> Optional[float]:
        """Wall time at which the tone's first frame was heard, looked for from `early` s before
        `expect` to `late` s after it; None if no tone is there."""
        first = rec.frame_near(expect - early)
        x, first = rec.samples(first, first + int((early + late) * RATE))
        cross = tone_crossing(x)
        if cross is None:
            return None
        return rec.wall(first + cross - self.cross)


class _SampleSpec(ctypes.Structure):
    _fields_ = [("format", ctypes.c_int), ("rate", ctypes.c_uint32), ("channels", ctypes.c_uint8)]


class _BufferAttr(ctypes.Structure):
    _fields_ = [("maxlength", ctypes.c_uint32), ("tlength", ctypes.c_uint32),
                ("prebuf", ctypes.c_uint32), ("minreq", ctypes.c_uint32),
                ("fragsize", ctypes.c_uint32)]


def calibrate(stack: Stack, rec: Recorder, beep: Beep, clicks: int) -> dict:
    """The recording's offset to PulseAudio's own idea of when a frame is heard: a libpulse-simple
    stream (50 ms target buffer) plays silence and, `clicks` times, the first beep written at a known
    wall time t, heard (by `pa_simple_get_latency`, which includes the sink's latency) at t + latency.
    The offset is the median of (t + latency) - (the recording's time for that onset); the spread
    says how precise the recording method is."""
    import numpy as np
    lib = ctypes.CDLL("libpulse-simple.so.0")
    lib.pa_simple_new.restype = ctypes.c_void_p
    lib.pa_simple_new.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                  ctypes.c_char_p, ctypes.POINTER(_SampleSpec), ctypes.c_void_p,
                                  ctypes.POINTER(_BufferAttr), ctypes.POINTER(ctypes.c_int)]
    lib.pa_simple_write.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
                                    ctypes.POINTER(ctypes.c_int)]
    lib.pa_simple_get_latency.restype = ctypes.c_uint64
    lib.pa_simple_get_latency.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
    lib.pa_simple_drain.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
    lib.pa_simple_free.argtypes = [ctypes.c_void_p]
    err = ctypes.c_int(0)
    spec = _SampleSpec(3, RATE, 1)   # PA_SAMPLE_S16LE, mono
    ms = lambda x: int(RATE * x / 1000) * 2
    attr = _BufferAttr(0xFFFFFFFF, ms(50), 0xFFFFFFFF, ms(10), 0xFFFFFFFF)
    server = stack.env["PULSE_SERVER"].encode()
    s = lib.pa_simple_new(server, b"noiseclock-bench", 1, None, b"calibration click",
                          ctypes.byref(spec), None, ctypes.byref(attr), ctypes.byref(err))
    if not s:
        raise SetupError(f"libpulse-simple could not connect (error {err.value})")
    silence = bytes(ms(10))
    click = np.clip(beep.mono[: RATE // 4], -32768, 32767).astype("<i2").tobytes()
    placed = []
    try:
        def write(data: bytes) -> None:
            if lib.pa_simple_write(s, data, len(data), ctypes.byref(err)) < 0:
                raise SetupError(f"pa_simple_write failed (error {err.value})")

        for _ in range(50):
            write(silence)
        for _ in range(clicks):
            for _ in range(40):
                write(silence)   # 0.4 s: the stream is steady, its buffer full
            t = time.time()
            latency = lib.pa_simple_get_latency(s, ctypes.byref(err)) / 1e6
            write(click)
            placed.append((t, latency))
        for _ in range(40):
            write(silence)
        lib.pa_simple_drain(s, ctypes.byref(err))
    finally:
        lib.pa_simple_free(s)
    time.sleep(0.7)   # the recording has the chunks after the last click
    offsets, latencies = [], []
    for t, latency in placed:
        heard = beep.heard(rec, t + latency, 0.2, 0.5)
        if heard is not None:
            offsets.append(t + latency - heard)
            latencies.append(latency)
    if len(offsets) < max(1, clicks // 2):
        raise SetupError(f"found only {len(offsets)} of {clicks} calibration clicks in the recording")
    c = statistics.median(offsets)
    return {"offset": c, "spread": max(abs(o - c) for o in offsets), "n": len(offsets),
            "offsets": offsets, "latency": statistics.median(latencies)}


def sink_latency(stack: Stack) -> str:
    """The null sink's `Latency: X usec, configured Y usec` line, as "X/Y ms"."""
    for line in stack.pactl("list", "sinks").stdout.splitlines():
        line = line.strip()
        if line.startswith("Latency:"):
            nums = [int(w) for w in line.replace(",", " ").split() if w.isdigit()]
            if len(nums) == 2:
                return f"{nums[0] / 1e3:.1f}/{nums[1] / 1e3:.1f} ms"
    return "?"


def mars_time_ahead(stack: Stack, lead: int = 3) -> str:
    """The next whole second of LMST at 0° E at least `lead` s from now (`noisectl mars`), as HH:MM:SS: its
    Earth instant falls anywhere between two seconds."""
    at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(int(time.time()) + lead))
    lmst = json.loads(stack.ctl_ok("mars", "--lon", "0E", "--json", "--at", at))["lmst_hours"] * 3600
    target = math.ceil(lmst) % 86400
    return f"{target // 3600:02d}:{target // 60 % 60:02d}:{target % 60:02d}"


def measure_onsets(stack: Stack, rec: Recorder, beep: Beep, runs: int, white: bool,
                   say: Callable[[str], None], mars: bool = False) -> list[dict]:
    """`runs` alarms, one after the other, each 2-3 s ahead (HH:MM:SS, whole seconds, as
    `date -d '+3 sec' +%T`), `beep` with no ramp; noised plays `white` meanwhile if `white`. With `mars`, alarms
    on the LMST of 0° E (`--mars 0E`), the trigger the daemon gives (with its milliseconds)."""
    if white:
        stack.ctl_ok("play", "white", "--fade-in", "0")
        time.sleep(1.0)
    sub = LineClient(stack.sock)
    out = []
    try:
        reply = sub.request({"id": 1, "cmd": "subscribe"})
        if not reply.get("ok"):
            raise SetupError(f"subscribe failed: {reply}")
        for i in range(runs):
            trigger = int(time.time()) + 3
            hhmmss = mars_time_ahead(stack) if mars else time.strftime("%H:%M:%S", time.localtime(trigger))
            added = stack.ctl_ok("--json", "alarm", "add", hhmmss, "--sound", "beep", "--ring-for", "10s", "--ramp", "0",
                                 "--label", f"bench onset {i + 1}", *(["--mars", "0E"] if mars else []))
            trigger = json.loads(added)["next_trigger"]["unix"]
            event_at = None
            while event_at is None:
                left = trigger + 5 - time.time()
                if left <= 0:
                    raise SetupError(f"alarm at {hhmmss} did not ring within 5 s" + stack.daemon_gone()
                                     + "\n" + stack.log("noised.log"))
                try:
                    line = sub.line(timeout=left)
                except socket.timeout:
                    continue
                if line.get("event") == "alarm_ringing":
                    event_at = time.time()
            time.sleep(max(0.0, trigger + 0.3 - time.time()))   # the tone is out; its onset is noted
            st = stack.status()
            sink = sink_latency(stack)
            stack.ctl_ok("dismiss")
            onset = st.get("alarms", {}).get("last_onset") or {}
            out.append({"trigger": trigger, "white": white, "mars": mars, "event": event_at - trigger,
                        "written": onset.get("written_ms"), "heard": onset.get("heard_ms"),
                        "sink": sink})
    finally:
        sub.close()
    if white:
        stack.ctl_ok("stop", "--fade", "0")
    time.sleep(1.2)   # the last tone is over before anything else is looked for in the recording
    for run in out:
        at = beep.heard(rec, run["trigger"], 0.5, 1.5)
        run["recorded"] = None if at is None else (at - run["trigger"]) * 1e3
    say(f"  {'white' if white else 'idle'}: heard (recording) "
        + ", ".join("?" if r["recorded"] is None else f"{r['recorded']:.1f}" for r in out) + " ms")
    return out


def measure_aplay_baseline(stack: Stack, rec: Recorder, beep: Beep, runs: int) -> list[dict]:
    """The shell way: sleep until the whole second, then exec `aplay -D pulse` on the decoded beep
    (stopped 0.7 s later, after its first beep). 'Written' is when aplay is exec'd (it writes its
    first buffer within its start-up); heard is from the recording."""
    out = []
    for _ in range(runs):
        trigger = math.ceil(time.time() + 0.3)
        time.sleep(max(0.0, trigger - time.time()))
        started = time.time()
        p = subprocess.Popen(["aplay", "-q", "-D", "pulse", str(beep.wav)], env=stack.env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, start_new_session=True)
        track(p)
        time.sleep(max(0.0, started + 0.7 - time.time()))
        if p.poll() is not None:
            raise SetupError(f"aplay -D pulse exited early ({p.returncode}): "
                             + p.stderr.read().decode().strip())
        stop(p)
        p.stderr.close()
        out.append({"trigger": trigger, "written": (started - trigger) * 1e3})
    time.sleep(0.7)
    for run in out:
        at = beep.heard(rec, run["trigger"], 0.3, 2.0)
        run["recorded"] = None if at is None else (at - run["trigger"]) * 1e3
    return out


def measure_alarms(stack: Stack, a: argparse.Namespace, say: Callable[[str], None]) -> dict:
    beep = Beep(stack.root)
    rec = Recorder(stack)
    try:
        say("calibrating the recording with 8 clicks through libpulse-simple")
        cal = calibrate(stack, rec, beep, 8)
        half = a.alarms // 2
        say(f"{a.alarms - half} alarms with nothing playing")
        idle = measure_onsets(stack, rec, beep, a.alarms - half, False, say)
        say(f"{half} alarms over white")
        white = measure_onsets(stack, rec, beep, half, True, say) if half else []
        mars = max(2, a.alarms // 2)
        say(f"{mars} alarms on Mars time (LMST at 0° E), nothing playing")
        on_mars = measure_onsets(stack, rec, beep, mars, False, say, mars=True)
        say(f"{a.alarms} baseline runs: sleep, then aplay -D pulse")
        base = measure_aplay_baseline(stack, rec, beep, a.alarms)
        say("calibrating the recording again")
        cal2 = calibrate(stack, rec, beep, 8)
    finally:
        rec.stop()
    # One offset for the whole recording: the median of both calibrations' clicks.
    offsets = cal["offsets"] + cal2["offsets"]
    offset = statistics.median(offsets)
    for run in idle + white + on_mars + base:
        if run["recorded"] is not None:
            run["recorded"] += offset * 1e3
    return {"cal": {"offset": offset, "spread": max(abs(o - offset) for o in offsets), "n": len(offsets),
                    "before": cal["offset"], "after": cal2["offset"], "latency": cal["latency"]},
            "idle": idle, "white": white, "mars": on_mars, "base": base}

def _p50_p99(values: list[float], signed: bool = True) -> str:
    f = "{:+.1f}" if signed else "{:.1f}"
    return f"{f.format(pct(values, 0.5))} / {f.format(pct(values, 0.99))} ms"


def _alike(a: list[float], b: list[float]) -> bool:
    """Two halves look alike: medians within 2 ms and p99s within 5 ms."""
    return (not a or not b or (abs(pct(a, 0.5) - pct(b, 0.5)) <= 2
                               and abs(pct(a, 0.99) - pct(b, 0.99)) <= 5))


def _met(values: list[float], limit: float) -> str:
    """Early is as wrong as late: the check is on the size of the offset."""
    return "yes" if values and pct([abs(v) for v in values], 0.99) < limit else "no"


def systemd_state() -> str:
    """Why the baseline is not a systemd timer: what `systemd-run --version` and PID 1 say."""
    version = tool_version(["systemd-run", "--version"]) if shutil.which("systemd-run") else ""
    init = (read_text("/proc/1/comm") or "?").strip()
    running = os.path.isdir("/run/systemd/system")
    if not version:
        return "systemd-run is not installed"
    return (f"`systemd-run --version`: {version.split(' (')[0]}; PID 1 is `{init}`"
            + ("" if running else ", not systemd, so `systemd-run --user --on-calendar` timers cannot run"))


def alarm_rows(al: dict) -> tuple[list[list[str]], list[list[str]], list[str]]:
    """Row 7 (the onset heard in the recording, every alarm, against the aplay baseline), the
    supplementary onset rows, and notes."""
    idle, white, base = al["idle"], al["white"], al["base"]
    main, supp, notes = [], [], []
    heard = [r["recorded"] for r in idle + white if r["recorded"] is not None]
    base_heard = [r["recorded"] for r in base if r["recorded"] is not None]
    if heard:
        main.append(row("7", f"alarm onset, scheduled instant → first audio in a `parec` recording, "
                             f"p50 / p99 of {len(heard)}", _p50_p99(heard),
                        f"{_p50_p99(base_heard)} sleep + `aplay`" if base_heard else "—", "—",
                        "p99 < 20 ms", _met(heard, 20.0)))
    on_mars = [r["recorded"] for r in al.get("mars", []) if r["recorded"] is not None]
    if on_mars:
        main.append(row("7m", f"Mars alarm onset (LMST at 0° E, triggers between seconds), instant → first audio "
                              f"in the recording, p50 / p99 of {len(on_mars)}", _p50_p99(on_mars), "—", "—",
                        "p99 < 20 ms", _met(on_mars, 20.0)))
    base_written = [r["written"] for r in base]
    metrics = [
        ("first write vs the trigger (`written_ms`; < 0 by design)",
         "written", f"{_p50_p99(base_written)} `aplay` exec'd" if base_written else "—"),
        ("heard, by the device's delay (`heard_ms`)", "heard", "—"),
        ("heard, found in a `parec` recording", "recorded", "—"),
        ("`alarm_ringing` event after the trigger", "event", "—"),
    ]
    for title, key, peer in metrics:
        scale = 1e3 if key == "event" else 1.0
        vi = [r[key] * scale for r in idle if r[key] is not None]
        vw = [r[key] * scale for r in white if r[key] is not None]
        if key == "recorded" and _alike(vi, vw):
            continue   # the same as row 7
        groups = ([(f"all {len(vi) + len(vw)}", vi + vw)] if _alike(vi, vw)
                  else [(f"idle {len(vi)}", vi), (f"over white {len(vw)}", vw)])
        for n, (label, values) in enumerate(groups):
            if values:
                supp.append(row("", f"alarm onset: {title}, p50 / p99, {label}", _p50_p99(values),
                                peer if n == 0 else ""))
    for name, runs in (("idle", idle), ("over white", white), ("Mars", al.get("mars", [])), ("aplay", base)):
        lost = sum(r["recorded"] is None for r in runs)
        if lost:
            notes.append(f"{lost} of {len(runs)} onsets ({name}) were not found in the recording.")
    cal = al["cal"]
    notes.append(f"Recording clock: offset {cal['offset'] * 1e3:+.1f} ms from {cal['n']} clicks placed through "
                 f"libpulse-simple (latency {cal['latency'] * 1e3:.0f} ms), half before the onsets and half "
                 f"after ({cal['before'] * 1e3:+.1f} and {cal['after'] * 1e3:+.1f} ms), every click within "
                 f"±{cal['spread'] * 1e3:.1f} ms of it.")
    sinks = [r["sink"].split() for r in idle + white if r["sink"] != "?"]
    if sinks:
        now = sorted(float(x[0].split("/")[0]) for x in sinks)
        configured = sorted({x[0].split("/")[1] for x in sinks})
        notes.append(f"The null sink's own latency while the tones sounded: {now[0]:.1f}–{now[-1]:.1f} ms "
                     f"(configured {', '.join(configured)} ms, set by parec's 20 ms).")
    return main, supp, notes


def alarm_method(a: argparse.Namespace) -> str:
    """How the alarm rows were measured (a paragraph for the doc, or nothing when skipped)."""
    text = ""
    if a.alarms:
        half = a.alarms // 2
        text += f"""Alarm onsets (row 7): {a.alarms} alarms, one after the other ({a.alarms - half} with nothing playing, so
the device opens for the tone; {half} over `white`), each added 2–3 s ahead as a whole second of local
time (`noisectl alarm add HH:MM:SS --sound beep --ring-for 10s --ramp 0`; no ramp so the first frame is
loud), awaited as the `alarm_ringing` event on a subscribed connection, then `last_onset` is read from
`noisectl --json status` and the alarm dismissed. `written_ms` is the first write of the tone relative to
the trigger: negative by design, as the tone is handed to the mixer 1.5 s ahead and placed by the device's
delay. `heard_ms` is when that frame plays by the same delay estimate (`snd_pcm_delay`); it is what a user
hears, but it is the daemon's own figure, so the onset is also found independently in a `parec
--latency-msec=20` recording of the sink's monitor: a 1 kHz detector (10 ms window, half-peak crossing,
read against the decoded `beep.mp3`) gives the frame, and the wall time of a frame is the earliest
arrival of the chunks around it minus the frames since (the null sink is paced in real time), plus an
offset calibrated with clicks written through libpulse-simple at a known wall time and heard, by
PulseAudio's own `pa_simple_get_latency`, at that time plus the latency. The target (p99 < 20 ms) is
on the size of the offset, early or late. The peer column is a baseline, not a systemd timer
({systemd_state()}): Python sleeps until the whole second and execs `aplay -q -D pulse` on the decoded
beep (a WAV), {a.alarms} times; its "written" is the exec time, its heard onset is from the same
recording. p99 of 10 or 20 runs is close to the worst run. Row 7m: {max(2, a.alarms // 2)} alarms on Mars time
the same way, with nothing playing (`--mars 0E` at the next whole second of local mean solar time there, 3–4 s
ahead, so each trigger falls between Earth seconds), measured from the trigger the daemon gives, milliseconds
included.

"""
    return text
