"""Alarms end to end: the real noised rings, ducks, snoozes, dismisses, gives up and remembers, driven by the
real noisectl and a raw subscriber, with the audio recorded from a PulseAudio null sink.

Alarms are set a few seconds ahead at a whole second.  Daemons that schedule near alarms run with ``TZ=UTC``
so a trigger's time of day is its Unix time mod 86400.  Recording frames are mapped to the wall clock by
sampling (wall time, frames recorded) pairs (``_FrameClock``).  A trigger's tone must be heard on the trigger's
second: from its instant (tones known in advance are scheduled ahead, docs/alarms.md) to ``H.OUTPUT_LATENCY``
after it (a trigger not known in advance starts at once and waits out the device buffer); a stop (dismiss,
snooze, ring limit) is heard up to ``H.OUTPUT_LATENCY`` plus the 0.2 s fade after it.  The only waits that are
not for an event are waits for wall time to pass while the daemon is down (a missed alarm needs its trigger to
be in the past), and the snooze test waits out its one-minute snooze to hear it ring again."""

import queue
import socket
import subprocess
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np
import pytest

import harness as H

RATE = H.RATE
UTC = {"TZ": "UTC"}
DUCK = 0.2                     # noise gain while an alarm rings
STOP_FADE = 0.2                # an alarm tone's stop fade
DUCK_RAMP = 0.25               # the duck's own ramp
BLOCK = 2205                   # 50 ms analysis windows
# Tones known in advance are scheduled to be heard on the trigger's instant: allow that (and the frame clock's
# error) this early.
EARLY = 0.1
ALARM_KEYS = {"id", "time", "enabled", "label", "repeat", "sound", "volume", "ramp_seconds", "snooze_minutes",
              "ring_limit_seconds", "note", "fires_at", "mars", "pass", "date", "zone", "then_mix", "dawn_seconds"}
INFO_KEYS = {"alarm", "next_trigger", "snoozed_until", "ringing", "ringing_since", "tone", "next_pass", "pass_problem",
             "skips", "paused_until"}


# --------------------------------------------------------------------------- helpers


def _json(d, *args):
    r = d.ctl("--json", *args)
    assert r.returncode == 0, str(r)
    return r.json


def _add_at(d, lead, *opts, trigger=None):
    """Adds an alarm at the whole second ``lead`` seconds from now, or at ``trigger`` (Unix seconds; the daemon
    runs in UTC); returns (AlarmInfo, trigger)."""
    if trigger is None:
        trigger = int(time.time()) + lead
    info = _json(d, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), *opts)
    assert info["next_trigger"] is not None and info["next_trigger"]["unix"] == trigger, (trigger, info)
    assert info["alarm"]["enabled"] is True and info["ringing"] is False, info
    return info, trigger


def _wait_wall(instant):
    """Wall time to pass (the daemon is down; nothing else can tell us)."""
    while time.time() < instant:
        time.sleep(min(0.2, max(0.0, instant - time.time())))


def _crash(d):
    """kill -9, like a power cut for the process."""
    d.proc.kill()
    d.proc.wait(5)
    assert d.proc.returncode == -9, d.proc.returncode


class Events:
    """A raw subscriber that stamps every event with the wall time it was read.  No request is sent on it after
    ``subscribe``, so every line is an event; stamps are exact while a test is waiting in ``wait``."""

    def __init__(self, d):
        self.client = H.RawClient(d.socket, timeout=10)
        r = self.client.request("subscribe")
        assert r.get("ok"), r
        self.seen = []          # [wall, name, data, consumed]

    def _match(self, rec, name, pred):
        return not rec[3] and rec[1] == name and pred(rec[2])

    def wait(self, name, pred=lambda data: True, timeout=10.0):
        """The first not yet taken event ``name`` whose data satisfies ``pred``: (data, wall time read)."""
        for rec in self.seen:
            if self._match(rec, name, pred):
                rec[3] = True
                return rec[2], rec[0]
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise H.Timeout(f"no {name} event within {timeout}s; seen: "
                                f"{[(r[1], r[2]) for r in self.seen][-8:]}")
            try:
                msg = self.client.recv(left)
            except (socket.timeout, TimeoutError):
                continue
            rec = [time.time(), msg.get("event"), msg.get("data"), False]
            self.seen.append(rec)
            if self._match(rec, name, pred):
                rec[3] = True
                return rec[2], rec[0]

    def names(self):
        return [r[1] for r in self.seen]

    def close(self):
        self.client.close()


@pytest.fixture
def events_for():
    made = []

    def make(d):
        e = Events(d)
        made.append(e)
        return e

    yield make
    for e in made:
        e.close()


class _FrameClock:
    """Maps wall time to recording frames: the recorder appends audio in real time, so frames recorded by wall
    time w are about a + w * RATE; the sample with the least lag (largest a) is kept."""

    def __init__(self, recorder, samples=12):
        self.offset = -np.inf
        for _ in range(samples):
            w, f = time.time(), recorder.frames
            self.offset = max(self.offset, f - w * RATE)
            time.sleep(0.01)

    def frame(self, wall):
        return int(round(self.offset + wall * RATE))


def _window_gains(seg, refs, block=BLOCK):
    """Per window, least-squares gains g with seg ~= sum g_i * refs[i]."""
    n = len(seg) // block
    S = H.to_float(seg[:n * block]).reshape(n, -1)
    R = [H.to_float(r[:n * block]).reshape(n, -1) for r in refs]
    out = np.zeros((n, len(refs)))
    for i in range(n):
        A = np.stack([r[i] for r in R], 1)
        out[i], *_ = np.linalg.lstsq(A, S[i], rcond=None)
    return out


