"""Answering alarms as a daily user does (issue 39): a snoozed alarm can be dismissed (`dismiss`, `dismiss ID`),
`snooze` on a snoozed alarm says when it rings, `alarm list` is in the order alarms sound, the note reaches
`status`, and `alarm edit` with nothing to change is a usage error. Each was reproduced on 394f2ed."""
import time

import harness as H

# The daemon runs in UTC; an alarm is set a couple of seconds ahead and awaited through `status`.
LEAD = 2


def _json(d, *args):
    r = d.ctl("--json", *args)
    assert r.returncode == 0, str(r)
    return r.json


def _ringing_soon(d, *opts):
    """Adds an alarm LEAD seconds ahead and waits until it rings; returns its id."""
    trigger = int(time.time()) + LEAD
    info = _json(d, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), *opts)
    aid = info["alarm"]["id"]
    d.wait_status(lambda s: aid in [a["alarm"]["id"] for a in s["alarms"]["ringing"]], LEAD + 10, f"alarm {aid} ringing")
    return aid


def test_a_snoozed_repeating_alarm_is_dismissed_and_rings_next_on_its_next_day(make_daemon, testdata):
    d = make_daemon(device="null")
    aid = _ringing_soon(d, "--repeat", "daily", "--label", "Snz", "--note", "take the keys")

    st = d.ctl("status")
    assert "Note" in st.stdout and "take the keys" in st.stdout, st.stdout
    r = d.ctl("snooze", "--for", "5")
    assert r.returncode == 0, str(r)

    # Snooze again: nothing rings, and it says when the snoozed one will.
    r = d.ctl("snooze")
    assert r.returncode == 1, str(r)
    assert f"alarm {aid} (Snz) is snoozed until " in r.stderr and "until at" not in r.stderr, r.stderr
    assert f"noisectl dismiss {aid}" in r.stderr, r.stderr
    st = _json(d, "status")["alarms"]
    assert [a["alarm"]["id"] for a in st["snoozed"]] == [aid], st
    assert f"noisectl dismiss {aid}" in d.ctl("status").stdout

    # Before issue 39: "no alarm is ringing; the next is alarm 1 (Snz) at …", exit 1.
    r = d.ctl("dismiss")
    assert r.returncode == 0, str(r)
    assert r.stdout.startswith(f"Dismissed alarm {aid} (Snz); next "), r.stdout
    shown = _json(d, "alarm", "show", str(aid))
    assert shown["snoozed_until"] is None and shown["alarm"]["enabled"] is True, shown
    assert shown["next_trigger"]["unix"] > time.time() + 23 * 3600, f"tomorrow's trigger, not the snooze: {shown}"
    st = _json(d, "status")["alarms"]
    assert st["snoozed"] == [] and st["ringing"] == [], st

    # Nothing left to dismiss: says so, changes nothing.
    r = d.ctl("dismiss")
    assert r.returncode == 1 and "no alarm is ringing" in r.stderr, str(r)
    r = d.ctl("dismiss", str(aid))
    assert r.returncode == 1 and f"alarm {aid} (Snz) is neither ringing nor snoozed; it rings next at" in r.stderr, str(r)


def test_dismiss_id_ends_one_snooze_and_a_snoozed_once_alarm_is_done(make_daemon, testdata):
    d = make_daemon(device="null")
    first = _ringing_soon(d, "--label", "One")
    assert d.ctl("snooze").returncode == 0
    second = _ringing_soon(d, "--label", "Two")
    assert d.ctl("snooze", str(second)).returncode == 0
    assert [a["alarm"]["id"] for a in _json(d, "status")["alarms"]["snoozed"]] == [first, second]

    r = d.ctl("--json", "dismiss", str(second))
    assert r.returncode == 0 and [a["alarm"]["id"] for a in r.json["alarms"]] == [second], str(r)
    shown = _json(d, "alarm", "show", str(second))
    assert shown["alarm"]["enabled"] is False and shown["snoozed_until"] is None, "a once alarm is done once dismissed"
    assert [a["alarm"]["id"] for a in _json(d, "status")["alarms"]["snoozed"]] == [first], "the other snooze stays"


def test_alarm_list_is_in_the_order_alarms_sound_snoozes_included(make_daemon, testdata):
    d = make_daemon(device="null")
    later = _json(d, "alarm", "add", time.strftime("%H:%M", time.gmtime(time.time() + 3 * 3600)),
                  "--label", "Later")["alarm"]["id"]
    snoozed = _ringing_soon(d, "--repeat", "daily", "--label", "Snoozed")
    assert d.ctl("snooze", "--for", "10").returncode == 0

    nxt = _json(d, "alarm", "next")["alarm"]["alarm"]["id"]
    listed = [a["alarm"]["id"] for a in _json(d, "alarm", "list")["alarms"]]
    # Before issue 39 the snoozed alarm came last: its next trigger is tomorrow's.
    assert listed == [snoozed, later], listed
    assert nxt == listed[0]
    table = d.ctl("alarm", "list").stdout.splitlines()
    assert "Snoozed" in table[1] and "Later" in table[2], table


def test_alarm_edit_with_nothing_to_change_is_a_usage_error(make_daemon, testdata):
    d = make_daemon(device="null")
    aid = _json(d, "alarm", "add", "07:00", "--label", "Work")["alarm"]["id"]
    before = _json(d, "alarm", "show", str(aid))
    r = d.ctl("alarm", "edit", str(aid))
    assert r.returncode == 2 and "nothing to change" in r.stderr and "--label" in r.stderr, str(r)
    assert "Changed" not in r.stdout
    raw = d.request("alarm_edit", {"id": aid})
    assert raw["error"]["code"] == "invalid_argument" and "needs something to change" in raw["error"]["message"], raw
    assert _json(d, "alarm", "show", str(aid)) == before
