"""noisectl timer: one-shot alarms relative to now, on the daemon's one scheduler and store; heard at the sink,
shown in status and alarm list, kept across a restart, removed once their ring is over."""

import time

import harness as H

RATE = H.RATE
UTC = {"TZ": "UTC"}


def _ok(r):
    assert r.returncode == 0, str(r)
    return r


def test_a_timer_rings_at_its_instant_and_goes_when_dismissed(make_daemon, sink, recorder, testdata):
    d = make_daemon(extra_env=UTC)
    sub = H.RawClient(d.socket, timeout=10)
    try:
        assert sub.request("subscribe")["ok"]
        started = time.time()
        info = _ok(d.ctl("--json", "timer", "3s", "--label", "tea", "--sound", testdata.alarm.id)).json
        tid = info["alarm"]["id"]
        fires = info["alarm"]["fires_at"]
        assert info["next_trigger"]["unix"] == fires and 2 <= fires - started <= 4.01, (info, started)
        assert info["alarm"]["ramp_seconds"] == 0 and info["alarm"]["repeat"] == "once", info
        listed = _ok(d.ctl("alarm", "list")).stdout
        assert f"{tid} " in listed and " timer " in listed and "tea" in listed, listed
        st = d.status()
        assert [t["alarm"]["id"] for t in st["alarms"]["timers"]] == [tid], st["alarms"]
        assert st["alarms"]["next"]["alarm"]["id"] == tid

        mark = recorder.frames
        ev = sub.next_event(lambda e: e.get("event") == "alarm_ringing", timeout=10)
        assert ev["data"]["alarm"]["id"] == tid, ev
        late = time.time() - fires
        assert -0.1 <= late <= 1.0, f"rang {late:+.2f}s from its instant"
        recorder.wait_for_sound(start=mark, timeout=5)

        r = _ok(d.ctl("dismiss"))
        assert "tea" in r.stdout, r.stdout
        ev = sub.next_event(lambda e: e.get("event") == "alarm_dismissed", timeout=5)
        assert ev["data"]["alarm"]["id"] == tid, ev
    finally:
        sub.close()
    d.wait_status(lambda s: s["alarms"]["timers"] == [] and s["alarms"]["count"] == 0, 5, "the timer to be removed")
    assert "No timers" in _ok(d.ctl("timer", "list")).stdout
    recorder.wait_for_silence(timeout=5)


def test_timers_survive_a_restart_and_cancel_checks_every_id(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    first = _ok(d.ctl("--json", "timer", "1h")).json
    second = _ok(d.ctl("--json", "timer", "2h", "--label", "bread")).json
    assert first["alarm"]["label"] == "Timer 1 h", first
    d.proc.kill()
    d.proc.wait()
    d.start()
    timers = _ok(d.ctl("--json", "timer", "list")).json["timers"]
    assert [(t["alarm"]["id"], t["next_trigger"]["unix"]) for t in timers] == [
        (first["alarm"]["id"], first["alarm"]["fires_at"]), (second["alarm"]["id"], second["alarm"]["fires_at"])], timers
    # One unknown id cancels nothing.
    r = d.ctl("timer", "cancel", str(second["alarm"]["id"]), "99")
    assert r.returncode == 1 and "no timer has id 99" in r.stderr, str(r)
    assert len(_ok(d.ctl("--json", "timer", "list")).json["timers"]) == 2
    # A timer's time stays its own.
    r = d.ctl("alarm", "edit", str(first["alarm"]["id"]), "--time", "07:00")
    assert r.returncode == 1 and "is a timer" in r.stderr, str(r)
    r = _ok(d.ctl("timer", "cancel"))
    assert r.stdout == f"Cancelled timers {first['alarm']['id']}, {second['alarm']['id']}.\n", r.stdout
    assert _ok(d.ctl("--json", "timer", "list")).json["timers"] == []


def test_bad_timers_are_refused_and_change_nothing(make_daemon, testdata):
    d = make_daemon(device="null")
    for args, said in [(["45"], "45 has no unit: write 45s for seconds or 45m for minutes"), (["25h"], "from 1 s to 24 h"), (["soon"], "soon")]:
        r = d.ctl("timer", *args)
        assert r.returncode == 2 and said in r.stderr, str(r)
    r = d.ctl("timer", "10m", "--sound", "nosuch")
    assert r.returncode == 1 and "nosuch" in r.stderr, str(r)
    r = d.request("timer_add", {"seconds": 0})
    assert not r["ok"] and "'seconds' must be a number from 1 to 86400" in r["error"]["message"], r
    assert d.status()["alarms"]["count"] == 0