class _Tiled:
    """A looping sound whose phase is known at one recording frame: its samples at any recording frames."""

    def __init__(self, loop, pos, at_frame):
        self.loop, self.pos, self.at = loop, pos, at_frame

    def get(self, start, end):
        return H.tile_loop(self.loop, (self.pos + start - self.at) % len(self.loop), end - start)


def _missed(status, alarm_id):
    return [m for m in status["alarms"]["missed"] if m["alarm_id"] == alarm_id]


def _ringing_ids(status):
    return sorted(a["alarm"]["id"] for a in status["alarms"]["ringing"])


# --------------------------------------------------------------------------- ring, duck, dismiss


def test_rings_on_time_over_ducked_noise_then_dismiss(make_daemon, pulse, sink, recorder, testdata, events_for):
    """1 + 2: the tone comes in on time, ramps over --ramp, the noise ducks to 0.2; dismiss stops it (fade,
    noise back to unity, bit-exact), a second dismiss is refused and the once alarm is off."""
    noise, tone = testdata.loop.decoded, testdata.alarm.decoded
    d = make_daemon(extra_env=UTC)
    ev = events_for(d)
    assert d.ctl("play", testdata.loop.id, "--volume", "100", "--fade-in", "0").returncode == 0
    onset_noise = recorder.wait_for_sound(timeout=10)
    f0 = onset_noise + int(0.3 * RATE)
    pos_n, corr_n = H.circular_locate(noise, recorder.since(f0, 0.3)[:8192])
    assert corr_n > 0.999, corr_n
    N = _Tiled(noise, pos_n, f0)

    info, trigger = _add_at(d, 3, "--sound", testdata.alarm.id, "--ramp", "2s", "--volume", "100",
                            "--label", "Wake", "--ring-for", "60s")
    aid = info["alarm"]["id"]
    clock = _FrameClock(recorder)
    data, t_event = ev.wait("alarm_ringing", lambda a: a["alarm"]["id"] == aid, timeout=10)
    late = t_event - trigger
    print(f"alarm_ringing read {late * 1000:+.0f} ms after the trigger")
    assert -0.05 <= late <= 1.0, f"alarm_ringing {late:+.3f}s after the trigger (want 0..1 s)"
    assert data["ringing"] is True and data["alarm"]["label"] == "Wake", data

    trig_frame = clock.frame(trigger)
    # Enough for the latency, the 2 s ramp and 1.2 s of steady ringing.
    fs = trig_frame + int((H.OUTPUT_LATENCY + 2.4) * RATE)
    recorder.wait_frames(fs + RATE + BLOCK, timeout=15)
    st = d.status()
    assert _ringing_ids(st) == [aid], st["alarms"]

    # The tone's phase, from a steady second (the noise there is at the duck gain).
    steady = recorder.get(fs, fs + RATE)
    resid = H.to_float(steady) - DUCK * H.to_float(N.get(fs, fs + RATE))
    pos_a, corr_a = H.circular_locate(tone, np.round(resid * 32768).astype(np.int16))
    print(f"tone phase corr {corr_a:.4f}")
    assert corr_a > 0.95, f"what rings is not the alarm sound (corr {corr_a:.3f})"
    A = _Tiled(tone, pos_a, fs)

    w0 = trig_frame - int(0.5 * RATE)
    seg = recorder.get(w0, fs + RATE)
    g = _window_gains(seg, [N.get(w0, fs + RATE), A.get(w0, fs + RATE)])
    t = (w0 + BLOCK * (np.arange(len(g)) + 0.5) - trig_frame) / RATE   # window centres, s after the trigger
    gn, ga = g[:, 0], g[:, 1]
    print("t, noise gain, tone gain:\n" + "\n".join(f"{a:+.3f} {b:.3f} {c:.3f}" for a, b, c in zip(t, gn, ga)))

    # Onset: extrapolate the ramp's rising part back to zero, then snap to the loop start (the tone starts at
    # its first sample, so its onset is a frame where its phase is 0).
    rising = (ga > 0.1) & (ga < 0.9) & (t > 0)
    assert rising.sum() >= 10, f"no gradual ramp in the tone gain (2 s ramp): {np.round(ga, 2)}"
    slope, icpt = np.polyfit(t[rising], ga[rising], 1)
    onset_est = -icpt / slope
    ramp_len = 1.0 / slope
    base = fs - pos_a
    k = round((trig_frame + onset_est * RATE - base) / len(tone))
    onset = (base + k * len(tone) - trig_frame) / RATE
    print(f"tone onset {onset:.3f}s after the trigger (ramp fit {onset_est:.3f}s, ramp {ramp_len:.2f}s)")
    assert abs(onset - onset_est) < 0.1, (onset, onset_est)
    assert -EARLY <= onset <= H.OUTPUT_LATENCY + 0.25, \
        f"tone heard {onset:.3f}s after the trigger; want 0 to the output latency ({H.OUTPUT_LATENCY}s)"
    # Before: noise alone at unity (the duck starts on the tone's first frame).
    before = t < onset - 0.05
    assert np.all(np.abs(ga[before]) < 0.01), f"tone before its onset: {np.round(ga[before], 3)}"
    assert np.all(np.abs(gn[before] - 1) < 0.01), f"noise not at unity before the tone: {np.round(gn[before], 3)}"
    # The ramp: rising over about 2 s, not a jump.
    assert 1.6 <= ramp_len <= 2.4, f"--ramp 2s took {ramp_len:.2f}s"
    quarters = [float(np.mean(ga[(t > onset + a) & (t < onset + b)]))
                for a, b in [(0.05, 0.5), (0.55, 1.0), (1.05, 1.5), (1.55, 1.95)]]
    print(f"tone gain by quarter of the ramp {np.round(quarters, 3)}")
    assert all(b > a + 0.1 for a, b in zip(quarters, quarters[1:])), f"tone not rising: {quarters}"
    assert quarters[0] < 0.4, f"tone too loud at the start of a 2 s ramp: {quarters}"
    full = (t > onset + 2.1)
    assert full.sum() >= 10
    assert np.all(np.abs(ga[full] - 1.0) < 0.02), f"tone not at volume 100 after the ramp: {np.round(ga[full], 3)}"
    # The noise ducked to 0.2 within its quarter-second ramp, and stays there while ringing.
    ducked = t > onset + DUCK_RAMP + 0.05
    assert np.all(np.abs(gn[ducked] - DUCK) < 0.01), f"noise gain while ringing: {np.round(gn[ducked], 3)}"

    # ---- 2. dismiss
    st = d.status()
    assert st["playing"] and st["playing"][0]["id"] == testdata.loop.id, st
    r = d.ctl("--json", "dismiss")
    t_dis = time.time()
    assert r.returncode == 0, str(r)
    assert [a["alarm"]["id"] for a in r.json["alarms"]] == [aid], r.json
    data, t_ev = ev.wait("alarm_dismissed", lambda a: a["alarm"]["id"] == aid, timeout=5)
    assert data["ringing"] is False, data
    dis = clock.frame(t_dis)
    end = dis + int((H.OUTPUT_LATENCY + STOP_FADE + DUCK_RAMP + 1.2) * RATE)
    recorder.wait_frames(end, timeout=10)
    w1 = dis - int(0.3 * RATE)
    g2 = _window_gains(recorder.get(w1, end), [N.get(w1, end), A.get(w1, end)])
    t2 = (w1 + BLOCK * (np.arange(len(g2)) + 0.5) - dis) / RATE
    gn2, ga2 = g2[:, 0], g2[:, 1]
    print("after dismiss: t, noise gain, tone gain:\n"
          + "\n".join(f"{a:+.3f} {b:.3f} {c:.3f}" for a, b, c in zip(t2, gn2, ga2)))
    assert np.all(np.abs(ga2[t2 < 0] - 1) < 0.02), "tone changed before dismiss"
    loud = np.nonzero(np.abs(ga2) > 0.01)[0]
    gone = (loud[-1] + 1) * BLOCK / RATE - 0.3 if len(loud) else 0.0
    print(f"tone gone {gone:.3f}s after the dismiss reply")
    assert gone <= H.OUTPUT_LATENCY + STOP_FADE + 0.1, f"tone still heard {gone:.2f}s after dismiss"
    mid = (np.abs(ga2) > 0.1) & (np.abs(ga2) < 0.9)
    assert mid.any(), f"the tone was cut, not faded (0.2 s): {np.round(ga2, 2)}"
    # Noise back to unity: bit-exact again once the duck's ramp is over.
    tail_start = dis + int((H.OUTPUT_LATENCY + DUCK_RAMP + 0.1) * RATE)
    tail = recorder.get(tail_start, end)
    rep = H.analyze_loop(tail, noise)
    print(f"after dismiss: corr {rep.corr:.5f} mismatched {rep.mismatched_frames}/{len(tail)} "
          f"max diff {rep.max_abs_diff}")
    assert rep.corr > 0.999 and rep.mismatched_frames == 0, \
        f"noise after dismiss is not the loop at unity ({rep.mismatched_frames} frames differ, max {rep.max_abs_diff})"

    r = d.ctl("--json", "dismiss")
    assert r.returncode == 1, str(r)
    assert r.json["error"]["code"] == "not_ringing", r.json
    shown = _json(d, "alarm", "show", str(aid))
    assert shown["alarm"]["enabled"] is False, f"a once alarm stays on after its ring: {shown}"
    assert shown["next_trigger"] is None and shown["snoozed_until"] is None and shown["ringing"] is False, shown
    st = d.status()
    assert st["alarms"]["ringing"] == [] and _missed(st, aid) == [], st["alarms"]
    assert [p["id"] for p in st["playing"]] == [testdata.loop.id], st


