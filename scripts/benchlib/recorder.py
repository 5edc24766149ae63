"""parec of the sink's monitor with the arrival time of each chunk: the clock the alarm onsets are
read on (onset.py)."""

from __future__ import annotations

import os
import subprocess
import threading
import time

from .common import RATE, SetupError, stop, track, wait_until
from .stack import Stack


class Recorder:
    """`parec` of the sink's monitor (mono s16, 44.1 kHz, 20 ms latency), read on a thread that notes
    the wall clock (CLOCK_REALTIME) as each chunk arrives.

    The null sink is paced in real time, so frame n was heard at t0 + n / RATE. Data can only arrive
    after it was heard by the sink's clock (monitor data is held back by the sink's rewind window), so
    t0 is estimated near each event as min(arrival - frames so far / RATE) over the chunks around it;
    the constant part of the transit is taken out by `calibrate`."""

    def __init__(self, stack: Stack):
        cmd = ["parec", "--device=bench.monitor", "--latency-msec=20", "--format=s16le",
               f"--rate={RATE}", "--channels=1", "--raw"]
        with open(stack.root / "parec.log", "ab") as log:
            self.proc = subprocess.Popen(cmd, env=stack.env, cwd=stack.root, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.PIPE, stderr=log, start_new_session=True)
        track(self.proc)
        self.data = bytearray()
        self.marks: list[tuple[int, float]] = []   # (frames received so far, wall time)
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        wait_until("parec to deliver audio", lambda: self.frames() > RATE // 5, 10)

    def _read(self) -> None:
        fd = self.proc.stdout.fileno()
        while True:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                return
            now = time.time()
            if not chunk:
                return
            with self.lock:
                self.data += chunk
                self.marks.append((len(self.data) // 2, now))

    def frames(self) -> int:
        with self.lock:
            return len(self.data) // 2

    def stop(self) -> None:
        stop(self.proc)
        self.thread.join(5)

    def frame_near(self, wall: float) -> int:
        """Roughly the frame heard at `wall` (from the nearest chunk; for choosing windows)."""
        with self.lock:
            best = min(self.marks, key=lambda m: abs(m[1] - wall))
        return int(best[0] - (best[1] - wall) * RATE)

    def samples(self, first: int, last: int):
        import numpy as np
        first, last = max(0, first), min(self.frames(), last)
        with self.lock:
            raw = bytes(self.data[2 * first:2 * last])
        return np.frombuffer(raw, dtype="<i2").astype(np.float64), first

    def wall(self, frame: int, before: float = 0.2, after: float = 0.6) -> float:
        """When frame `frame` was heard, by the chunks that arrived from `before` s ahead of it to
        `after` s after it (short, so a rewind or a stream opening nearby does not skew it)."""
        lo, hi = frame - before * RATE, frame + after * RATE
        with self.lock:
            offsets = [t - n / RATE for n, t in self.marks if lo <= n <= hi]
        if not offsets:
            raise SetupError("parec delivered nothing around an onset")
        return min(offsets) + frame / RATE

