"""End-to-end playback through noised -> ALSA pulse -> PulseAudio null sink,
recorded with parec and compared to the decoded mp3."""

import json
import subprocess
import time

import numpy as np
import pytest

import harness as H

RATE = H.RATE


def _play(d, *args):
    r = d.ctl("play", *args)
    assert r.returncode == 0, str(r)
    return r


def _steady(recorder, onset, skip, seconds):
    start = onset + int(skip * RATE)
    return recorder.since(start, seconds), start


def _tiled_ref_step(loop):
    """Max step of the loop played over and over (includes the wrap step)."""
    return H.max_step(np.concatenate([loop[-2000:], loop, loop[:2000]]))


def test_loop_playback_end_to_end(make_daemon, pulse, sink, recorder, testdata):
    loop = testdata.loop.decoded
    L = len(loop)
    d = make_daemon(device="pulse")
    st = d.status()
    assert st["audio"]["state"] == "idle", st
    assert st["playing"] == [], st

    mark = recorder.frames
    _play(d, "testloop", "--volume", "100", "--fade-in", "0")
    onset = recorder.wait_for_sound(start=mark, timeout=10)

    # >= 3 wraps of steady state (skip the first 0.3 s after the onset)
    seg, seg_start = _steady(recorder, onset, 0.3, 3.3 * L / RATE + 0.2)

    rep = H.analyze_loop(seg, loop)
    summary = (f"corr={rep.corr:.5f} wraps={len(rep.wraps)} slips={rep.slips} "
               f"mismatched_frames={rep.mismatched_frames}/{len(seg)} "
               f"max_abs_diff={rep.max_abs_diff} first_mismatch={rep.first_mismatch} "
               f"rms rec={H.rms(seg):.5f} loop={H.rms(loop):.5f}")
    print(summary)
    assert rep.corr > 0.99, "recording does not look like the loop: " + summary
    assert len(rep.wraps) >= 3, summary
    # level: same as the decoded file (volume 100, master 100 = unity gain)
    assert H.rms(seg) == pytest.approx(H.rms(loop), rel=0.02), summary
    assert H.fit_gain(seg, H.tile_loop(loop, rep.start_pos, len(seg))) == pytest.approx(1.0, abs=0.01)
    # loop point: not a single frame inserted or lost at any wrap
    assert all(s == 0 for s in rep.slips), "frames inserted(+)/lost(-) at wraps: " + summary
    # generic continuity: no dropout, no step bigger than the signal's own
    assert H.longest_silent_run(seg) < 8, f"silent run of {H.longest_silent_run(seg)} frames"
    own = _tiled_ref_step(loop)
    assert H.max_step(seg) <= 1.25 * own, f"step {H.max_step(seg):.4f} vs own {own:.4f}"
    # spec: volume 100 + master 100 passes samples unchanged -> bit-identical
    assert rep.mismatched_frames == 0, "recording != decoded loop tiled: " + summary

    st = d.status()
    assert st["audio"]["state"] == "playing", st
    assert st["audio"]["device"] == "pulse", st
    assert [(p["id"], p["state"]) for p in st["playing"]] == [("testloop", "playing")], st
    assert st["playing"][0]["volume"] == 100
    assert st["playing"][0]["name"] == "Test loop"

    # stop: default fade 0.5 s, then silence
    stop_mark = recorder.frames
    r = d.ctl("stop")
    assert r.returncode == 0, str(r)
    silent_at = recorder.wait_for_silence(start=stop_mark, timeout=5)
    tail = recorder.get(stop_mark, silent_at)
    fade_s = (silent_at - stop_mark) / RATE
    print(f"stop -> silence after {fade_s:.3f}s")
    assert fade_s >= 0.3, f"stop cut the sound after {fade_s:.3f}s (default fade is 0.5s)"
    assert fade_s <= 2.0, f"sound went on {fade_s:.3f}s after stop"
    assert H.max_step(tail) <= 1.25 * own, "click while stopping"
    # the fade is a fade: the level decreases through it
    env = H.block_rms(tail, 2205)
    if len(env) >= 6:
        assert env[-3] < 0.8 * env[0], f"no fade visible in block RMS {np.round(env, 4)}"
    after = recorder.record(1.0)
    assert H.peak(after) == 0.0, "sound after stop"

    st = d.wait_status(lambda s: s["playing"] == [] and s["audio"]["state"] == "idle",
                       5, "nothing playing and device idle")
    assert st["audio"]["error"] is None
    # idle really means the device is closed: no stream left on the sink
    H.wait_until(lambda: not pulse.sink_inputs_on(sink), 5,
                 desc="the daemon's PulseAudio stream to go away when idle")