# --------------------------------------------------------------------------- snooze


def test_snooze_stops_the_tone_and_survives_kill_9(make_daemon, sink, recorder, testdata, events_for):
    d = make_daemon(extra_env=UTC)
    ev = events_for(d)
    info, trigger = _add_at(d, 3, "--sound", testdata.alarm.id, "--ramp", "0s", "--volume", "100",
                            "--snooze", "9", "--label", "Nap")
    aid = info["alarm"]["id"]
    clock = _FrameClock(recorder)
    ev.wait("alarm_ringing", lambda a: a["alarm"]["id"] == aid, timeout=10)
    onset = recorder.wait_for_sound(start=clock.frame(trigger) - int(0.2 * RATE), timeout=5)
    assert (onset - clock.frame(trigger)) / RATE <= H.OUTPUT_LATENCY + 0.25
    recorder.wait_frames(onset + int(0.5 * RATE))

    r = d.ctl("--json", "snooze", "--for", "1")
    t_snooze = time.time()
    assert r.returncode == 0, str(r)
    assert [a["alarm"]["id"] for a in r.json["alarms"]] == [aid], r.json
    until = r.json["alarms"][0]["snoozed_until"]
    assert until is not None, r.json
    assert t_snooze - 1 + 59 <= until["unix"] <= t_snooze + 61, f"--for 1 snoozed until {until} at {t_snooze:.1f}"
    assert r.json["alarms"][0]["ringing"] is False, r.json
    data, _ = ev.wait("alarm_snoozed", lambda a: a["alarm"]["id"] == aid, timeout=5)
    assert data["snoozed_until"] == until, data

    # The tone stops (0.2 s fade) and stays off.
    snooze_frame = clock.frame(t_snooze)
    silent_at = recorder.wait_for_silence(start=snooze_frame, timeout=5)
    stop = (silent_at - snooze_frame) / RATE
    print(f"silent {stop:.3f}s after the snooze reply")
    assert stop <= H.OUTPUT_LATENCY + STOP_FADE + 0.15, f"tone went on {stop:.2f}s after snooze"
    assert H.peak(recorder.since(silent_at, 1.0)) == 0.0, "sound after the snooze"

    shown = _json(d, "alarm", "show", str(aid))
    assert shown["snoozed_until"] == until and shown["ringing"] is False, shown
    assert shown["alarm"]["enabled"] is True, f"a snoozed once alarm must stay on until its snooze rings: {shown}"
    st = d.status()
    assert st["alarms"]["ringing"] == [], st["alarms"]
    assert st["alarms"]["next"]["alarm"]["id"] == aid and st["alarms"]["next"]["snoozed_until"] == until, st["alarms"]
    r = d.ctl("--json", "snooze")
    assert r.returncode == 1 and r.json["error"]["code"] == "not_ringing", str(r)

    # The snooze is stored: it survives kill -9 and a restart, and nothing rings at start.
    _crash(d)
    d.start()
    shown = _json(d, "alarm", "show", str(aid))
    assert shown["snoozed_until"] == until, f"snooze lost across kill -9: {shown}"
    assert shown["ringing"] is False and shown["alarm"]["enabled"] is True, shown
    st = d.status()
    assert st["alarms"]["ringing"] == [] and _missed(st, aid) == [], st["alarms"]
    assert st["alarms"]["next"] is not None and st["alarms"]["next"]["alarm"]["id"] == aid, st["alarms"]
    assert H.peak(recorder.record(1.0)) == 0.0, "a snoozed alarm rang at restart"

    # The restarted daemon rings it again when the snooze is over.
    ev = events_for(d)
    clock = _FrameClock(recorder)
    data, t_again = ev.wait("alarm_ringing", lambda a: a["alarm"]["id"] == aid,
                            timeout=until["unix"] - time.time() + 5)
    print(f"rang again {t_again - until['unix']:+.3f}s after the snooze's end")
    assert -0.05 <= t_again - until["unix"] <= 1.0, f"rang again {t_again - until['unix']:+.2f}s off {until}"
    again = recorder.wait_for_sound(start=clock.frame(until["unix"]) - int(0.3 * RATE), timeout=5)
    heard = (again - clock.frame(until["unix"])) / RATE
    assert -EARLY <= heard <= H.OUTPUT_LATENCY + 0.25, f"tone heard {heard:.2f}s after the snooze's end"
    r = d.ctl("--json", "dismiss")
    assert r.returncode == 0 and [a["alarm"]["id"] for a in r.json["alarms"]] == [aid], str(r)
    shown = _json(d, "alarm", "show", str(aid))
    assert shown["alarm"]["enabled"] is False and shown["snoozed_until"] is None, shown
    assert _missed(d.status(), aid) == []


