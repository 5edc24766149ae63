"""`noisectl alarm pause ID --until DATE [--undo]` end to end (issue 53, item 3): the real noised and noisectl, in
UTC. The pause's date is days ahead: the words, the JSON, the refusals and a restart are seen here; the pause ending
at the date's start (and nothing it held back reported missed) is the scheduler's, tested on a hand-driven clock in
AlarmPauseSchedulerTests (docs/alarms.md, "Pausing an alarm")."""
import datetime as dt

import harness as H

UTC = {"TZ": "UTC"}




def test_pause_holds_rings_back_until_the_date_and_undo_ends_it(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    today = dt.datetime.now(dt.timezone.utc).date()
    until = today + dt.timedelta(days=10)
    info = H.ctl_json(d, "alarm", "add", "07:00", "--repeat", "daily", "--label", "Work")
    alarm_id = str(info["alarm"]["id"])
    assert info["paused_until"] is None, info
    first_unpaused = info["next_trigger"]["unix"]

    r = d.ctl("alarm", "pause", alarm_id, "--until", until.isoformat())
    assert r.returncode == 0, str(r)
    assert r.stdout.startswith(f"Paused: alarm {alarm_id} 07:00 daily \"Work\": {H.short_day(until)} 07:00, in "), r.stdout
    assert r.stdout.rstrip().endswith(f"; paused until {H.short_day(until)}"), r.stdout
    shown = H.ctl_json(d, "alarm", "show", alarm_id)
    ring = dt.datetime.combine(until, dt.time(7), dt.timezone.utc)
    assert shown["paused_until"] == until.isoformat() and shown["next_trigger"]["unix"] == ring.timestamp(), shown
    for words in (d.ctl("alarm", "next").stdout, d.ctl("alarm", "list").stdout, d.ctl("alarm", "show", alarm_id).stdout):
        assert f"paused until {H.short_day(until)}" in words, words

    # Pausing again moves the date; a new time keeps the pause; the pause is stored across a restart.
    sooner = today + dt.timedelta(days=3)
    assert H.ctl_json(d, "alarm", "pause", alarm_id, "--until", sooner.isoformat())["paused_until"] == sooner.isoformat()
    edited = H.ctl_json(d, "alarm", "edit", alarm_id, "--time", "06:30")
    assert edited["paused_until"] == sooner.isoformat(), edited
    assert edited["next_trigger"]["unix"] == dt.datetime.combine(sooner, dt.time(6, 30), dt.timezone.utc).timestamp()
    d.stop()
    d.start()
    assert H.ctl_json(d, "alarm", "show", alarm_id)["paused_until"] == sooner.isoformat()

    ended = H.ctl_json(d, "alarm", "pause", alarm_id, "--undo")
    assert ended["paused_until"] is None and ended["next_trigger"]["unix"] < first_unpaused + 86_400, ended
    r = d.ctl("alarm", "pause", alarm_id, "--undo")
    assert r.returncode == 1 and r.stderr.strip().endswith(f"alarm {alarm_id} is not paused"), str(r)
    r = d.ctl("--json", "alarm", "pause", alarm_id, "--undo")
    assert r.returncode == 1 and r.json["error"]["code"] == "nothing_to_undo", str(r)


def test_what_cannot_be_paused_is_refused_in_words(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    today = dt.datetime.now(dt.timezone.utc).date()
    daily = str(H.ctl_json(d, "alarm", "add", "07:00", "--repeat", "daily")["alarm"]["id"])
    r = d.ctl("alarm", "pause", daily, "--until", today.isoformat())
    assert r.returncode == 1 and f"cannot be paused until {today.isoformat()}: that date began on its clock" in r.stderr, str(r)
    r = d.ctl("alarm", "pause", daily, "--until", "2027-02-30")
    assert r.returncode == 2 and "February 2027 has days 01 to 28" in r.stderr, str(r)
    r = d.ctl("alarm", "pause", daily)
    assert r.returncode == 2 and "give --until YYYY-MM-DD" in r.stderr, str(r)
    r = d.ctl("alarm", "pause", daily, "--until", "2099-01-01", "--undo")
    assert r.returncode == 2 and "give one" in r.stderr, str(r)
    once = str(H.ctl_json(d, "alarm", "add", "07:00")["alarm"]["id"])
    r = d.ctl("alarm", "pause", once, "--until", "2099-01-01")
    assert r.returncode == 1 and f"noisectl alarm disable {once}" in r.stderr, str(r)
    H.ctl_json(d, "alarm", "disable", daily)
    r = d.ctl("alarm", "pause", daily, "--until", "2099-01-01")
    assert r.returncode == 1 and f"alarm {daily} is off: there is no ring to pause" in r.stderr, str(r)
    r = d.request("alarm_pause", {"id": int(daily), "until": "soon"})
    assert not r["ok"] and "'until' 'soon' is not a date" in r["error"]["message"], r
