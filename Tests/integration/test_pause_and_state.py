"""pause / resume / toggle heard at the sink, sleep timers per sound, saved mixes, and what a restart keeps
(the master volume, the last mix at its volumes, resume_on_start), all through the real noised and noisectl."""

import json
from pathlib import Path

import pytest

import harness as H

RATE = H.RATE


def _ok(r):
    assert r.returncode == 0, str(r)
    return r


def test_pause_goes_silent_and_resume_brings_back_the_same_mix_at_the_same_level(make_daemon, sink, recorder, testdata):
    d = make_daemon(device="pulse")
    _ok(d.ctl("play", "testloop", "--volume", "60", "--fade-in", "0"))
    onset = recorder.wait_for_sound(start=recorder.frames, timeout=10)
    recorder.wait_frames(onset + RATE)
    before = H.rms(recorder.get(onset + RATE // 2, onset + RATE))

    r = _ok(d.ctl("pause", "--fade", "0.2s"))
    assert r.stdout.startswith("Paused: testloop"), r.stdout
    silent = recorder.wait_for_silence(start=onset, timeout=5)
    st = d.wait_status(lambda s: s["playing"] == [], 5, "the paused sound to fade out")
    assert st["state"] == "paused" and st["last_played"] == ["testloop"], st
    assert H.peak(recorder.record(0.5)) == 0.0, "sound while paused"

    mark = recorder.frames
    r = _ok(d.ctl("resume", "--fade-in", "0"))
    assert "Test loop [testloop] 60%" in r.stdout, r.stdout
    again = recorder.wait_for_sound(start=mark, timeout=10)
    recorder.wait_frames(again + RATE)
    after = H.rms(recorder.get(again + RATE // 2, again + RATE))
    print(f"rms before pause {before:.4f}, after resume {after:.4f}; silent {(silent - onset) / RATE:.2f}s after onset")
    assert after == pytest.approx(before, rel=0.1), "resumed at another volume"

    # toggle: pauses what plays, then resumes it.
    assert _ok(d.ctl("toggle")).stdout.startswith("Paused")
    d.wait_status(lambda s: s["state"] == "paused" and s["playing"] == [], 5, "toggle to pause")
    assert _ok(d.ctl("toggle")).stdout.startswith("Playing")
    assert d.status()["state"] == "playing"


def test_resume_with_nothing_played_says_so(make_daemon, testdata):
    d = make_daemon(device="null")
    r = d.ctl("resume")
    assert r.returncode == 1 and "nothing to resume: nothing has played yet" in r.stderr, str(r)
    r = _ok(d.ctl("pause"))
    assert r.stdout == "Nothing is playing.\n", r.stdout


def test_a_sleep_timer_belongs_to_its_own_sounds(make_daemon, testdata):
    d = make_daemon(device="null")
    _ok(d.ctl("play", "testloop", "--for", "2h"))
    _ok(d.ctl("play", "testloop2", "--for", "3s", "--fade-out", "0"))
    st = d.status()
    timers = {p["id"]: p["sleep_timer"]["remaining_seconds"] for p in st["playing"]}
    assert timers["testloop"] > 7000 and timers["testloop2"] <= 3, st
    d.wait_status(lambda s: [p["id"] for p in s["playing"]] == ["testloop"], 10, "testloop2's own timer to end it")
    st = d.status()
    assert st["playing"][0]["sleep_timer"]["remaining_seconds"] > 7000, "the other sound's timer was cut"
    r = _ok(d.ctl("stop", "--timer"))
    assert "no sound has one now" in r.stdout, r.stdout
    st = d.status()
    assert st["playing"][0]["sleep_timer"] is None and st["sleep_timer"] is None, st
    assert st["playing"][0]["state"] != "fading_out", "stop --timer stopped the sound"
    r = d.ctl("play", "testloop", "--for", "45")
    assert r.returncode == 2 and "45m" in r.stderr and "45s" in r.stderr, str(r)


def test_mixes_save_list_play_and_remove(make_daemon, testdata):
    d = make_daemon(device="null")
    r = d.ctl("mix", "save", "night")
    assert r.returncode == 1 and "nothing is playing" in r.stderr, str(r)
    _ok(d.ctl("play", "testloop", "testloop2", "--volume", "30"))
    _ok(d.ctl("volume", "80", "--sound", "testloop2"))
    r = _ok(d.ctl("mix", "save", "night"))
    assert "testloop 30%, testloop2 80%" in r.stdout, r.stdout
    listed = _ok(d.ctl("--json", "mix", "list")).json
    assert listed == {"mixes": [{"name": "night", "sounds": [{"id": "testloop", "volume": 30},
                                                              {"id": "testloop2", "volume": 80}]}]}, listed
    _ok(d.ctl("stop", "--fade", "0"))
    d.wait_status(lambda s: s["playing"] == [], 5, "stopped")
    _ok(d.ctl("play", "@night"))
    st = d.status()
    assert [(p["id"], p["volume"]) for p in st["playing"]] == [("testloop", 30), ("testloop2", 80)], st
    r = d.ctl("play", "@day")
    assert r.returncode == 1 and "no mix is named 'day'; saved mixes: night" in r.stderr, str(r)
    r = d.ctl("mix", "save", "no/slash")
    assert r.returncode == 2 and "'/'" in r.stderr, str(r)
    r = d.request("mix_save", {"name": ""})
    assert not r["ok"] and r["error"]["code"] == "invalid_argument", r
    _ok(d.ctl("mix", "rm", "night"))
    assert _ok(d.ctl("--json", "mix", "list")).json == {"mixes": []}
    r = d.ctl("mix", "remove", "night")
    assert r.returncode == 1 and "no mix is named 'night'" in r.stderr, str(r)


def _config(d, text):
    path = Path(d.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_the_volume_the_last_mix_and_the_mixes_survive_a_restart(make_daemon, testdata):
    d = make_daemon(device="null")
    _ok(d.ctl("volume", "70"))
    _ok(d.ctl("play", "testloop", "--volume", "40"))
    _ok(d.ctl("mix", "save", "quiet"))
    # Written on change: a kill -9 right after the reply keeps it (no orderly exit writes anything).
    d.proc.kill()
    d.proc.wait()
    d.start()
    st = d.status()
    # Issue 51: after a crash what played comes back, whatever resume_on_start says.
    assert st["master_volume"] == 70 and [(p["id"], p["volume"]) for p in st["playing"]] == [("testloop", 40)], st
    assert "playing it again (the last run ended without stopping)" in d.log(), d.log()[-2000:]
    # A clean stop: resume_on_start is off, so it is not played again.
    d.stop()
    d.start()
    st = d.status()
    assert st["master_volume"] == 70 and st["playing"] == [] and st["last_played"] == ["testloop"], st
    assert st["state"] == "stopped", "resume_on_start is off: not played again"
    assert "not played again (playback.resume_on_start is off)" in d.log(), d.log()[-2000:]
    _ok(d.ctl("resume"))
    assert [(p["id"], p["volume"]) for p in d.status()["playing"]] == [("testloop", 40)]
    assert [m["name"] for m in _ok(d.ctl("--json", "mix", "list")).json["mixes"]] == ["quiet"]

    _config(d, "[playback]\nresume_on_start = true\n")
    d.stop()
    d.start()
    st = d.status()
    assert [(p["id"], p["volume"]) for p in st["playing"]] == [("testloop", 40)] and st["master_volume"] == 70, st

    # Paused when it stopped: it comes back paused, not playing.
    _ok(d.ctl("pause"))
    d.stop()
    d.start()
    st = d.status()
    assert st["state"] == "paused" and st["playing"] == [], st


def test_after_kill_9_the_noise_plays_again_without_resume_on_start_and_after_a_clean_stop_it_does_not(
        make_daemon, sink, recorder, testdata):
    """Issue 51: after a crash (kill -9, the watchdog, an abort) the noise was silent after the restart unless
    resume_on_start was set. The lock file's text tells an unclean end (its pid left there) from a clean one."""
    d = make_daemon(device="pulse")
    _ok(d.ctl("play", "testloop", "--volume", "60", "--fade-in", "0"))
    recorder.wait_for_sound(start=recorder.frames, timeout=10)
    d.proc.kill()
    d.proc.wait()
    quiet = recorder.wait_for_silence(start=recorder.frames, timeout=10)
    d.start()
    # Heard at the sink again, with no resume_on_start in any config.
    again = recorder.wait_for_sound(start=quiet, timeout=10)
    assert H.rms(recorder.since(again, 0.5)) > 0.01
    assert [(p["id"], p["volume"]) for p in d.status()["playing"]] == [("testloop", 60)]
    assert "playing it again (the last run ended without stopping)" in d.log(), d.log()[-2000:]
    # A clean stop keeps the setting's say: not played again.
    d.stop()
    lock = Path(d.env_dirs["XDG_STATE_HOME"]) / "noised" / "noised.lock"
    assert lock.read_text() == "stopped\n"
    d.start()
    st = d.status()
    assert st["playing"] == [] and st["state"] == "stopped" and st["last_played"] == ["testloop"], st
    assert d.log().count("not played again (playback.resume_on_start is off)") == 1, d.log()[-2000:]


def test_play_on_a_device_that_cannot_open_warns_and_says_it_retries(make_daemon, testdata):
    d = make_daemon(device="hw:77")
    d.wait_status(lambda s: s["audio"]["state"] == "error", 5, "the probe at start to fail")
    r = _ok(d.ctl("play", "testloop"))
    assert r.stdout.startswith("Playing: Test loop"), r.stdout
    assert "warning: audio device 'hw:77'" in r.stderr and "retries every 3 s" in r.stderr, r.stderr
    reply = _ok(d.ctl("--json", "play", "testloop")).json
    assert reply["audio"]["state"] == "error" and reply["audio"]["device"] == "hw:77", reply