# --------------------------------------------------------------------------- ring limit


def test_ring_limit_stops_and_reports_unattended(make_daemon, sink, recorder, testdata, events_for):
    d = make_daemon(extra_env=UTC)
    ev = events_for(d)
    info, trigger = _add_at(d, 2, "--sound", testdata.alarm.id, "--ramp", "0s", "--volume", "60",
                            "--ring-for", "10s", "--label", "Limit")
    aid = info["alarm"]["id"]
    assert info["alarm"]["ring_limit_seconds"] == 10, info
    clock = _FrameClock(recorder)
    _, t_ring = ev.wait("alarm_ringing", lambda a: a["alarm"]["id"] == aid, timeout=10)
    assert -0.05 <= t_ring - trigger <= 1.0, t_ring - trigger
    trig_frame = clock.frame(trigger)
    onset = recorder.wait_for_sound(start=trig_frame - int(0.2 * RATE), timeout=5, threshold=0.005)

    missed, t_missed = ev.wait("alarm_missed", lambda m: m["alarm_id"] == aid, timeout=15)
    print(f"alarm_missed {t_missed - trigger:.3f}s after the trigger: {missed}")
    assert missed["reason"] == "unattended", missed
    assert missed["trigger"]["unix"] == trigger and missed["label"] == "Limit", missed
    assert 10 - 0.05 <= t_missed - trigger <= 11.0, f"gave up {t_missed - trigger:.2f}s after the trigger (--ring-for 10s)"

    silent_at = recorder.wait_for_silence(start=onset, timeout=5)
    rang = (silent_at - onset) / RATE
    stopped = (silent_at - trig_frame) / RATE
    print(f"tone from {(onset - trig_frame) / RATE:.3f}s to {stopped:.3f}s after the trigger")
    assert 10.0 <= stopped <= 10 + H.OUTPUT_LATENCY + STOP_FADE + 0.3, f"tone stopped {stopped:.2f}s after the trigger"
    assert 9.5 <= rang <= 10 + H.OUTPUT_LATENCY + STOP_FADE + 0.3, f"rang {rang:.2f}s for --ring-for 10s"
    # it rang all along, without a gap
    body = recorder.get(onset + 4410, silent_at - int(0.3 * RATE))
    assert H.longest_silent_run(body) < 8, "a gap in the ringing tone"
    assert H.peak(recorder.since(silent_at, 0.5)) == 0.0

    st = d.status()
    assert st["alarms"]["ringing"] == [], st["alarms"]
    m = _missed(st, aid)
    assert len(m) == 1 and m[0]["reason"] == "unattended" and m[0]["trigger"]["unix"] == trigger, st["alarms"]
    assert "alarm_dismissed" not in ev.names() and "alarm_snoozed" not in ev.names(), ev.names()
    shown = _json(d, "alarm", "show", str(aid))
    assert shown["alarm"]["enabled"] is False and shown["next_trigger"] is None, shown
    r = d.ctl("--json", "dismiss")
    assert r.returncode == 1 and r.json["error"]["code"] == "not_ringing", str(r)
    # The missed alarm is listed, in words, until it is cleared; cleared, it stays gone after a restart.
    assert [(x["alarm_id"], x["reason"]) for x in _json(d, "alarm", "missed")["missed"]] == [(aid, "unattended")]
    r = d.ctl("alarm", "missed")
    assert r.returncode == 0 and "rang to its limit and nobody stopped it" in r.stdout, str(r)
    r = d.ctl("alarm", "missed", "--clear")
    assert r.returncode == 0 and r.stdout.strip() == "Cleared 1 missed alarm.", str(r)
    assert _json(d, "alarm", "missed")["missed"] == [] and d.status()["alarms"]["missed"] == []
    d.stop()
    d.start()
    assert d.status()["alarms"]["missed"] == [] and d.ctl("alarm", "missed").stdout.strip() == "No missed alarms."


