"""Row 6: the loop seam. A short loop (seeded noise, made at bench time with sox and lame) plays
through the null sink from each player while parec records the sink's monitor; the recording is
aligned against the file as a gapless decoder returns it (`mpg123 -w`, which honours the LAME tag),
and the gap at each wrap is the distance between consecutive loop starts minus the loop's length:
silence inserted is positive, samples lost negative.

Noise is used because it correlates with nothing but itself: an 8,192-frame piece from 1 s into the
loop has one sharp correlation peak per pass, so its positions give each pass's start to the sample
whatever a player does at the edges (a dropped decoder delay, padding played as silence)."""

from __future__ import annotations

import subprocess
import time
import wave
from pathlib import Path
from typing import Callable, Optional

from .common import RATE, SetupError, stop, track
from .peers import Mpd, start_mpg123
from .stack import Stack

ANCHOR_AT = RATE   # the anchor starts 1 s into the loop, away from both edges
ANCHOR_LEN = 8192
NAME = "seam"      # seam.mp3; noised's id for it in a sounds folder is `seam`


def make_loop(stack: Stack, seconds: float) -> tuple[Path, Path]:
    """`seconds` of seeded white noise (sox -R: the same every run), 44.1 kHz stereo, as an MP3 with
    lame's default tag (gapless decoders return exactly the encoded samples), in a folder of its own
    for noised's config; and its gapless decode as a WAV, the reference."""
    folder = stack.root / "seam-sounds"
    folder.mkdir(exist_ok=True)
    wav, mp3, ref = stack.root / "seam-src.wav", folder / f"{NAME}.mp3", stack.root / "seam-ref.wav"
    steps = [["sox", "-R", "-n", "-r", str(RATE), "-c", "2", "-b", "16", str(wav),
              "synth", f"{seconds:g}", "whitenoise", "vol", "0.5"],
             ["lame", "--quiet", "-b", "192", str(wav), str(mp3)],
             ["mpg123", "-q", "-w", str(ref), str(mp3)]]
    for cmd in steps:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            raise SetupError(f"{' '.join(cmd)} failed ({r.returncode}): {r.stderr.strip()}")
    return mp3, ref


def _load_wav(path: Path):
    import numpy as np
    with wave.open(str(path)) as w:
        if w.getframerate() != RATE or w.getsampwidth() != 2 or w.getnchannels() != 2:
            raise SetupError(f"{path}: not 44.1 kHz s16 stereo")
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").reshape(-1, 2)


