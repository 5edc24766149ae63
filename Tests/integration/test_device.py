"""Audio device faults: a bad PCM name, the null device, PulseAudio dying
and coming back."""

import shutil

import pytest

import harness as H


def test_bad_device_reports_error_and_keeps_running(make_daemon, testdata):
    d = make_daemon(device="nonexistent_pcm")
    r = d.ctl("play", "testloop")
    # Whether play itself is accepted is not specified; the state is.
    st = d.wait_status(lambda s: s["audio"]["state"] == "error", 6, "audio state error")
    assert isinstance(st["audio"]["error"], str) and st["audio"]["error"].strip(), st
    assert st["audio"]["device"] == "nonexistent_pcm", st
    print(f"play -> exit {r.returncode}; audio error: {st['audio']['error']}")
    # daemon still answers everything
    assert d.running
    assert d.ctl("--json", "sounds").returncode == 0
    assert d.request("ping")["ok"]
    # still an error after a retry period (3 s), and still alive
    H.wait_until(lambda: d.status()["uptime_seconds"] >= 4, 8, desc="uptime 4s")
    st = d.status()
    assert st["audio"]["state"] == "error", st
    assert d.running


def test_null_device_plays(make_daemon, testdata):
    d = make_daemon(device="null")
    r = d.ctl("play", "testloop", "--fade-in", "0.2s")
    assert r.returncode == 0, str(r)
    st = d.wait_status(lambda s: s["audio"]["state"] == "playing" and s["playing"]
                       and s["playing"][0]["state"] == "playing", 5, "playing on null")
    assert st["audio"]["device"] == "null"
    assert st["audio"]["error"] is None
    assert d.ctl("stop", "--fade", "0").returncode == 0
    d.wait_status(lambda s: s["playing"] == [] and s["audio"]["state"] == "idle", 5, "idle")


def test_fade_in_state_visible(make_daemon, testdata):
    d = make_daemon(device="null")
    assert d.ctl("play", "testloop", "--fade-in", "3s").returncode == 0
    st = d.status()
    assert st["playing"][0]["state"] == "fading_in", st
    assert d.ctl("stop", "--fade", "3s").returncode == 0
    st = d.status()
    assert st["playing"] and st["playing"][0]["state"] == "fading_out", st


@pytest.fixture
def own_pulse():
    """A PulseAudio server of this test's own, to kill and restart."""
    srv = H.PulseServer(default_sink="nc_fault")
    srv.start()
    yield srv
    srv.stop()
    shutil.rmtree(srv.root, ignore_errors=True)


def test_pulseaudio_dies_and_comes_back(make_daemon, testdata, own_pulse):
    d = make_daemon(device="pulse", pulse=own_pulse, sink="nc_fault")
    rec = H.Recorder(own_pulse, "nc_fault.monitor")
    try:
        mark = rec.frames
        assert d.ctl("play", "testloop", "--fade-in", "0").returncode == 0
        rec.wait_for_sound(start=mark, timeout=10)
        d.wait_status(lambda s: s["audio"]["state"] == "playing", 5, "playing")
    finally:
        rec.stop()

    own_pulse.kill()
    st = d.wait_status(lambda s: s["audio"]["state"] == "error", 10,
                       "audio state error after PulseAudio was killed")
    assert st["audio"]["error"], st
    assert [p["id"] for p in st["playing"]] == ["testloop"], "playback list lost: " + str(st)
    assert d.running and d.request("ping")["ok"]

    own_pulse.start()     # same socket path, stale socket file replaced
    rec = H.Recorder(own_pulse, "nc_fault.monitor")
    try:
        pos = rec.wait_for_sound(timeout=10)
        print(f"audio back {pos / H.RATE:.2f}s after the recorder started")
        st = d.wait_status(lambda s: s["audio"]["state"] == "playing", 5, "playing again")
        assert st["audio"]["error"] is None, st
        seg = rec.since(pos + int(0.3 * H.RATE), 1.0)
        assert H.longest_silent_run(seg) < 8
        pos_in_loop, corr = H.circular_locate(testdata.loop.decoded, seg[:4096])
        assert corr > 0.99, f"resumed audio is not the loop (corr {corr:.3f})"
    finally:
        rec.stop()


def test_stop_takes_effect_while_the_device_is_missing(make_daemon, testdata):
    # Nobody can hear a fade on a missing device; the stop must still empty the playing list.
    d = make_daemon(device="nonexistent_pcm_for_stop")
    assert d.ctl("play", testdata.loop.id).returncode == 0
    assert [p["id"] for p in d.status()["playing"]] == [testdata.loop.id]
    assert d.ctl("stop").returncode == 0
    d.wait_status(lambda s: s["playing"] == [], timeout=5, desc="nothing playing after stop")
    # The open failure is recorded by the audio thread, so await it rather than race it.
    d.wait_status(lambda s: s["audio"]["state"] == "error", 6, "audio state error")


def test_a_device_checked_while_idle_never_shows_as_playing(make_daemon, testdata, own_pulse):
    # With nothing playing the daemon still opens the device now and then (at start; every 3 s while it is
    # failing) to tell in status whether it is there; that check must not announce playing to subscribers.
    d = make_daemon(device="pulse", pulse=own_pulse, sink="nc_fault")
    st = d.status()
    assert st["audio"]["state"] == "idle" and st["playing"] == [], st
    with H.RawClient(d.socket, timeout=10) as sub:
        assert sub.request("subscribe")["ok"]
        own_pulse.kill()
        # Nothing is open while idle, so the loss shows at the next check, a start or a retry.
        assert d.ctl("play", testdata.loop.id, "--fade-in", "0").returncode == 0
        failed = sub.next_event(lambda e: e["event"] == "audio" and e["data"]["state"] == "error", timeout=10)
        assert failed["data"]["error"], failed
        assert d.ctl("stop", "--fade", "0").returncode == 0
        d.wait_status(lambda s: s["playing"] == [], 5, "nothing playing after stop")
        sub.events = [e for e in sub.events if e["event"] != "audio"]
        own_pulse.start()
        back = sub.next_event(lambda e: e["event"] == "audio" and e["data"]["error"] is None, timeout=10)
        assert back["data"]["state"] == "idle", back
        assert [e for e in sub.events if e["event"] == "audio" and e["data"]["state"] == "playing"] == [], sub.events
    st = d.status()["audio"]
    assert st["state"] == "idle" and st["error"] is None, st
