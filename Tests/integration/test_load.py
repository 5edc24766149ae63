"""Load: 200 clients at once, 100 requests each, while a noise loop plays through PulseAudio and an alarm comes
due in the middle of it.

Each client is a thread with its own raw Unix-socket connection, sending one request at a time and waiting for
its reply: status, sounds, alarm_list, alarm_next, ping and invalid requests (each with the error code it must
get), then, last, five volume changes of the playing loop.  Every reply must carry the request's id and be right.

The audio: the loop plays at volume 100, where the daemon's output is the decoded file bit for bit, so the
recording can be compared with the loop sample for sample.  The volume changes come only after the alarm and the
two analysed stretches (the clients wait for the test to open that gate, an event), so nothing but the alarm
changes the noise while it is analysed.  Checked: before the alarm, the recording is the loop with no sample
lost or inserted at any wrap (``analyze_loop``: 0 slips, 0 frames differing); the alarm (added 4 s ahead, so its
tone is scheduled ahead as docs/alarms.md says) is heard on its trigger (its first frame found in the
recording, against the docs/performance.md target of 20 ms, plus this harness's recording-clock allowance); after
its dismissal the loop is bit-exact again; no silent gap anywhere (``longest_silent_run``); no device underrun.
Requests/s and the p50/p99 latency are printed."""

import json
import os
import random
import signal
import threading
import time

import numpy as np

import harness as H

RATE = H.RATE
UTC = {"TZ": "UTC"}
CLIENTS = 200
PER_CLIENT = 100               # at least; a client goes on until the alarm has rung and been recorded (`load_done`)
VOLUME_TAIL = 5                # each client's last requests: volume changes of the loop, after the gate opens
LEAD = 3                       # the alarm is due 2 to 3 s after the load starts (added just before it)
OTHER_ALARMS = 30              # far-away alarms in the store, so alarm_list has something to list
STOP_FADE = 0.2                # an alarm tone's stop fade
DUCK_RAMP = 0.25               # the noise's duck ramp
# docs/performance.md: a tone is heard on its trigger within 20 ms (p99, early or late), measured against a
# calibrated recording clock.  The frame clock here is not calibrated: it maps wall time to frames by when parec's
# chunks arrive (20 ms latency), and docs/performance.md found PulseAudio's own estimates 5 ms apart and its
# calibration offset 17 ms.  So the onset must lie within the target plus that allowance, either way.
ONSET_TARGET = 0.020
CLOCK_ALLOWANCE = 0.030
SEED = 1234


class _FrameClock:
    """Wall time -> recording frame: the recorder appends in real time, so frames recorded by wall time w are
    about a + w * RATE; the sample with the least lag (largest a) is kept (as in test_alarms.py)."""

    def __init__(self, recorder, samples=12):
        self.offset = -np.inf
        for _ in range(samples):
            w, f = time.time(), recorder.frames
            self.offset = max(self.offset, f - w * RATE)
            time.sleep(0.01)

    def frame(self, wall):
        return int(round(self.offset + wall * RATE))