class Recording:
    """parec of the monitor, stereo s16 at the sink's rate (no conversion: what the sink played)."""

    def __init__(self, stack: Stack, name: str):
        self.path = stack.root / f"{name}.raw"
        self.out = open(self.path, "wb")
        cmd = ["parec", "--device=bench.monitor", "--format=s16le", f"--rate={RATE}", "--channels=2",
               "--raw", "--latency-msec=50"]
        self.proc = track(subprocess.Popen(cmd, env=stack.env, cwd=stack.root, stdin=subprocess.DEVNULL,
                                           stdout=self.out, stderr=subprocess.DEVNULL,
                                           start_new_session=True))

    def finish(self):
        import numpy as np
        stop(self.proc)
        self.out.close()
        data = np.fromfile(self.path, dtype="<i2")
        return data[: len(data) // 2 * 2].reshape(-1, 2)


def starts(rec, ref) -> list[int]:
    """Frame in `rec` at which each pass of `ref` starts, from the anchor's correlation peaks."""
    import numpy as np
    x = rec[:, 0].astype(np.float64)
    a = ref[ANCHOR_AT:ANCHOR_AT + ANCHOR_LEN, 0].astype(np.float64)
    if len(x) < len(a) * 2:
        return []
    n = 1 << int(np.ceil(np.log2(len(x) + len(a))))
    corr = np.fft.irfft(np.fft.rfft(x, n) * np.conj(np.fft.rfft(a, n)), n)[: len(x) - len(a) + 1]
    c = np.concatenate(([0.0], np.cumsum(x * x)))
    energy = np.sqrt(np.maximum(c[len(a):] - c[:-len(a)], 1e-9))
    ncc = corr / (energy * np.linalg.norm(a))   # 1 where the piece recurs, ~0.01 elsewhere
    hits = np.flatnonzero(ncc > 0.5)
    peaks: list[int] = []
    for h in hits:
        if peaks and h - peaks[-1] < ANCHOR_LEN:
            if ncc[h] > ncc[peaks[-1]]:
                peaks[-1] = int(h)
        else:
            peaks.append(int(h))
    return [p - ANCHOR_AT for p in peaks]


SETTLE = 2 * RATE   # passes starting in the first 2 s of sound are not counted (see analyse)


def analyse(rec, ref) -> dict:
    """Gaps at each wrap; whether the 100 ms either side of each clean wrap are bit-exact, and if not,
    the largest difference there (a decoder's rounding is ±1, a resampler or a gain much more).

    Only passes that start 2 s or more after the recording's first sound count. When a stream starts,
    PulseAudio renders up to its latency ahead and may then rewind the sink and render again; the
    monitor has already passed on what was rendered before the rewind, so the first second or two of
    a recording can repeat part of a pass that was never heard twice (seen once with mpd: a "gap" of
    −79,174 samples at its first wrap)."""
    import numpy as np
    length = len(ref)
    sound = np.flatnonzero(rec.any(axis=1))
    first = int(sound[0]) if len(sound) else 0
    s = [x for x in starts(rec, ref) if x >= first + SETTLE]
    gaps = [b - a - length for a, b in zip(s, s[1:])]
    w = 4410
    around = np.concatenate((ref[-w:], ref[:w])).astype(np.int32)
    exact, worst = [], 0
    for a, g in zip(s, gaps):
        seg = rec[a + length - w: a + length + w].astype(np.int32)
        same = g == 0 and len(seg) == len(around)
        if same:
            worst = max(worst, int(np.abs(seg - around).max()))
        exact.append(same and bool(np.array_equal(seg, around)))
    return {"gaps": gaps, "exact": exact, "max_diff": worst, "passes": len(s), "length": length}


def _record(stack: Stack, name: str, seconds: float, start: Callable[[], None],
            end: Callable[[], None]) -> dict:
    rec = Recording(stack, f"seam-{name}")
    try:
        time.sleep(0.3)
        start()
        time.sleep(seconds)
    finally:
        end()
        time.sleep(0.2)
        data = rec.finish()
    return data


def measure(stack: Stack, mpd: Optional[Mpd], mp3: Path, ref_wav: Path, wraps: int,
            say: Callable[[str], None]) -> dict:
    ref = _load_wav(ref_wav)
    # the passes in the first 2 s are not counted, and the last one may be cut short
    seconds = (wraps + 2) * len(ref) / RATE + SETTLE / RATE + 1.0
    out = {}

    say(f"  noised loops {mp3.name} ({len(ref)} frames) for {seconds:.0f} s")
    data = _record(stack, "noised", seconds,
                   lambda: stack.ctl_ok("play", NAME, "--fade-in", "0", "--volume", "100"),
                   lambda: stack.ctl("stop", "--fade", "0"))
    out["noised"] = analyse(data, ref)

    if mpd is not None:
        say(f"  mpd (repeat, single) loops {mp3.name}")
        mpd.load_loop(mp3.name)
        data = _record(stack, "mpd", seconds, lambda: mpd.mpc("play"), lambda: mpd.mpc("stop"))
        out["mpd"] = analyse(data, ref)

    say(f"  mpg123 -o pulse --loop -1 {mp3.name}")
    box = {}
    data = _record(stack, "mpg123", seconds,
                   lambda: box.setdefault("p", start_mpg123(stack, "pulse", mp3, "mpg123-seam.log")),
                   lambda: stop(box.get("p")))
    out["mpg123"] = analyse(data, ref)
    for name, r in out.items():
        if r["passes"] < 2:
            raise SetupError(f"the seam recording of {name} holds {r['passes']} counted pass(es) of the "
                             "loop: the player did not play it")
    return out
