"""Holidays end to end (issue 53, item 3): the real noised reads the iCalendar file the config names with libical,
`noisectl alarm add --skip-holidays` passes over its days off, `alarm list` says which and why, a changed file is
read again as soon as it is written (noised watches it), and a bad or missing file is named with its line in
`status` and skips nothing. The many cases of which day is off (rules, zones, DST) are the hand-worked table of
HolidayTableTests; here, in UTC, the days are the next few, so the daemon's own clock finds them."""
import datetime as dt
import os

import harness as H

UTC = {"TZ": "UTC"}




def _calendar(*events):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//NoiseClock tests//EN"]
    for uid, (summary, body) in enumerate(events):
        lines += ["BEGIN:VEVENT", f"UID:{uid}@test", f"SUMMARY:{summary}", *body, "END:VEVENT"]
    return "\r\n".join(lines + ["END:VCALENDAR", ""])


def _all_day(date):
    return [f"DTSTART;VALUE=DATE:{date:%Y%m%d}"]


def _write(path, text):
    """Replaces the file as editors and calendar exports do: a new file renamed over the old one."""
    temporary = path.with_suffix(".new")
    temporary.write_text(text)
    os.replace(temporary, path)


def _rings(after):
    """A daily 00:00 UTC alarm's rings strictly after `after`, soonest first: today's has always passed, so the
    days off tomorrow and the day after are always passed over."""
    day = after.date()
    while True:
        ring = dt.datetime.combine(day, dt.time(0), dt.timezone.utc)
        if ring > after:
            yield ring
        day += dt.timedelta(days=1)


def _worked_out(after, days_off):
    """Its next ring passing over `days_off` ({date: name}), and the rings passed over as `days_off` lists them."""
    passed = []
    for ring in _rings(after):
        if ring.date() not in days_off:
            return ring.timestamp(), passed
        passed.append([days_off[ring.date()], ring.timestamp()])


def _passed(info):
    return [[off["name"], off["trigger"]["unix"]] for off in info["days_off"]]


def test_an_alarm_skips_the_files_days_off_and_follows_the_file_as_it_changes(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC, start=False)
    holidays = d.root / "holidays.ics"
    now = dt.datetime.now(dt.timezone.utc)
    one, two = now.date() + dt.timedelta(days=1), now.date() + dt.timedelta(days=2)
    # Tomorrow, all day; the day after, as a yearly rule with a time in New York that is that day in UTC too.
    _write(holidays, _calendar(
        ("Day off", _all_day(one)),
        ("Founders' Day", [f"DTSTART;TZID=America/New_York:{two:%Y%m%d}T090000", "RRULE:FREQ=YEARLY"])))
    config = d.root / "config" / "noised" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[alarms]\nholidays = "{holidays}"\n')
    d.start()

    status = d.status()["alarms"]["holidays"]
    assert status == {"file": str(holidays), "events": 2, "problems": []}, status
    assert f"2 event(s) from {holidays}" in d.ctl("status").stdout

    added = H.ctl_json(d, "alarm", "add", "00:00", "--repeat", "daily", "--label", "Work", "--skip-holidays")
    alarm_id = str(added["alarm"]["id"])
    plain = H.ctl_json(d, "alarm", "add", "00:00", "--repeat", "daily", "--label", "Plain")
    assert added["alarm"]["skip_holidays"] is True and plain["alarm"]["skip_holidays"] is False
    ring, passed = _worked_out(now, {one: "Day off", two: "Founders' Day"})
    assert len(passed) == 2 and (added["next_trigger"]["unix"], _passed(added)) == (ring, passed), added
    assert plain["next_trigger"]["unix"] == next(_rings(now)).timestamp(), "an alarm without it rings"
    listed = d.ctl("alarm", "list").stdout
    assert f"skips {H.short_day(one)}: Day off; skips {H.short_day(two)}: Founders' Day" in listed, listed
    assert "Holidays" in d.ctl("alarm", "show", alarm_id).stdout

    # The file changes: noised reads it again at once, and the alarm's next ring follows it.
    _write(holidays, _calendar(("Day off", _all_day(one))))
    ring, passed = _worked_out(now, {one: "Day off"})
    H.wait_until(lambda: H.ctl_json(d, "alarm", "show", alarm_id)["next_trigger"]["unix"] == ring, 10, 0.05,
                 "the file read again")
    assert _passed(H.ctl_json(d, "alarm", "show", alarm_id)) == passed

    # A bad line: named with its line in the log and in status; its event is left out, the rest counts.
    _write(holidays, _calendar(("Day off", _all_day(one)), ("Broken", ["DTSTART;VALUE=DATE:20261345"])))
    H.wait_until(lambda: d.status()["alarms"]["holidays"]["problems"], 10, 0.05, "the bad line seen")
    problem = d.status()["alarms"]["holidays"]["problems"][0]
    assert problem.startswith("line 12: DTSTART is no date: 2026-13-45 (months are 01 to 12)") and "'Broken' is left out" in problem
    assert "line 12: DTSTART" in d.ctl("status").stdout
    H.wait_until(lambda: "holidays file" in d.log() and "line 12" in d.log(), 10, 0.05, "the log line")

    # The file gone: nothing is skipped, and status says why.
    holidays.unlink()
    H.wait_until(lambda: d.status()["alarms"]["holidays"]["problems"] == ["no such file"], 10, 0.05, "the file gone")
    assert H.ctl_json(d, "alarm", "show", alarm_id)["next_trigger"]["unix"] == next(_rings(now)).timestamp()

    # Kept across a restart; --no-skip-holidays takes it off.
    d.stop()
    d.start()
    assert H.ctl_json(d, "alarm", "show", alarm_id)["alarm"]["skip_holidays"] is True
    assert H.ctl_json(d, "alarm", "edit", alarm_id, "--no-skip-holidays")["alarm"]["skip_holidays"] is False


def test_an_alarm_that_names_its_day_cannot_skip_holidays(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    date = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=3)).date().isoformat()
    r = d.ctl("alarm", "add", "07:00", "--date", date, "--skip-holidays")
    assert r.returncode != 0 and "--skip-holidays" in r.stderr and "an alarm on a date" in r.stderr, str(r)
    r = d.ctl("--json", "timer", "10m")
    assert r.returncode == 0, str(r)
    r = d.ctl("--json", "alarm", "edit", str(r.json["alarm"]["id"]), "--skip-holidays")
    assert r.returncode == 1 and r.json["error"]["code"] == "invalid_argument" and "a timer" in r.json["error"]["message"]
    assert d.status()["alarms"]["count"] == 1, "the date alarm was not added"