class Client(threading.Thread):
    """One connection, ``PER_CLIENT`` requests, one at a time; every reply checked."""

    def __init__(self, index, d, testdata, state, start, gate, load_done):
        super().__init__(daemon=True)
        self.index = index
        self.d = d
        self.sound_ids = sorted(s.id for s in testdata.sounds)
        self.loop_id = testdata.loop.id
        self.state = state
        self.start_barrier = start
        self.gate = gate
        self.load_done = load_done
        self.rng = random.Random(SEED * 1000 + index)
        self.latencies = []
        self.counts = {}
        self.errors = []
        self.last_core = 0.0
        self.sent_at = []
        self.replied_at = []

    def run(self):
        try:
            with H.RawClient(self.d.socket, timeout=30) as c:
                self.start_barrier.wait(30)
                # However fast the machine, the load lasts until the alarm has rung and been recorded.
                n = 0
                while n < PER_CLIENT - VOLUME_TAIL or not self.load_done.is_set():
                    self.one(c, n, self.rng.choice(["status", "sounds", "alarm_list", "alarm_next", "ping", "bad"]))
                    n += 1
                self.last_core = time.time()
                self.gate.wait(60)
                for n in range(n, n + VOLUME_TAIL):
                    self.one(c, n, "volume")
        except Exception as e:  # noqa: BLE001 - reported by the test
            self.errors.append(f"client {self.index}: {type(e).__name__}: {e}")
            self.start_barrier.abort()      # the others stop waiting for this client, and the test says why

    def one(self, c, n, kind):
        rid = f"c{self.index}-{n}" if n % 2 else self.index * 1000 + n
        expect_error = None
        if kind == "bad":
            kind, line, expect_error = self.rng.choice([
                ("unknown_command", {"id": rid, "cmd": "dance", "args": {}}, "unknown_command"),
                ("bad_volume", {"id": rid, "cmd": "volume", "args": {"volume": "loud"}}, "invalid_argument"),
                ("unknown_sound", {"id": rid, "cmd": "play", "args": {"sounds": ["nope"]}}, "unknown_sound"),
                ("not_playing", {"id": rid, "cmd": "stop", "args": {"sounds": ["testloop2"]}}, "not_playing"),
                ("unknown_alarm", {"id": rid, "cmd": "alarm_show", "args": {"id": 99999}}, "unknown_alarm"),
                ("bad_time", {"id": rid, "cmd": "alarm_add", "args": {"time": "25:00"}}, "invalid_argument"),
                ("parse_error", None, "parse_error"),
            ])
            raw = b'{"id": 1, "cmd": oops\n' if line is None else json.dumps(line).encode() + b"\n"
        elif kind == "volume":
            volume = self.rng.randrange(40, 101)
            raw = json.dumps({"id": rid, "cmd": "volume", "args": {"volume": volume, "sound": self.loop_id}}).encode() + b"\n"
        else:
            raw = json.dumps({"id": rid, "cmd": kind, "args": {}}).encode() + b"\n"
        t0 = time.monotonic()
        self.sent_at.append(time.time())
        c.send_raw(raw)
        r = c.recv_reply(timeout=30)
        self.replied_at.append(time.time())
        self.latencies.append(time.monotonic() - t0)
        self.counts[kind] = self.counts.get(kind, 0) + 1
        want_id = None if expect_error == "parse_error" else rid
        assert r.get("id") == want_id, f"{kind}: reply id {r.get('id')!r}, sent {want_id!r}: {r}"
        if expect_error:
            assert r.get("ok") is False and r["error"]["code"] == expect_error, f"{kind}: {r}"
            return
        assert r.get("ok") is True, f"{kind}: {r}"
        data = r["data"]
        aid = OTHER_ALARMS + 1      # the alarm due during the load (the test checks its id)
        if kind == "status":
            assert data["protocol"] == 1 and [p["id"] for p in data["playing"]] == [self.loop_id], data
            # Until the gate opens nobody has sent a volume change: the loop is still at 100.
            if not self.gate.is_set():
                assert data["playing"][0]["volume"] == 100, data
        elif kind == "sounds":
            assert sorted(s["id"] for s in data["sounds"]) == self.sound_ids, data
        elif kind == "alarm_list":
            assert sorted(a["alarm"]["id"] for a in data["alarms"]) == list(range(1, aid + 1)), data
        elif kind == "alarm_next":
            # The alarm due during the load until it rings, then (it is a once alarm) the first far one.
            assert data["alarm"]["alarm"]["id"] in (aid, 1), data
        elif kind == "ping":
            assert data == {}, data
        elif kind == "volume":
            assert [(p["id"], p["volume"]) for p in data["playing"]] == [(self.loop_id, volume)], (volume, data)


