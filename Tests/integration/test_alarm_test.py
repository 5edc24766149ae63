"""`noisectl alarm test ID` end to end (issue 53, item 4): the real noised and noisectl, sound checked in the
PulseAudio null sink's monitor. The alarm rings now with its own tone for 10 s or until `noisectl dismiss`, and
nothing stored changes: `alarm show`, `alarm list` and `alarm next` say the same after (docs/alarms.md, "Testing an
alarm")."""
import datetime as dt

import harness as H

UTC = {"TZ": "UTC"}
RATE = H.RATE
TEST_SECONDS = 10


def _json(d, *args):
    r = d.ctl("--json", *args)
    assert r.returncode == 0, str(r)
    return r.json


def _add_later(d, testdata):
    """A daily alarm three hours from now (never the ring of the next minute), with the test tone at full volume."""
    hour = (dt.datetime.now(dt.timezone.utc).hour + 3) % 24
    info = _json(d, "alarm", "add", f"{hour:02d}:00", "--repeat", "daily", "--label", "Work",
                 "--sound", testdata.alarm.id, "--volume", "100", "--ramp", "0s")
    return str(info["alarm"]["id"])


def _as_before(d, alarm_id):
    """What the alarm commands say of the alarms, as JSON (the text's "in 2 h 59 min" moves with the clock)."""
    return _json(d, "alarm", "show", alarm_id), _json(d, "alarm", "list"), _json(d, "alarm", "next")


def test_alarm_test_rings_its_tone_for_ten_seconds_and_changes_nothing(make_daemon, sink, recorder, testdata):
    d = make_daemon(extra_env=UTC)
    ev = H.RawClient(d.socket, timeout=10)
    assert ev.request("subscribe").get("ok")
    alarm_id = _add_later(d, testdata)
    before = _as_before(d, alarm_id)
    assert H.peak(recorder.record(0.5)) == 0.0, "sound before the test"

    mark = recorder.frames
    r = d.ctl("alarm", "test", alarm_id)
    assert r.returncode == 0, str(r)
    assert r.stdout == f"Alarm {alarm_id} rings now as a test, for 10 s (noisectl dismiss to stop it)\n", r.stdout
    ev.next_event(lambda e: e["event"] == "alarm_ringing" and str(e["data"]["alarm"]["id"]) == alarm_id, timeout=5)
    onset = recorder.wait_for_sound(start=mark, timeout=5)
    heard = recorder.since(onset + int(0.5 * RATE), 2.0)
    assert H.rms(heard) > 0.02, f"the test tone is too quiet: rms {H.rms(heard):.4f}"

    silent = recorder.wait_for_silence(start=onset + int(2.5 * RATE), timeout=TEST_SECONDS + 5)
    rang = (silent - onset) / RATE
    print(f"the test rang {rang:.2f} s")
    assert TEST_SECONDS - 0.5 <= rang <= TEST_SECONDS + H.OUTPUT_LATENCY + 0.5, f"the test rang {rang:.2f} s"
    ev.next_event(lambda e: e["event"] == "alarm_dismissed" and str(e["data"]["alarm"]["id"]) == alarm_id, timeout=5)
    ev.close()
    assert H.peak(recorder.since(silent, 1.0)) == 0.0, "sound after the test's end"

    assert _as_before(d, alarm_id) == before, "a test changed what the alarm commands say"
    st = d.status()
    assert st["alarms"]["ringing"] == [] and st["alarms"]["missed"] == [], st["alarms"]


def test_dismiss_stops_a_test_and_refusals(make_daemon, sink, recorder, testdata):
    d = make_daemon(extra_env=UTC)
    alarm_id = _add_later(d, testdata)
    before = _as_before(d, alarm_id)

    mark = recorder.frames
    reply = _json(d, "alarm", "test", alarm_id)
    assert str(reply["alarm"]["alarm"]["id"]) == alarm_id and reply["alarm"] == before[0], reply
    assert reply["until"]["unix"] > 0 and reply["until"]["offset_seconds"] == 0, reply
    onset = recorder.wait_for_sound(start=mark, timeout=5)
    recorder.wait_frames(onset + int(1.0 * RATE))

    r = d.ctl("--json", "alarm", "test", alarm_id)
    assert r.returncode == 1 and r.json["error"]["code"] == "invalid_argument", str(r)
    assert "rings as a test already" in r.json["error"]["message"], str(r)

    dismiss_at = recorder.frames
    r = d.ctl("--json", "dismiss")
    assert r.returncode == 0 and [str(a["alarm"]["id"]) for a in r.json["alarms"]] == [alarm_id], str(r)
    silent = recorder.wait_for_silence(start=dismiss_at, timeout=5)
    stop = (silent - dismiss_at) / RATE
    print(f"silent {stop:.3f} s after the dismiss")
    assert stop <= H.OUTPUT_LATENCY + 0.6, f"the test tone went on {stop:.2f} s after dismiss"
    assert H.peak(recorder.since(silent, 1.0)) == 0.0, "sound after the dismiss"
    r = d.ctl("--json", "dismiss")
    assert r.returncode == 1 and r.json["error"]["code"] == "not_ringing", str(r)

    r = d.ctl("--json", "alarm", "test", "999")
    assert r.returncode == 1 and r.json["error"]["code"] == "unknown_alarm", str(r)
    assert r.json["error"] == _json_error(d, "alarm", "skip", "999"), "the same error as the sibling commands"
    assert _as_before(d, alarm_id) == before, "a test changed what the alarm commands say"


def _json_error(d, *args):
    r = d.ctl("--json", *args)
    assert r.returncode == 1, str(r)
    return r.json["error"]
