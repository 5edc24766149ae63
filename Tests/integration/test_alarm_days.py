"""One-off alarms on a date or a while from now, alarms on another zone's clock, and a mix after dismissing (issue 39,
item 1): `alarm add 07:00 --date D`, `alarm add tomorrow 6:30`, `alarm add +45m`, `--zone Europe/Berlin`,
`--then @morning`. The daemon and the client run in UTC; expected instants come from Python's zoneinfo."""
import datetime as dt
import re
import time
from zoneinfo import ZoneInfo

import harness as H

UTC = {"TZ": "UTC"}



def _ids(d):
    return sorted(a["alarm"]["id"] for a in d.request("alarm_list")["data"]["alarms"])


def _unix(zone, y, m, day, hh, mm):
    return int(dt.datetime(y, m, day, hh, mm, tzinfo=ZoneInfo(zone)).timestamp())


def test_an_alarm_on_a_date_rings_once_that_day_and_a_passed_date_is_refused(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    day = dt.date.today() + dt.timedelta(days=40)
    info = H.ctl_json(d, "alarm", "add", "07:00", "--date", day.isoformat(), "--label", "Trip")
    alarm = info["alarm"]
    assert alarm["date"] == day.isoformat() and alarm["repeat"] == "once" and alarm["zone"] is None, alarm
    assert info["next_trigger"]["unix"] == _unix("UTC", day.year, day.month, day.day, 7, 0), info
    listed = d.ctl("alarm", "list").stdout
    assert f"on {day.isoformat()}" in listed, listed
    assert re.search(rf"^Repeat +on {day.isoformat()}$", d.ctl("alarm", "show", str(alarm["id"])).stdout, re.M)

    before = _ids(d)
    r = d.ctl("alarm", "add", "07:00", "--date", "2020-01-01")
    assert r.returncode == 1 and "2020-01-01 07:00 has passed; give a later date or time" in r.stderr, str(r)
    r = d.ctl("alarm", "add", "07:00", "--date", "2027-02-30")
    assert r.returncode == 2 and "February 2027 has days 01 to 28" in r.stderr, str(r)
    r = d.ctl("alarm", "add", "07:00", "--date", day.isoformat(), "--repeat", "weekdays")
    assert r.returncode == 2 and "rings once: give no --repeat" in r.stderr, str(r)
    r = d.request("alarm_add", {"time": "07:00", "date": "2027-1-5"})
    assert not r["ok"] and r["error"]["code"] == "invalid_argument" and "YYYY-MM-DD" in r["error"]["message"], r
    r = d.request("alarm_add", {"time": "07:00", "date": day.isoformat(), "mars_site": "jezero"})
    assert not r["ok"] and "a Mars alarm rings on a Mars clock: it takes no date" in r["error"]["message"], r
    assert _ids(d) == before, "a refused alarm was added"

    # The date goes away with an edit: it rings the next time its time comes.
    edited = H.ctl_json(d, "alarm", "edit", str(alarm["id"]), "--date", "none")
    assert edited["alarm"]["date"] is None and edited["next_trigger"]["unix"] - time.time() < 86_400, edited


def test_today_tomorrow_and_a_while_from_now(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    tomorrow = dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=1)
    info = H.ctl_json(d, "alarm", "add", "tomorrow", "6:30am")
    assert info["alarm"]["date"] == tomorrow.isoformat() and info["alarm"]["time"] == "06:30", info
    assert info["next_trigger"]["unix"] == _unix("UTC", tomorrow.year, tomorrow.month, tomorrow.day, 6, 30)

    start = int(time.time())
    info = H.ctl_json(d, "alarm", "add", "+45m", "--label", "Tea")
    end = int(time.time())
    assert start + 2700 <= info["next_trigger"]["unix"] <= end + 2700, (start, end, info)
    assert info["alarm"]["repeat"] == "once" and info["alarm"]["date"] is not None, info
    r = d.ctl("alarm", "add", "+1h30m")
    assert r.returncode == 0 and "in 1 h 30 min" in r.stdout or "in 1 h 29 min" in r.stdout, str(r)

    before = _ids(d)
    for words, expected in ((["yesterday", "7:00"], "'yesterday' is not 'today' or 'tomorrow'"),
                            (["+45"], "+45"), (["+0s"], "must be from 1 s to 366 days ahead"),
                            (["tomorrow", "25:00"], "not a time of day"),
                            (["tomorrow", "7:00", "--date", tomorrow.isoformat()], "already says the day")):
        r = d.ctl("alarm", "add", *words)
        assert r.returncode == 2 and expected in r.stderr, (words, str(r))
    # Today at a time gone by is a date that has passed.
    gone = dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=5)
    if gone.date() == dt.datetime.now(dt.timezone.utc).date():
        r = d.ctl("alarm", "add", "today", gone.strftime("%H:%M"))
        assert r.returncode == 1 and "has passed" in r.stderr, str(r)
    assert _ids(d) == before