def _joint_gains(seg, loops):
    """Align each loop in the mix and fit seg ~= sum g_i * loop_i."""
    refs = []
    for loop in loops:
        pos, corr = H.circular_locate(loop, seg[:len(min(loops, key=len))])
        refs.append(H.tile_loop(loop, pos, len(seg)))
    A = np.stack([H.to_float(r).ravel() for r in refs], 1)
    g, *_ = np.linalg.lstsq(A, H.to_float(seg).ravel(), rcond=None)
    resid = H.to_float(seg).ravel() - A @ g
    return g, float(np.sqrt(np.mean(resid ** 2)))


def test_two_sounds_mix(make_daemon, sink, recorder, testdata):
    a, b = testdata.loop.decoded, testdata.loop2.decoded
    d = make_daemon(device="pulse")
    mark = recorder.frames
    _play(d, "testloop", "testloop2", "--volume", "100", "--fade-in", "0")
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    seg, _ = _steady(recorder, onset, 0.3, 2.0)

    want = H.rms(a) ** 2 + H.rms(b) ** 2
    got = H.rms(seg) ** 2
    assert got == pytest.approx(want, rel=0.15), f"mix power {got:.6f}, sum of powers {want:.6f}"
    g, resid = _joint_gains(seg, [a, b])
    print(f"mix gains {g}, residual rms {resid:.6f}")
    assert g == pytest.approx([1.0, 1.0], abs=0.02), f"gains {g}"
    assert resid < 0.002, f"mix is not a plain sum (residual rms {resid})"

    st = d.status()
    assert sorted(p["id"] for p in st["playing"]) == ["testloop", "testloop2"], st

    # per-sound volume: only testloop2 changes
    r = d.ctl("volume", "50", "--sound", "testloop2")
    assert r.returncode == 0, str(r)
    d.wait_status(lambda s: {p["id"]: p["volume"] for p in s["playing"]}.get("testloop2") == 50,
                  3, "testloop2 volume 50")
    recorder.record(H.OUTPUT_LATENCY)          # the change reaches the speaker, and the ~50 ms ramp finishes
    seg2 = recorder.record(1.5)
    g2, _ = _joint_gains(seg2, [a, b])
    print(f"gains after volume 50 --sound testloop2: {g2}")
    assert g2[0] == pytest.approx(1.0, abs=0.02), g2
    assert g2[1] == pytest.approx(0.125, abs=0.01), f"volume 50 should be gain 0.5^3: {g2}"

    # stop only one: the other goes on alone, sample-exact
    r = d.ctl("stop", "testloop2", "--fade", "0")
    assert r.returncode == 0, str(r)
    d.wait_status(lambda s: [p["id"] for p in s["playing"]] == ["testloop"], 3,
                  "only testloop playing")
    recorder.record(H.OUTPUT_LATENCY)
    alone = recorder.record(1.0)
    rep = H.analyze_loop(alone, a)
    assert rep.corr > 0.99 and rep.mismatched_frames == 0, \
        f"after stopping testloop2: corr {rep.corr:.4f}, {rep.mismatched_frames} frames differ"