# --------------------------------------------------------------------------- while the daemon is down


def test_missed_while_down_and_recent_trigger_rings_at_start(make_daemon, sink, recorder, testdata):
    """Alarm A (ring limit 10 s) passes 15 s before the restart: missed (late), not rung. Alarm B (ring limit
    60 s) passes about 1 s before the restart: it rings at start."""
    d = make_daemon(extra_env=UTC)
    a, t_a = _add_at(d, 2, "--sound", testdata.alarm.id, "--ramp", "0s", "--ring-for", "10s", "--label", "A")
    b, t_b = _add_at(d, None, "--sound", testdata.alarm.id, "--ramp", "0s", "--volume", "100",
                     "--ring-for", "60s", "--label", "B", trigger=t_a + 14)
    _crash(d)
    assert H.peak(recorder.record(0.3)) == 0.0
    _wait_wall(t_a + 15)
    d.start()
    t_start = time.time()
    print(f"restarted {t_start - t_a:.2f}s after A, {t_start - t_b:.2f}s after B")
    assert t_start - t_b < 3, "the restart came too late for this test"
    st = d.wait_status(lambda s: s["alarms"]["ringing"], 3, "alarm B ringing at start")
    assert _ringing_ids(st) == [b["alarm"]["id"]], st["alarms"]
    ma = _missed(st, a["alarm"]["id"])
    assert len(ma) == 1 and ma[0]["reason"] == "late" and ma[0]["trigger"]["unix"] == t_a, st["alarms"]
    assert ma[0]["label"] == "A", ma
    assert _missed(st, b["alarm"]["id"]) == [], st["alarms"]
    sa = _json(d, "alarm", "show", str(a["alarm"]["id"]))
    assert sa["ringing"] is False and sa["alarm"]["enabled"] is False and sa["next_trigger"] is None, sa
    onset = recorder.wait_for_sound(timeout=5)
    seg = recorder.since(onset + 2205, 0.5)
    assert H.rms(seg) == pytest.approx(H.rms(testdata.alarm.decoded), rel=0.1), "B's tone at volume 100"
    r = d.ctl("--json", "dismiss")
    assert r.returncode == 0 and [x["alarm"]["id"] for x in r.json["alarms"]] == [b["alarm"]["id"]], str(r)
    recorder.wait_for_silence(start=onset, timeout=5)


# --------------------------------------------------------------------------- the store


