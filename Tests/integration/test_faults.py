"""File faults in the sound library: a catalog that is not JSON, and MP3 files that are corrupt or truncated.
The daemon stays up, says what is wrong (status, log, the refused command), plays what it can, and an alarm
whose sound cannot be decoded still rings, with the default tone or, when no file works, a tone made in code.
(The device faults, no device at start and PulseAudio dying and returning, are in test_device.py.)"""

import time


import harness as H

UTC = {"TZ": "UTC"}


def _json(d, *args):
    r = d.ctl("--json", *args)
    assert r.returncode == 0, str(r)
    return r.json


def test_a_catalog_that_is_not_json_is_reported_and_the_daemon_runs(make_daemon, tmp_path, testdata):
    data = tmp_path / "broken"
    (data / "sounds").mkdir(parents=True)
    (data / "sounds.json").write_text("this is not JSON {")
    d = make_daemon(device="null", data_dir=data)
    st = _json(d, "status")
    assert st["catalog"]["sounds"] == 0
    assert any(str(data / "sounds.json") in p and "JSON" in p for p in st["catalog"]["problems"]), st["catalog"]
    assert "sounds.json" in d.log()
    r = d.ctl("play", "rain")
    assert r.returncode == 1 and "unknown sound" in r.stderr
    assert d.running


def test_a_broken_user_catalog_leaves_the_installed_sounds_playing(make_daemon, testdata):
    d = make_daemon(start=False, device="null")
    overlay = d.root / "data" / "noised"
    overlay.mkdir(parents=True)
    (overlay / "sounds.json").write_bytes(b"\xff\xfe garbage")
    d.start()
    st = _json(d, "status")
    assert st["catalog"]["sounds"] == len(testdata.sounds)
    assert any(str(overlay / "sounds.json") in p for p in st["catalog"]["problems"]), st["catalog"]
    assert d.ctl("play", "testloop").returncode == 0


def test_corrupt_and_truncated_files_are_refused_clearly_and_others_play(make_daemon, tmp_path, testdata):
    data = H.copy_library(tmp_path, testdata, [
        {"id": "corrupt", "name": "Corrupt", "category": "test", "file": "corrupt.mp3", "kind": "loop"},
        {"id": "stub", "name": "Stub", "category": "test", "file": "stub.mp3", "kind": "loop"},
        {"id": "half", "name": "Half", "category": "test", "file": "half.mp3", "kind": "loop"},
    ])
    # What a failed download leaves behind: a web page under the sound's name.
    (data / "sounds" / "corrupt.mp3").write_bytes(b"<html><body>404 Not Found</body></html>\n" * 500)
    whole = testdata.loop.mp3.read_bytes()
    (data / "sounds" / "stub.mp3").write_bytes(whole[:700])          # the header and hardly a frame
    (data / "sounds" / "half.mp3").write_bytes(whole[:len(whole) // 2])
    d = make_daemon(device="null", data_dir=data)
    for sound in ("corrupt", "stub"):
        r = d.ctl("play", sound)
        assert r.returncode == 1, str(r)
        assert f"sound '{sound}' cannot be played: cannot decode" in r.stderr, r.stderr
    # Half a file is still audio: it plays (and loops what is there).
    assert d.ctl("play", "half").returncode == 0
    assert d.ctl("play", "testloop").returncode == 0
    playing = {p["id"] for p in _json(d, "status")["playing"]}
    assert playing == {"half", "testloop"}
    assert d.running


def test_an_alarm_whose_sound_cannot_be_decoded_still_rings_out_loud(make_daemon, sink, recorder, tmp_path,
                                                                     testdata):
    """The test library has no `classic` (the default tone) either, so the only tone left is the one made in
    code: 880 Hz beeps."""
    data = H.copy_library(tmp_path, testdata, [
        {"id": "broken-tone", "name": "Broken", "category": "alarm", "file": "broken.mp3", "kind": "alarm"}])
    (data / "sounds" / "broken.mp3").write_bytes(b"ID3" + bytes(5000))
    d = make_daemon(data_dir=data, extra_env=UTC)
    trigger = int(time.time()) + 4
    _json(d, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), "--sound", "broken-tone",
          "--ramp", "0", "--volume", "100")
    mark = recorder.frames
    onset = recorder.wait_for_sound(start=mark, timeout=15)
    heard_at = time.time() - (recorder.frames - onset) / H.RATE
    tone = recorder.since(onset, 0.12)
    assert abs(H.dominant_hz(tone) - 880) < 20, H.dominant_hz(tone)
    assert H.peak(tone) > 0.3
    assert abs(heard_at - trigger) < 1.0, heard_at - trigger
    st = _json(d, "status")
    assert [r["alarm"]["sound"] for r in st["alarms"]["ringing"]] == ["broken-tone"]
    assert d.ctl("dismiss").returncode == 0