def test_volume_50_is_cubic(make_daemon, sink, recorder, testdata):
    loop = testdata.loop.decoded
    d = make_daemon(device="pulse")
    mark = recorder.frames
    _play(d, "testloop", "--volume", "50", "--fade-in", "0")
    onset = recorder.wait_for_sound(start=mark, timeout=10, threshold=0.002)
    seg, _ = _steady(recorder, onset, 0.3, 1.5)
    pos, corr = H.circular_locate(loop, seg[:4096])
    assert corr > 0.99
    g = H.fit_gain(seg, H.tile_loop(loop, pos, len(seg)))
    print(f"--volume 50 gain {g:.5f}")
    assert g == pytest.approx(0.125, abs=0.003), f"--volume 50 gave gain {g:.4f}, want 0.125"
    st = d.status()
    assert st["playing"][0]["volume"] == 50, st


def test_master_volume_ramps_without_click(make_daemon, sink, recorder, testdata):
    loop = testdata.loop.decoded
    d = make_daemon(device="pulse")
    mark = recorder.frames
    _play(d, "testloop", "--volume", "100", "--fade-in", "0")
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    before, bstart = _steady(recorder, onset, 0.3, 0.6)
    pos, corr = H.circular_locate(loop, before[:4096])
    assert corr > 0.99

    change_mark = recorder.frames
    r = d.ctl("volume", "50")
    assert r.returncode == 0, str(r)
    recorder.wait_frames(recorder.frames + int((1.0 + H.OUTPUT_LATENCY) * RATE))
    seg = recorder.get(bstart, recorder.frames)
    ref = H.tile_loop(loop, pos, len(seg))

    # gain envelope in 64-frame windows
    W = 64
    n = len(seg) // W
    s = H.to_float(seg[:n * W]).reshape(n, -1)
    rf = H.to_float(ref[:n * W]).reshape(n, -1)
    g = np.sum(s * rf, 1) / np.maximum(np.sum(rf * rf, 1), 1e-12)
    hi = np.nonzero(g < 0.97)[0]
    assert len(hi), f"gain never dropped: {np.round(g[-20:], 3)}"
    t0 = hi[0]
    settled = np.nonzero(g[t0:] < 0.125 + 0.01)[0]
    assert len(settled), f"gain never reached 0.125: tail {np.round(g[-20:], 3)}"
    ramp_s = settled[0] * W / RATE
    print(f"master volume ramp {ramp_s * 1000:.1f} ms; largest window-to-window gain change "
          f"{np.max(np.abs(np.diff(g))):.3f}")
    assert H.fit_gain(seg[-int(0.4 * RATE):], ref[-int(0.4 * RATE):]) == pytest.approx(0.125, abs=0.003)
    assert ramp_s >= 0.01, f"volume change is a jump ({ramp_s * 1000:.1f} ms), not a ramp"
    assert ramp_s <= 0.3, f"volume ramp too slow ({ramp_s * 1000:.0f} ms; spec ~50 ms)"
    assert np.max(np.abs(np.diff(g))) < 0.5, "a jump in the gain envelope"
    own = _tiled_ref_step(loop)
    trans = recorder.get(change_mark, recorder.frames)
    assert H.max_step(trans) <= 1.25 * own, f"click: step {H.max_step(trans):.4f} vs own {own:.4f}"
    assert H.longest_silent_run(trans) < 8

    st = d.status()
    assert st["master_volume"] == 50, st
    assert st["playing"][0]["volume"] == 100, st

    # master and sound volume multiply: 0.5^3 * 0.5^3
    r = d.ctl("volume", "50", "--sound", "testloop")
    assert r.returncode == 0, str(r)
    d.wait_status(lambda s: s["playing"] and s["playing"][0]["volume"] == 50, 3, "sound volume 50")
    recorder.record(H.OUTPUT_LATENCY)
    m = recorder.frames
    seg3 = recorder.since(m, 1.0)
    pos3, corr3 = H.circular_locate(loop, seg3[:4096])
    g3 = H.fit_gain(seg3, H.tile_loop(loop, pos3, len(seg3)))
    assert g3 == pytest.approx(0.125 ** 2, abs=0.001), f"master 50 x sound 50 gave {g3:.5f}"


