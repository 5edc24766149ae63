"""`noisectl alarm skip ID [--undo]` end to end (issue 53, item 3): the real noised and noisectl, in UTC, so a
trigger's time of day is its Unix time mod 86400. The skipped ring is one ahead by days for the words and the
JSON; one a few seconds ahead shows the skipped ring silent and the skip spent (docs/alarms.md, "Skipping a ring")."""
import datetime as dt
import socket
import time

import harness as H

UTC = {"TZ": "UTC"}


def _json(d, *args):
    r = d.ctl("--json", *args)
    assert r.returncode == 0, str(r)
    return r.json


def _weekday_rings(hour, count):
    """The next ``count`` weekday rings at ``hour``:00 UTC after now, as datetimes."""
    now = dt.datetime.now(dt.timezone.utc)
    day = now.replace(hour=hour, minute=0, second=0, microsecond=0)
    rings = []
    while len(rings) < count:
        if day > now and day.weekday() < 5:
            rings.append(day)
        day += dt.timedelta(days=1)
    return rings


def _day(when):
    """`Mon 8 Dec`, as noisectl writes a day."""
    return f"{when:%a} {when.day} {when:%b}"


def test_skip_passes_over_the_next_ring_only_and_undo_brings_it_back(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    # Three hours from now, whole hour: never the ring of the next few seconds, whatever the time of the run.
    hour = (dt.datetime.now(dt.timezone.utc).hour + 3) % 24
    first, second = _weekday_rings(hour, 2)
    info = _json(d, "alarm", "add", f"{hour:02d}:00", "--repeat", "weekdays", "--label", "Work")
    alarm_id = str(info["alarm"]["id"])
    assert info["skips"] is None and info["next_trigger"]["unix"] == first.timestamp(), info

    r = d.ctl("alarm", "skip", alarm_id)
    assert r.returncode == 0, str(r)
    assert r.stdout.startswith(f"Skipped a ring: alarm {alarm_id} {hour:02d}:00 weekdays \"Work\": "), r.stdout
    assert f"; skips {_day(first)}" in r.stdout, r.stdout
    shown = _json(d, "alarm", "show", alarm_id)
    assert shown["skips"] == {"unix": first.timestamp(), "offset_seconds": 0,
                              "local": first.strftime("%Y-%m-%dT%H:%M:%S+00:00")}, shown
    assert shown["next_trigger"]["unix"] == second.timestamp(), shown

    nxt = d.ctl("alarm", "next").stdout
    assert f"{_day(second)} {hour:02d}:00" in nxt and f"skips {_day(first)}" in nxt, nxt
    listed = d.ctl("alarm", "list").stdout
    assert f"skips {_day(first)}" in listed, listed
    assert f"skips {_day(first)}" in d.ctl("alarm", "show", alarm_id).stdout

    # One ring at a time; a new label keeps the skip, a new time ends it.
    r = d.ctl("alarm", "skip", alarm_id)
    assert r.returncode == 1 and "already skips its ring of" in r.stderr and "--undo" in r.stderr, str(r)
    assert _json(d, "alarm", "edit", alarm_id, "--label", "Office")["skips"] is not None

    undone = _json(d, "alarm", "skip", alarm_id, "--undo")
    assert undone["skips"] is None and undone["next_trigger"]["unix"] == first.timestamp(), undone
    r = d.ctl("alarm", "skip", alarm_id, "--undo")
    assert r.returncode == 1 and r.stderr.strip().endswith(f"alarm {alarm_id} skips no ring"), str(r)
    r = d.ctl("--json", "alarm", "skip", alarm_id, "--undo")
    assert r.returncode == 1 and r.json["error"]["code"] == "nothing_to_undo", str(r)

    _json(d, "alarm", "skip", alarm_id)
    edited = _json(d, "alarm", "edit", alarm_id, "--time", f"{(hour + 1) % 24:02d}:30")
    assert edited["skips"] is None, edited

    # The skip is stored: a restart keeps it.
    _json(d, "alarm", "skip", alarm_id)
    d.stop()
    d.start()
    assert _json(d, "alarm", "show", alarm_id)["skips"] is not None


def test_what_cannot_be_skipped_is_refused_in_words(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    once = str(_json(d, "alarm", "add", "07:00")["alarm"]["id"])
    r = d.ctl("alarm", "skip", once)
    assert r.returncode == 1 and f"noisectl alarm disable {once}" in r.stderr, str(r)
    daily = str(_json(d, "alarm", "add", "07:00", "--repeat", "daily")["alarm"]["id"])
    _json(d, "alarm", "disable", daily)
    r = d.ctl("alarm", "skip", daily)
    assert r.returncode == 1 and f"alarm {daily} is off: it has no ring to skip" in r.stderr, str(r)
    # An unknown id: as its siblings say it.
    skip, enable = d.ctl("alarm", "skip", "99"), d.ctl("alarm", "enable", "99")
    assert skip.returncode == enable.returncode == 1 and skip.stderr == enable.stderr, (str(skip), str(enable))
    r = d.ctl("alarm", "skip", "0")
    assert r.returncode == 2 and "'0' is not an alarm: give its id (see 'noisectl alarm list') or next" in r.stderr, str(r)
    r = d.ctl("alarm", "skip", "next", "--undo")
    assert r.returncode == 1 and "'undo' takes one alarm's skip back; give its 'id'" in r.stderr, str(r)
    r = d.request("alarm_skip", {"id": 1, "undo": "yes"})
    assert not r["ok"] and r["error"]["message"] == "alarm_skip: 'undo' must be true or false, got \"yes\"", r


def test_skip_next_skips_the_repeating_alarm_that_rings_next_past_a_timer(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    r = d.ctl("alarm", "skip", "next")
    assert r.returncode == 1 and "no repeating alarm has a ring coming" in r.stderr, str(r)
    hour = (dt.datetime.now(dt.timezone.utc).hour + 3) % 24
    first, second = _weekday_rings(hour, 2)
    late = str(_json(d, "alarm", "add", f"{hour:02d}:30", "--repeat", "weekdays")["alarm"]["id"])
    work = str(_json(d, "alarm", "add", f"{hour:02d}:00", "--repeat", "weekdays", "--label", "Work")["alarm"]["id"])
    assert d.ctl("timer", "10m", "--label", "Tea").returncode == 0, "a timer rings first, and is passed over"
    r = d.ctl("alarm", "skip", "next")
    assert r.returncode == 0 and r.stdout.startswith(f"Skipped a ring: alarm {work} {hour:02d}:00 weekdays \"Work\""), str(r)
    assert f"; skips {_day(first)}" in r.stdout, r.stdout
    shown = _json(d, "alarm", "show", work)
    assert shown["skips"]["unix"] == first.timestamp() and shown["next_trigger"]["unix"] == second.timestamp(), shown
    # Work's next ring is now a day on: the other alarm rings next, and is the next to skip.
    assert _json(d, "alarm", "skip", "next")["alarm"]["id"] == int(late)
    assert _json(d, "alarm", "show", late)["skips"] is not None


def test_the_skipped_ring_is_silent_and_the_skip_is_then_spent(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    trigger = int(time.time()) + 4
    info = _json(d, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), "--repeat", "daily")
    assert info["next_trigger"]["unix"] == trigger, info
    alarm_id = info["alarm"]["id"]
    with H.RawClient(d.socket, timeout=10) as events:
        assert events.request("subscribe").get("ok")
        skipped = _json(d, "alarm", "skip", str(alarm_id))
        assert skipped["skips"]["unix"] == trigger and skipped["next_trigger"]["unix"] == trigger + 86_400
        seen = []
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                message = events.recv(deadline - time.monotonic())
            except (socket.timeout, TimeoutError):
                continue
            seen.append(message)
            data = message.get("data") or {}
            if message.get("event") == "alarms_changed" and any(
                    a["alarm"]["id"] == alarm_id and a["skips"] is None for a in data.get("alarms", [])):
                break
        else:
            raise H.Timeout(f"the skip was not spent; seen {seen}")
    assert time.time() >= trigger, "spent only once its ring has passed"
    assert "alarm_ringing" not in [m.get("event") for m in seen], seen
    shown = _json(d, "alarm", "show", str(alarm_id))
    assert shown["skips"] is None and shown["next_trigger"]["unix"] == trigger + 86_400, shown
    assert shown["ringing"] is False