def test_an_alarm_on_another_zones_clock_and_its_gap_after_a_restart(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    info = H.ctl_json(d, "alarm", "add", "07:00", "--repeat", "daily", "--zone", "Europe/Berlin", "--label", "Berlin")
    now = dt.datetime.now(ZoneInfo("Europe/Berlin"))
    expected = now.replace(hour=7, minute=0, second=0, microsecond=0)
    if expected <= now:
        expected = (now + dt.timedelta(days=1)).replace(hour=7, minute=0, second=0, microsecond=0)
    assert info["alarm"]["zone"] == "Europe/Berlin", info
    assert info["next_trigger"]["unix"] == int(expected.timestamp()), (info, expected)
    berlin = info["alarm"]["id"]

    # 02:30 does not exist in Berlin on 2027-03-28 (clocks go 02:00 -> 03:00): it rings at 03:30 CEST, 01:30 UTC.
    gap = H.ctl_json(d, "alarm", "add", "02:30", "--date", "2027-03-28", "--zone", "Europe/Berlin")
    assert gap["next_trigger"]["unix"] == _unix("UTC", 2027, 3, 28, 1, 30), gap
    assert "07:00 Berlin" in d.ctl("alarm", "list").stdout

    r = d.ctl("alarm", "add", "07:00", "--zone", "Europe/Berln")
    assert r.returncode == 2 and "Europe/Berlin" in r.stderr, str(r)
    r = d.request("alarm_add", {"time": "07:00", "zone": "Nowhere/City"})
    assert not r["ok"] and r["error"]["code"] == "invalid_argument" and "Nowhere/City" in r["error"]["message"], r
    r = d.request("alarm_add", {"time": "07:00", "zone": "../../etc/passwd"})
    assert not r["ok"] and "not a zone name" in r["error"]["message"], r
    assert _ids(d) == sorted([berlin, gap["alarm"]["id"]])

    d.stop()
    d.start()
    shown = H.ctl_json(d, "alarm", "show", str(berlin))
    assert shown["alarm"]["zone"] == "Europe/Berlin" and shown["next_trigger"]["unix"] == int(expected.timestamp()), shown
    assert H.ctl_json(d, "alarm", "show", str(gap["alarm"]["id"]))["next_trigger"]["unix"] == _unix("UTC", 2027, 3, 28, 1, 30)

    # Back on the system's clock.
    local = H.ctl_json(d, "alarm", "edit", str(berlin), "--zone", "local")
    assert local["alarm"]["zone"] is None and local["next_trigger"]["local"].endswith("07:00:00+00:00"), local


def test_dismissing_an_alarm_starts_its_mix(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    assert d.ctl("play", "testloop", "--volume", "40").returncode == 0
    assert d.ctl("mix", "save", "morning").returncode == 0
    assert d.ctl("stop", "--fade", "0").returncode == 0
    d.wait_status(lambda s: s["playing"] == [], 5, "stopped")

    before = _ids(d)
    r = d.ctl("alarm", "add", "07:00", "--then", "@nope")
    assert r.returncode == 1 and "no mix is named 'nope'; saved mixes: morning" in r.stderr, str(r)
    assert _ids(d) == before

    trigger = int(time.time()) + 2
    info = H.ctl_json(d, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), "--then", "@morning")
    aid = info["alarm"]["id"]
    assert info["alarm"]["then_mix"] == "morning", info
    assert "plays mix morning when dismissed" in d.ctl("alarm", "show", str(aid)).stdout
    d.wait_status(lambda s: aid in [a["alarm"]["id"] for a in s["alarms"]["ringing"]], 12, f"alarm {aid} ringing")
    assert d.status()["playing"] == [], "the mix waits for the dismiss"
    assert d.ctl("dismiss").returncode == 0
    st = d.wait_status(lambda s: [p["id"] for p in s["playing"]] == ["testloop"], 5, "the mix after the alarm")
    assert st["playing"][0]["volume"] == 40, st

    edited = H.ctl_json(d, "alarm", "edit", str(aid), "--then", "none")
    assert edited["alarm"]["then_mix"] is None, edited