def test_store_survives_kill_9(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    adds = [
        ["06:30", "--repeat", "weekdays", "--label", "Work", "--sound", testdata.alarm.id, "--volume", "37.5"],
        ["07:15:30", "--repeat", "mon,wed,fri", "--label", "Gym ☀", "--ramp", "90s", "--snooze", "1",
         "--note", "bring shoes"],
        ["21:00", "--repeat", "daily", "--sound", testdata.loop.id, "--ramp", "0s", "--ring-for", "2h",
         "--snooze", "60"],
        ["12:00", "--label", "Lunch", "--ring-for", "10s", "--volume", "0", "--disabled"],
        ["23:59:59", "--repeat", "sat..sun", "--label", "Late", "--note", "line one\ttab"],
    ]
    made = [_json(d, "alarm", "add", *a) for a in adds]
    _crash(d)     # right after the last reply
    db = Path(d.env_dirs["XDG_STATE_HOME"]) / "noised" / "noised.sqlite"
    assert db.exists(), list(db.parent.iterdir()) if db.parent.exists() else "no state dir"
    chk = subprocess.run(["sqlite3", str(db), "PRAGMA integrity_check;", "SELECT count(*) FROM alarm;"],
                         capture_output=True, text=True, timeout=10)
    assert chk.returncode == 0 and chk.stdout.split() == ["ok", "5"], (chk.stdout, chk.stderr)

    d.start()
    after = _json(d, "alarm", "list")["alarms"]
    by_id = {a["alarm"]["id"]: a for a in after}
    assert sorted(by_id) == sorted(m["alarm"]["id"] for m in made), after
    for m in made:
        assert by_id[m["alarm"]["id"]] == m, f"changed across kill -9:\n{m}\n{by_id[m['alarm']['id']]}"
    lunch = by_id[made[3]["alarm"]["id"]]
    assert lunch["alarm"]["enabled"] is False and lunch["next_trigger"] is None, lunch
    assert by_id[made[1]["alarm"]["id"]]["alarm"]["note"] == "bring shoes"
    assert by_id[made[0]["alarm"]["id"]]["alarm"]["volume"] == 37.5
    assert d.stop() == 0
    chk = subprocess.run(["sqlite3", str(db), "PRAGMA integrity_check;"], capture_output=True, text=True, timeout=10)
    assert chk.returncode == 0 and chk.stdout.strip() == "ok", (chk.stdout, chk.stderr)


# --------------------------------------------------------------------------- two at once


def test_two_alarms_due_together_one_dismiss(make_daemon, sink, recorder, testdata, events_for):
    d = make_daemon(extra_env=UTC)
    ev = events_for(d)
    a, trigger = _add_at(d, 3, "--sound", testdata.alarm.id, "--ramp", "0s", "--label", "one")
    b, _ = _add_at(d, None, "--repeat", "daily", "--sound", testdata.loop.id, "--ramp", "0s", "--label", "two",
                   trigger=trigger)
    ids = sorted([a["alarm"]["id"], b["alarm"]["id"]])
    got = {}
    for _ in ids:
        data, t = ev.wait("alarm_ringing", lambda x: x["alarm"]["id"] in ids and x["alarm"]["id"] not in got,
                          timeout=10)
        got[data["alarm"]["id"]] = t
    assert sorted(got) == ids
    for t in got.values():
        assert -0.05 <= t - trigger <= 1.0, (got, trigger)
    st = d.status()
    assert _ringing_ids(st) == ids, st["alarms"]
    onset = recorder.wait_for_sound(timeout=5)

    r = d.ctl("--json", "dismiss")
    t_dis = time.time()
    assert r.returncode == 0, str(r)
    assert sorted(x["alarm"]["id"] for x in r.json["alarms"]) == ids, r.json
    for i in ids:
        ev.wait("alarm_dismissed", lambda x, i=i: x["alarm"]["id"] == i, timeout=5)
    st = d.status()
    assert st["alarms"]["ringing"] == [], st["alarms"]
    silent_at = recorder.wait_for_silence(start=onset, timeout=5)
    assert H.peak(recorder.since(silent_at, 0.7)) == 0.0, "sound after dismissing both"
    r = d.ctl("--json", "dismiss")
    assert r.returncode == 1 and r.json["error"]["code"] == "not_ringing", str(r)
    sa, sb = (_json(d, "alarm", "show", str(i)) for i in ids)
    assert sa["alarm"]["enabled"] is False, sa                       # once: done
    assert sb["alarm"]["enabled"] is True and sb["next_trigger"]["unix"] == trigger + 86400, sb   # daily: tomorrow


# --------------------------------------------------------------------------- refusals


def test_bad_input_is_refused_and_changes_nothing(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    _json(d, "alarm", "add", "07:00", "--label", "keep")
    before = _json(d, "alarm", "list")["alarms"]

    for args, words in [(["25:00"], ["25:00"]), (["07:00", "--repeat", "funday"], ["funday"]),
                        (["07:00", "--snooze", "0"], ["snooze", "1 to 60"]),
                        (["07:00", "--ring-for", "5s"], ["ring"]), (["07:00", "--volume", "101"], ["volume"])]:
        r = d.ctl("alarm", "add", *args)
        assert r.returncode == 2, str(r)
        for w in words:
            assert w in r.stderr, f"{w!r} not in the message:\n{r}"
    r = d.ctl("alarm", "add", "07:00", "--sound", "nope")
    assert r.returncode == 1, str(r)
    assert "nope" in r.stderr and "noisectl sounds" in r.stderr, str(r)
    r = d.ctl("--json", "alarm", "add", "07:00", "--sound", "nope")
    assert r.returncode == 1 and r.json["error"]["code"] == "unknown_sound", str(r)

    for args in (["alarm", "show", "999"], ["alarm", "edit", "999", "--label", "x"], ["alarm", "enable", "999"],
                 ["alarm", "remove", "999"], ["alarm", "duplicate", "999"]):
        r = d.ctl("--json", *args)
        assert r.returncode == 1, str(r)
        assert r.json["error"]["code"] == "unknown_alarm", str(r)
        assert "999" in r.json["error"]["message"], str(r)
        assert f"ids: {before[0]['alarm']['id']}" in r.json["error"]["message"], f"the message lists the ids: {r}"
    r = d.ctl("alarm", "show", "999")
    assert r.returncode == 1 and "999" in r.stderr, str(r)

    with H.RawClient(d.socket) as c:
        for args, name in [({"time": 7}, "time"), ({"time": "07:00", "volume": "loud"}, "volume"),
                           ({"time": "07:00", "snooze_minutes": 1.5}, "snooze_minutes"),
                           ({"time": "07:00", "enabled": "yes"}, "enabled"),
                           ({"time": "07:00", "ring_limit_seconds": 5}, "ring_limit_seconds"),
                           ({"time": "25:00"}, "25:00"), ({"time": "07:00", "repeat": "funday"}, "funday"),
                           ({"time": "07:00", "snooze_minutes": 0}, "snooze_minutes"),
                           ({"label": "no time"}, "time"), ({"time": "07:00", "colour": "red"}, "colour")]:
            r = c.request("alarm_add", args)
            assert r["ok"] is False and r["error"]["code"] == "invalid_argument", (args, r)
            assert name in r["error"]["message"], (args, r)
        r = c.request("alarm_add", {"time": "07:00", "sound": "nope"})
        assert r["ok"] is False and r["error"]["code"] == "unknown_sound", r
        r = c.request("alarm_edit", {"id": 999, "label": "x"})
        assert r["ok"] is False and r["error"]["code"] == "unknown_alarm", r
        r = c.request("alarm_edit", {"id": before[0]["alarm"]["id"], "volume": "loud"})
        assert r["ok"] is False and r["error"]["code"] == "invalid_argument", r
        r = c.request("snooze", {"minutes": 1})
        assert r["ok"] is False and r["error"]["code"] == "not_ringing", r

    assert _json(d, "alarm", "list")["alarms"] == before
    assert d.status()["alarms"]["count"] == 1


def test_alarm_object_has_every_field(make_daemon, testdata):
    """docs/protocol.md: keys in replies are sorted and absent values are null; the alarm object shows
    "note": null. The same object everywhere: add, show, list, next, status."""
    d = make_daemon(device="null", extra_env=UTC)
    bare = _json(d, "alarm", "add", "07:00")
    noted = _json(d, "alarm", "add", "08:00", "--note", "hi")
    assert set(noted) == INFO_KEYS and set(noted["alarm"]) == ALARM_KEYS, noted
    assert set(bare) == INFO_KEYS, bare
    missing = ALARM_KEYS - set(bare["alarm"])
    assert not missing, f"alarm object without a note leaves out {sorted(missing)} instead of null: {bare['alarm']}"
    assert bare["alarm"]["note"] is None
    aid = bare["alarm"]["id"]
    for info in (_json(d, "alarm", "show", str(aid)), _json(d, "alarm", "next")["alarm"],
                 d.status()["alarms"]["next"], *_json(d, "alarm", "list")["alarms"]):
        assert set(info) == INFO_KEYS and set(info["alarm"]) == ALARM_KEYS, info
    assert _json(d, "alarm", "remove", str(noted["alarm"]["id"])) == {"removed": [noted["alarm"]["id"]]}


def test_alarm_add_unknown_sound_names_the_closest_ids(make_daemon, testdata):
    """docs/protocol.md: an unknown_sound error's message lists the closest ids (as `play` does)."""
    d = make_daemon(device="null", extra_env=UTC)
    r = d.ctl("--json", "play", "testalarn")
    assert r.returncode == 1 and "testalarm" in r.json["error"]["message"], str(r)   # play does
    r = d.ctl("--json", "alarm", "add", "07:00", "--sound", "testalarn")
    assert r.returncode == 1 and r.json["error"]["code"] == "unknown_sound", str(r)
    assert "testalarm" in r.json["error"]["message"], \
        f"alarm add --sound testalarn does not suggest testalarm: {r.json['error']['message']!r}"
    assert _json(d, "alarm", "list")["alarms"] == []


# --------------------------------------------------------------------------- alarm when, import, time zone


def test_alarm_when_needs_no_daemon(bins, tmp_path):
    env = H.base_env(H.make_env_dirs(tmp_path))
    nowhere = tmp_path / "no-daemon.sock"
    r = H.noisectl("--json", "alarm", "when", "02:30", "--repeat", "daily", "--zone", "America/New_York",
                   "--from", "2024-03-09T12:00:00Z", "--count", "3", socket=nowhere, env=env)
    assert r.returncode == 0, str(r)
    out = r.json
    assert out["zone"] == "America/New_York", out
    first = out["triggers"][0]
    assert first["instant"] == "2024-03-10T03:30:00-04:00", out
    assert first["unix"] == 1710055800 and first["shifted"] is True, first
    assert [t["instant"] for t in out["triggers"][1:]] == ["2024-03-11T02:30:00-04:00", "2024-03-12T02:30:00-04:00"]
    r = H.noisectl("alarm", "when", "02:30", "--zone", "Europe/Berln", socket=nowhere, env=env)
    assert r.returncode == 2, str(r)
    assert "Europe/Berlin" in r.stderr, str(r)


def test_import_ios_alarms(make_daemon):
    d = make_daemon(device="null", data_dir=H.REPO, extra_env=UTC)
    fixture = H.REPO / "Tests" / "fixtures" / "ios-alarms.json"
    r = d.ctl("--json", "alarm", "import", str(fixture))
    assert r.returncode == 0, str(r)
    out = r.json
    assert len(out["imported"]) == 6, out
    assert [s["index"] for s in out["skipped"]] == [4, 7, 8], out
    assert all(s["reason"] for s in out["skipped"]), out
    listed = {a["alarm"]["id"]: a["alarm"] for a in _json(d, "alarm", "list")["alarms"]}
    assert sorted(listed) == sorted(out["imported"]), (listed, out)
    by_label = {a["label"]: a for a in listed.values()}
    assert set(by_label) == {"Work", "Dentist", "Gym", "Early train", "Bedtime", "Weekend"}, by_label
    work = by_label["Work"]
    assert (work["time"], work["repeat"], work["sound"], work["volume"], work["snooze_minutes"], work["enabled"]) \
        == ("06:45", "weekdays", "digital", 70, 10, True), work
    assert by_label["Dentist"]["enabled"] is False, by_label["Dentist"]
    gym = by_label["Gym"]
    assert (gym["time"], gym["repeat"], gym["sound"], gym["volume"], gym["snooze_minutes"]) \
        == ("07:05", "mon,wed,fri", "wakeup", 100, 5), gym
    assert by_label["Weekend"]["repeat"] == "weekends" and by_label["Weekend"]["sound"] == "chime", by_label
    assert by_label["Bedtime"]["repeat"] == "daily", by_label["Bedtime"]
    # an old entry's date with the phone's offset keeps its wall time
    assert by_label["Early train"]["time"] == "05:15" and by_label["Early train"]["repeat"] == "once", by_label
    r = d.ctl("alarm", "list")
    assert r.returncode == 0 and all(label in r.stdout for label in by_label), str(r)
    # Run again: every alarm is there already and none is added twice; that is no failure.
    r = d.ctl("--json", "alarm", "import", str(fixture))
    assert r.returncode == 0 and r.json["imported"] == [], str(r)
    assert sorted(a["id"] for a in r.json["already_there"]) == sorted(out["imported"]), r.json
    assert len(_json(d, "alarm", "list")["alarms"]) == 6
    r = d.ctl("alarm", "import", str(fixture))
    assert r.returncode == 0 and "6 alarms already there, not added again" in r.stdout, str(r)


def _next_local(zone, hour, minute):
    now = datetime.now(zone)
    cand = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if cand <= now:
        cand = (cand.replace(tzinfo=None) + timedelta(days=1)).replace(tzinfo=zone)
    return cand


def test_daemon_uses_tz_from_its_environment(make_daemon):
    ny = ZoneInfo("America/New_York")
    d = make_daemon(device="null", extra_env={"TZ": "America/New_York"})
    st = d.status()
    assert st["alarms"]["time_zone"] == "America/New_York", st["alarms"]
    want = {_next_local(ny, 7, 0)}
    info = _json(d, "alarm", "add", "07:00", "--repeat", "daily")
    want.add(_next_local(ny, 7, 0))
    nt = info["next_trigger"]
    print(f"next trigger {nt}; expected {[w.isoformat() for w in want]}")
    assert any(nt["unix"] == int(w.timestamp()) and nt["local"] == w.isoformat()
               and nt["offset_seconds"] == w.utcoffset().total_seconds() for w in want), (nt, want)
    assert nt["local"].endswith(("-05:00", "-04:00")), nt


# --------------------------------------------------------------------------- preview


def test_preview_plays_the_sound_once(make_daemon, pulse, sink, recorder, testdata):
    tone = testdata.alarm.decoded
    d = make_daemon()
    mark = recorder.frames
    r = d.ctl("preview", testdata.alarm.id, "--for", "5s", "--volume", "100")
    assert r.returncode == 0, str(r)
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    seg = recorder.since(max(mark, onset - 4410), len(tone) / RATE + 0.3)
    pos, corr = H.linear_locate(seg, tone)
    start = max(mark, onset - 4410) + pos
    got = recorder.get(start, start + len(tone))
    g = H.fit_gain(got, tone)
    diff = np.abs(got.astype(np.int32) - tone.astype(np.int32))
    print(f"preview corr {corr:.5f} gain {g:.4f} frames differing {int(np.any(diff > 0, 1).sum())} max {diff.max()}")
    assert corr > 0.999 and g == pytest.approx(1.0, abs=0.01), (corr, g)
    # volume 100 is unity gain, and a preview starts at full volume: the decoded file, sample for sample
    assert diff.max() == 0, f"preview at volume 100 differs from the decoded sound in {int(np.any(diff > 0, 1).sum())} frames"
    silent_at = recorder.wait_for_silence(start=onset, timeout=8)
    dur = (silent_at - start) / RATE
    print(f"preview sounded {dur:.3f}s (the sound is {len(tone) / RATE:.3f}s)")
    assert dur <= len(tone) / RATE + 0.15, f"preview went on {dur:.2f}s: it should play a 1 s sound once"
    assert dur >= len(tone) / RATE - 0.1, f"preview cut short ({dur:.2f}s)"
    assert H.peak(recorder.since(silent_at, 1.5)) == 0.0, "sound again after the preview"
    st = d.wait_status(lambda s: s["audio"]["state"] == "idle", 5, "device idle after the preview")
    assert st["playing"] == [] and st["alarms"]["ringing"] == [], st
    H.wait_until(lambda: not pulse.sink_inputs_on(sink), 5, desc="no stream left on the sink after the preview")


def test_without_audio_an_alarm_still_rings_every_other_way(make_daemon, testdata, events_for):
    # The desktop notification that says so is test_desktop.py's (through a notification server on D-Bus).
    d = make_daemon(device="nonexistent_pcm_for_alarms", extra_env=UTC)
    # The first open is tried on the audio thread after the socket is up, so await its outcome.
    d.wait_status(lambda s: s["audio"]["state"] == "error", 6, "audio state error")
    ev = events_for(d)
    info, trigger = _add_at(d, 2, "--sound", testdata.alarm.id, "--label", "Silent")
    aid = info["alarm"]["id"]
    _, t_ring = ev.wait("alarm_ringing", lambda a: a["alarm"]["id"] == aid, timeout=10)
    assert -0.05 <= t_ring - trigger <= 1.0, t_ring - trigger
    H.wait_until(lambda: "cannot be heard" in d.log(), timeout=5, desc="a warning that the alarm cannot be heard")
    assert "warning" in [line for line in d.log().splitlines() if "cannot be heard" in line][0]
    assert _ringing_ids(d.status()) == [aid]
    assert d.ctl("dismiss").returncode == 0


# --------------------------------------------------------------------------- watch through a pipe


def test_watch_through_a_pipe_prints_each_event_as_it_comes(make_daemon, testdata):
    """`noisectl watch | cat`: stdout is a pipe, not a terminal, and each event still comes out as it happens (a
    status bar reads it so), alarm events in words. Without a flush per event the lines would wait in a 4 KiB
    buffer until watch exits, and none of the awaited lines below would arrive while it runs."""
    d = make_daemon(device="null", extra_env=UTC)
    argv = [str(H.bin_dir() / "noisectl"), "--socket", str(d.socket), "watch"]
    p = H._register(subprocess.Popen(argv, env=d.env(), stdout=subprocess.PIPE, stdin=subprocess.DEVNULL))
    cat = H._register(subprocess.Popen(["cat"], stdin=p.stdout, stdout=subprocess.PIPE, text=True))
    p.stdout.close()   # cat holds the pipe's reading end now
    lines: "queue.Queue[str]" = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in cat.stdout], daemon=True).start()
    seen = []

    def expect(text):
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                continue
            seen.append(line.rstrip("\n"))
            if text in line:
                assert p.poll() is None, "watch exited"
                return line
        raise AssertionError(f"no line with {text!r} from `watch | cat` while it runs; got {seen}")

    try:
        expect("Watching noised")
        info, _ = _add_at(d, 3, "--sound", testdata.alarm.id, "--label", "Work", "--snooze", "9", "--ring-for", "60s")
        aid = info["alarm"]["id"]
        expect(f"next_alarm: alarm {aid} ")
        expect("alarm_ringing: ")
        assert "Work ringing (snooze 9 min)" in seen[-1], seen[-1]
        assert d.ctl("dismiss").returncode == 0
        expect("alarm_dismissed: ")
        assert "Work dismissed" in seen[-1], seen[-1]
    finally:
        H.stop_process(p)
        H.stop_process(cat)