def test_large_sound_streams_from_disk(make_daemon, sink, recorder, tmp_path):
    """A sound bigger than --cache-size is streamed, and still loops
    sample-exact across its wrap."""
    data = tmp_path / "big"
    big = H.make_loop_sound(data, "bigloop", 6.2, seed=99, lo=80, hi=1500, level=0.12)
    H.write_catalog(data, [{"id": "bigloop", "name": "Big", "category": "test",
                            "file": big.mp3.name, "kind": "loop"}])
    # 6.2 s decoded is > 1 MiB even as 16-bit stereo
    assert big.frames * 4 > 1024 * 1024
    d = make_daemon(device="pulse", data_dir=data, extra_args=["--cache-size", "1"])
    mark = recorder.frames
    _play(d, "bigloop", "--fade-in", "0")
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    # from 0.3 s to 0.7 s past the first wrap
    seg = recorder.since(onset + int(0.3 * RATE), big.frames / RATE + 0.4)
    rep = H.analyze_loop(seg, big.decoded)
    summary = (f"corr={rep.corr:.5f} wraps={len(rep.wraps)} slips={rep.slips} "
               f"mismatched={rep.mismatched_frames} first_mismatch={rep.first_mismatch} "
               f"max_abs_diff={rep.max_abs_diff}")
    print(summary)
    assert rep.corr > 0.99, summary
    assert len(rep.wraps) == 1, summary
    assert rep.slips == [0], summary
    assert H.longest_silent_run(seg) < 8, summary
    assert rep.mismatched_frames == 0, summary


def test_shipped_library(make_daemon, sink, recorder):
    catalog = json.loads((H.REPO / "sounds.json").read_text())
    by_id = {s["id"]: s for s in catalog["sounds"]}
    d = make_daemon(device="pulse", data_dir=H.REPO)

    r = d.ctl("--json", "sounds")
    assert r.returncode == 0, str(r)
    listed = {s["id"]: s for s in r.json["sounds"]}
    want_loops = {"white", "pink", "brown", "rain", "fan",
                  "waves", "wind", "stream", "thunderstorm", "dawn-chorus", "fireplace", "train"}
    want_alarms = {"digital", "classic", "beep", "siren", "chime", "wakeup"}
    assert set(listed) == want_loops | want_alarms, sorted(listed)
    for sid, s in listed.items():
        assert s["kind"] == ("loop" if sid in want_loops else "alarm"), s
        assert s["source"] == "builtin", s
        assert set(s) >= {"id", "name", "category", "kind", "file", "source"}, s
    st = d.status()
    assert st["catalog"]["sounds"] == len(want_loops | want_alarms) == 18, st["catalog"]
    assert st["catalog"]["problems"] == [], st["catalog"]

    # human output lists every id too
    r = d.ctl("sounds")
    assert r.returncode == 0, str(r)
    for sid in listed:
        assert sid in r.stdout, f"{sid} missing from `noisectl sounds`:\n{r.stdout}"

    r = d.ctl("--json", "sounds", "--category", "nature")
    assert r.returncode == 0, str(r)
    nature = {s["id"] for s in r.json["sounds"]}
    expected = {sid for sid, s in by_id.items() if s.get("category") == "nature"}
    assert nature == expected and "rain" in nature, f"--category nature gave {sorted(nature)}"

    mark = recorder.frames
    _play(d, "rain")
    onset = recorder.wait_for_sound(start=mark, timeout=10, threshold=0.003)
    seg = recorder.since(onset + int(1.0 * RATE), 2.0)   # past the default fade-in
    print(f"rain rms {H.rms(seg):.4f}")
    assert H.rms(seg) > 0.01, f"rain is (nearly) silent: rms {H.rms(seg):.5f}"
    assert H.longest_silent_run(seg) < 8
    st = d.status()
    assert [p["id"] for p in st["playing"]] == ["rain"]
    assert st["playing"][0]["name"] == by_id["rain"]["name"]

    # every other loop decodes and sounds, one at a time (each after digital silence, so the onset is its own)
    for sid in sorted(want_loops - {"rain"}):
        assert d.ctl("stop", "--fade", "0").returncode == 0
        mark = recorder.wait_for_silence(timeout=10)
        _play(d, sid, "--fade-in", "0")
        onset = recorder.wait_for_sound(start=mark, timeout=10, threshold=0.003)
        seg = recorder.since(onset + int(0.2 * RATE), 1.0)
        print(f"{sid} rms {H.rms(seg):.4f}")
        assert H.rms(seg) > 0.01, f"{sid} is (nearly) silent: rms {H.rms(seg):.5f}"
        assert H.longest_silent_run(seg) < 8, sid
        assert [p["id"] for p in d.status()["playing"]] == [sid]