def test_200_clients_while_noise_plays_and_an_alarm_rings(make_daemon, pulse, sink, recorder, testdata):
    noise = testdata.loop.decoded
    d = make_daemon(extra_env=UTC)
    r = d.request("play", {"sounds": [testdata.loop.id], "volume": 100, "fade_in": 0})
    assert r["ok"], r
    onset_noise = recorder.wait_for_sound(timeout=10)
    f0 = onset_noise + int(0.3 * RATE)
    pos_n, corr_n = H.circular_locate(noise, recorder.since(f0, 0.3)[:8192])
    assert corr_n > 0.999, corr_n

    def tiled(start, end):
        return H.tile_loop(noise, (pos_n + start - f0) % len(noise), end - start)

    sub = H.RawClient(d.socket, timeout=20)
    assert sub.request("subscribe")["ok"]
    underruns_before = d.status()["audio"]["underruns"]
    # Far-away alarms (12 h ahead): the first of them is the next to ring until the one due during the load.
    far = time.strftime("%H:%M", time.gmtime(time.time() + 12 * 3600))
    with H.RawClient(d.socket, timeout=20) as c:
        for n in range(OTHER_ALARMS):
            r = c.request("alarm_add", {"time": far, "repeat": "daily", "label": f"far {n}"})
            assert r["ok"] and r["data"]["alarm"]["id"] == n + 1, r
    clock = _FrameClock(recorder)

    state = {}
    start = threading.Barrier(CLIENTS + 1)
    gate = threading.Event()
    load_done = threading.Event()
    clients = [Client(i, d, testdata, state, start, gate, load_done) for i in range(CLIENTS)]
    for c in clients:
        c.start()
    try:
        # The alarm, due 2 to 3 s into the load: its tone is handed to the mixer 1.5 s ahead, under load.
        trigger = int(time.time()) + LEAD
        with H.RawClient(d.socket, timeout=20) as c:
            r = c.request("alarm_add", {"time": time.strftime("%H:%M:%S", time.gmtime(trigger)), "sound": testdata.alarm.id,
                                        "ramp_seconds": 0, "volume": 100, "ring_limit_seconds": 60, "label": "load"})
        assert r["ok"] and r["data"]["next_trigger"]["unix"] == trigger, r
        aid = r["data"]["alarm"]["id"]
        assert aid == OTHER_ALARMS + 1, r
        try:
            start.wait(60)
        except threading.BrokenBarrierError:
            errors = [e for c in clients for e in c.errors if "BrokenBarrierError" not in e]
            raise AssertionError(f"the clients did not all connect; {len(errors)} failed, first: {errors[:3]}")
        t_load = time.time()
        ev = sub.next_event(lambda e: e["event"] == "alarm_ringing", timeout=LEAD + 10)
        t_event = time.time()
        assert ev["data"]["alarm"]["id"] == aid, ev
        # Read by a Python thread that competes with the 200 clients for the interpreter, so how late it is read
        # says more about the machine than about noised: only "not before the trigger" is checked here. The tone's
        # onset in the recording is the timing check.
        print(f"alarm_ringing read {(t_event - trigger) * 1000:+.0f} ms after the trigger")
        assert t_event - trigger >= -0.05, f"alarm_ringing {t_event - trigger:+.3f}s, before the trigger"
        trig_frame = clock.frame(trigger)
        recorder.wait_frames(trig_frame + int(1.5 * RATE), timeout=15)
        load_done.set()
        with H.RawClient(d.socket, timeout=20) as c:
            st = c.request("status")["data"]
            r = c.request("dismiss")
            t_dis = time.time()
        assert r["ok"] and [a["alarm"]["id"] for a in r["data"]["alarms"]] == [aid], r
        busy = sum(1 for c in clients if c.is_alive() and not c.last_core)
        print(f"{busy} of {CLIENTS} clients still had requests to send at the dismissal")
        dis_frame = clock.frame(t_dis)
        b_start = dis_frame + int((H.OUTPUT_LATENCY + STOP_FADE + DUCK_RAMP + 0.1) * RATE)
        b_end = b_start + int(1.5 * RATE)
        recorder.wait_frames(b_end, timeout=15)
        gate.set()
        for c in clients:
            c.join(60)
        t_end = time.time()
        rec_end = clock.frame(t_end)
    finally:
        load_done.set()
        gate.set()
        sub.close()

    errors = [e for c in clients for e in c.errors]
    assert not errors, f"{len(errors)} clients failed; first: {errors[:3]}"
    assert not any(c.is_alive() for c in clients)
    lat = np.array([x for c in clients for x in c.latencies])
    counts = {}
    for c in clients:
        for k, v in c.counts.items():
            counts[k] = counts.get(k, 0) + v
    assert len(lat) == sum(len(c.sent_at) for c in clients) >= CLIENTS * PER_CLIENT, len(lat)
    core_end = max(c.last_core for c in clients)
    core = sum(len(c.sent_at) for c in clients) - CLIENTS * VOLUME_TAIL
    print(f"{len(lat)} requests from {CLIENTS} clients ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}); "
          f"before the gate: {core} in {core_end - t_load:.2f} s = {core / (core_end - t_load):.0f} requests/s; "
          f"latency p50 {np.percentile(lat, 50) * 1000:.1f} ms, p99 {np.percentile(lat, 99) * 1000:.1f} ms, "
          f"max {lat.max() * 1000:.1f} ms")
    # The load was on when the alarm rang (the clients went on until it had been recorded), and the daemon kept
    # answering while the tone started: no stall in the second after the trigger.
    ringing = sum(1 for c in clients for t in c.replied_at if trigger <= t < trigger + 1.0)
    print(f"{ringing} replies in the second after the trigger")
    assert ringing > 0, "no reply in the second after the trigger"
    # A bound against stalls, not a performance target: the 2 cores are shared with the clients themselves.
    assert np.percentile(lat, 99) < 2.0, f"p99 latency {np.percentile(lat, 99):.2f}s"

    # The tone: prepared ahead (written before the trigger), heard on it by the daemon's own estimate...
    onset_info = st["alarms"]["last_onset"]
    print(f"last_onset {onset_info}")
    assert onset_info is not None and onset_info["written_ms"] < 0, onset_info
    assert abs(onset_info["heard_ms"]) <= ONSET_TARGET * 1000, onset_info
    # ...and in the recording: the first frame that is no longer the loop at unity.
    w0 = trig_frame - int(0.5 * RATE)
    w1 = trig_frame + int(1.0 * RATE)
    resid = np.abs(recorder.get(w0, w1).astype(np.int32) - tiled(w0, w1).astype(np.int32)).max(axis=1)
    loud = np.nonzero(resid > 100)[0]
    assert len(loud), "no tone in the second after the trigger"
    exact = np.nonzero(resid[:loud[0]] == 0)[0]
    first = w0 + (int(exact[-1]) + 1 if len(exact) else 0)
    onset = (first - trig_frame) / RATE
    print(f"tone heard {onset * 1000:+.1f} ms after the trigger (target {ONSET_TARGET * 1000:.0f} ms, "
          f"recording clock allowance {CLOCK_ALLOWANCE * 1000:.0f} ms)")
    assert abs(onset) <= ONSET_TARGET + CLOCK_ALLOWANCE, \
        f"tone heard {onset * 1000:+.1f} ms after the trigger under load"

    # The noise before the alarm, under load: the loop tiled exactly, nothing slipped.
    a_start = clock.frame(t_load)
    a_end = trig_frame - int(0.1 * RATE)
    seg_a = recorder.get(a_start, a_end)
    rep = H.analyze_loop(seg_a, noise)
    print(f"before the alarm ({len(seg_a) / RATE:.2f} s under load): corr {rep.corr:.5f}, wraps {len(rep.wraps)}, "
          f"slips {rep.slips}, frames differing {rep.mismatched_frames}")
    assert len(rep.wraps) >= 1 and all(s == 0 for s in rep.slips), rep.slips
    assert rep.mismatched_frames == 0, f"{rep.mismatched_frames} frames differ from the loop before the alarm"
    # After the dismissal: bit-exact again.
    seg_b = recorder.get(b_start, b_end)
    rep_b = H.analyze_loop(seg_b, noise)
    print(f"after the dismissal: slips {rep_b.slips}, frames differing {rep_b.mismatched_frames}")
    assert all(s == 0 for s in rep_b.slips) and rep_b.mismatched_frames == 0, rep_b
    # No gap anywhere, volume changes included.
    whole = recorder.get(f0, rec_end)
    gap = H.longest_silent_run(whole)
    print(f"longest silent run over {len(whole) / RATE:.1f} s: {gap} frames")
    assert gap < 8, f"a {gap}-frame gap in the noise"
    st = d.status()
    assert st["audio"]["underruns"] == underruns_before, st["audio"]
    assert [p["id"] for p in st["playing"]] == [testdata.loop.id], st


BURST = 300                    # connections at once: more than NIO's default backlog (128), fewer than the daemon's


def test_a_burst_of_connections_waits_in_the_backlog_instead_of_being_refused(make_daemon):
    """While the daemon is stopped (SIGSTOP) nothing is accepted, so every connection made meanwhile must fit in
    the listening socket's backlog (ControlLimits.listenBacklog, 512).  Python's connect with a timeout is non-blocking:
    past the backlog it fails at once with EAGAIN.  NIO listens again on the socket it adopts, with 128; without
    the daemon setting its own again, connection 130 failed here."""
    d = make_daemon(device="null")
    os.kill(d.proc.pid, signal.SIGSTOP)
    clients = []
    try:
        for n in range(BURST):
            clients.append(H.RawClient(d.socket, timeout=10, read_hello=False))
    finally:
        os.kill(d.proc.pid, signal.SIGCONT)
    try:
        assert len(clients) == BURST
        for n, c in enumerate(clients):
            hello = c.recv()
            assert hello.get("event") == "hello", (n, hello)
            r = c.request("ping")
            assert r["ok"], (n, r)
    finally:
        for c in clients:
            c.close()