def test_sleep_timer(make_daemon, sink, recorder, testdata):
    loop = testdata.loop.decoded
    d = make_daemon(device="pulse")
    sub = H.RawClient(d.socket, timeout=10)
    try:
        r = sub.request("subscribe")
        assert r["ok"], r
        mark = recorder.frames
        t_play = time.monotonic()
        _play(d, "testloop", "--fade-in", "0", "--for", "3s", "--fade-out", "1s")
        st = d.status()
        assert st["sleep_timer"] is not None, st
        assert 1.5 <= st["sleep_timer"]["remaining_seconds"] <= 3.0, st
        onset = recorder.wait_for_sound(start=mark, timeout=10)

        st = d.wait_status(lambda s: s["playing"] == [], 10, "the sleep timer to stop playback")
        elapsed = time.monotonic() - t_play
        print(f"sleep timer stopped playback after {elapsed:.2f}s")
        assert elapsed >= 2.7, f"stopped too early ({elapsed:.2f}s for --for 3s)"
        assert elapsed <= 5.0, f"stopped too late ({elapsed:.2f}s for --for 3s)"
        assert st["sleep_timer"] is None, st

        # a playback event was pushed to the subscriber around the end
        ev = sub.next_event(lambda e: e.get("event") == "playback", timeout=5)
        assert isinstance(ev.get("data"), dict), ev
    finally:
        sub.close()

    silent_at = recorder.wait_for_silence(start=onset, timeout=5)
    dur = (silent_at - onset) / RATE
    print(f"sound lasted {dur:.2f}s")
    assert 2.7 <= dur <= 3.8, f"sound lasted {dur:.2f}s for --for 3s"
    full = H.rms(loop)
    early = H.rms(recorder.get(onset + int(0.9 * RATE), onset + int(1.8 * RATE)))
    late = H.rms(recorder.get(silent_at - int(0.45 * RATE), silent_at - int(0.05 * RATE)))
    print(f"rms full={full:.4f} 0.9-1.8s={early:.4f} last 0.45s={late:.4f}")
    assert early == pytest.approx(full, rel=0.1), "fading before the last second (--fade-out 1s)"
    assert late < 0.7 * full, "no fade-out at the end of the sleep timer"
    # no click anywhere after the (hard, --fade-in 0) start
    own = _tiled_ref_step(loop)
    body = recorder.get(onset + 1, silent_at + 4410)
    steps = H.big_steps(body, 1.25 * own)
    assert not steps, (f"clicks (frame after onset+1, step) with own max step {own:.4f}; "
                       f"silence at {silent_at - onset - 1}: {steps}")
    assert H.peak(recorder.record(0.7)) == 0.0, "sound after the sleep timer ended"
    st = d.wait_status(lambda s: s["audio"]["state"] == "idle", 5, "device idle")


def test_sleep_timer_fades_to_its_floor_and_extends(make_daemon, sink, recorder, testdata):
    """`--fade-to 50`: after a 2 s timer the loop plays on at volume 50 (a gain of 1/8: the cube law), not silence;
    `noisectl sleep +1m` brings the full level back and counts from now; `+15m` moves the end 15 minutes on."""
    full = H.rms(testdata.loop.decoded)
    d = make_daemon(device="pulse")
    mark = recorder.frames
    _play(d, "testloop", "--fade-in", "0", "--for", "2s", "--fade-out", "1s", "--fade-to", "50")
    timer = d.status()["sleep_timer"]
    assert timer["fade_to"] == 50 and 1.0 < timer["remaining_seconds"] <= 2.0, timer
    assert "fades to 50% at " in d.ctl("status").stdout
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    before = H.rms(recorder.since(onset + int(0.2 * RATE), 0.6))
    st = d.wait_status(lambda s: s["sleep_timer"] and s["sleep_timer"]["remaining_seconds"] == 0, 10,
                       "the timer to reach its floor")
    assert st["state"] == "playing" and [(p["id"], p["volume"]) for p in st["playing"]] == [("testloop", 100)], st
    # What was written at the end is heard a device buffer later: wait for the fall, then hold the floor.
    fallen = recorder.wait_for_level(1.3 * full / 8, start=onset, timeout=5, falling=True)
    floor = H.rms(recorder.since(fallen + int(0.1 * RATE), 1.0))
    print(f"rms full={full:.4f} before the fade={before:.4f} at the floor={floor:.4f} "
          f"(expected {full / 8:.4f}, ratio {floor / full:.4f})")
    assert before == pytest.approx(full, rel=0.1)
    assert floor == pytest.approx(full / 8, rel=0.15), "not at volume 50's level after the timer"
    assert "plays on at 50%" in d.ctl("status").stdout

    mark = recorder.frames
    r = d.ctl("--json", "sleep", "+1m")
    assert r.returncode == 0, str(r)
    assert 58 <= r.json["sleep_timer"]["remaining_seconds"] <= 60, r.json
    # The 0.5 s fade-in is heard a device buffer later, however loaded the machine: wait for the level, then hold it.
    risen = recorder.wait_for_level(0.9 * full, start=mark, timeout=5)
    back = H.rms(recorder.since(risen + int(0.1 * RATE), 0.6))
    print(f"rms after sleep +1m={back:.4f}")
    assert back == pytest.approx(full, rel=0.1), "the volume did not come back"
    left = d.status()["sleep_timer"]["remaining_seconds"]
    r = d.ctl("--json", "sleep", "+15m")
    assert r.returncode == 0, str(r)
    moved = r.json["sleep_timer"]["remaining_seconds"] - left
    print(f"sleep +15m moved the end by {moved:.2f} s")
    assert 895 <= moved <= 900, r.json

    assert d.ctl("stop", "--fade", "0").returncode == 0
    r = d.ctl("sleep", "+15m")
    assert r.returncode == 1 and "no sleep timer runs" in r.stderr, str(r)
    r = d.ctl("sleep", "15m")
    assert r.returncode == 2 and "+15m" in r.stderr, str(r)


def _run_watch(d, *args):
    """Run noisectl watch ARGS; keep making events (play + stop) until it
    exits or a deadline: we cannot see when watch has subscribed."""
    argv = [str(H.bin_dir() / "noisectl"), "--socket", str(d.socket), *args]
    p = H._register(subprocess.Popen(argv, env=d.env(), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True,
                                     stdin=subprocess.DEVNULL))
    try:
        deadline = time.monotonic() + 15
        cycles = 0
        while p.poll() is None and time.monotonic() < deadline:
            cycles += 1
            assert d.ctl("play", "testloop", "--fade-in", "0").returncode == 0
            assert d.ctl("stop", "--fade", "0").returncode == 0
            try:
                p.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                pass
        assert p.poll() is not None, f"{args} still running after {cycles} play/stop cycles"
        out, err = p.communicate(timeout=5)
    finally:
        H.stop_process(p)
    assert p.returncode == 0, f"watch exited {p.returncode}: {err}"
    return out


def test_watch_prints_events(make_daemon, testdata):
    """`noisectl watch --count N` prints events as they come, exits after N."""
    d = make_daemon(device="null")
    out = _run_watch(d, "--json", "watch", "--count", "2")
    lines = [l for l in out.splitlines() if l.strip()]
    events = [json.loads(l) for l in lines]
    assert len(events) == 2, f"--json watch --count 2 printed: {out!r}"
    for e in events:
        assert e.get("event") in ("playback", "audio"), e
        assert isinstance(e.get("data"), dict), e
    assert any(e["event"] == "playback" for e in events), events
    out = _run_watch(d, "watch", "--count", "1")
    body = [l for l in out.splitlines() if l.strip() and ("playback" in l or "audio" in l)]
    assert body, f"watch --count 1 printed no event: {out!r}"
