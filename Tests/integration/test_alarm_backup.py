"""`alarm export` and `alarm import` of its file (docs/alarms.md, "Backing up alarms"), and `bedtime` (a saved mix
with its sleep timer and a one-off wake alarm in one step), through the real noised and noisectl."""

from __future__ import annotations

import json
import os
import re
import stat

import harness as H

UTC = {"TZ": "UTC"}


def _ok(r):
    assert r.returncode == 0, str(r)
    return r


def _alarms(d) -> list[dict]:
    return [a["alarm"] for a in _ok(d.ctl("--json", "alarm", "list")).json["alarms"]]


def _add_every_kind(d):
    """An alarm of each kind, each field away from its default, one twice, and a timer (which an export leaves out)."""
    _ok(d.ctl("alarm", "add", "06:45:30", "--repeat", "weekdays", "--label", "Work", "--sound", "testalarm",
              "--volume", "62.5", "--ramp", "90s", "--snooze", "7", "--ring-for", "5m", "--note", "keys, wallet"))
    _ok(d.ctl("alarm", "duplicate", "1"))   # two alarms the same in every field: a backup keeps both
    # The test catalog has no `classic`, the default tone, which an import names: each alarm names its sound.
    tone = ("--sound", "testalarm")
    _ok(d.ctl("alarm", "add", "21:15", "--label", "Bread", "--disabled", *tone))
    _ok(d.ctl("alarm", "add", "09:30", "--mars", "jezero", "--repeat", "sols", "--label", "Sol start", *tone))
    _ok(d.ctl("alarm", "add", "07:00", "--mars", "184.702W", "--solar", *tone))
    _ok(d.ctl("alarm", "add", "--iss", "--visible", "--min-elevation", "25", "--before", "2m", "--label", "ISS", *tone))
    _ok(d.ctl("alarm", "add", "02:30", "--date", "2027-03-28", "--zone", "Europe/Berlin", "--label", "Gap", *tone))
    _ok(d.ctl("timer", "10m", "--label", "tea"))


def test_an_export_imported_into_an_empty_daemon_exports_the_same_file(make_daemon, testdata, tmp_path):
    a = make_daemon(device="null", extra_env=UTC)
    _add_every_kind(a)
    first = tmp_path / "alarms.json"
    r = _ok(a.ctl("alarm", "export", str(first)))
    assert r.stdout == f"Exported 7 alarms to {first}.\n", str(r)
    assert stat.S_IMODE(os.stat(first).st_mode) == 0o644 & ~_umask()
    text = first.read_text()
    assert _ok(a.ctl("alarm", "export")).stdout == text, "stdout and the file differ"
    assert _ok(a.ctl("alarm", "export", "-")).stdout == text
    doc = json.loads(text)
    assert (doc["format"], doc["version"], len(doc["alarms"])) == ("noiseclock-alarms", 1, 7), doc
    assert all("id" not in e and "fires_at" not in e for e in doc["alarms"]), doc
    assert "tea" not in text, "a timer was exported"
    work = doc["alarms"][0]
    assert (work["time"], work["repeat"], work["label"], work["sound"], work["volume"], work["ramp_seconds"],
            work["snooze_minutes"], work["ring_limit_seconds"], work["note"]) \
        == ("06:45:30", "weekdays", "Work", "testalarm", 62.5, 90, 7, 300, "keys, wallet"), work
    assert doc["alarms"][1] == work and doc["alarms"][2]["enabled"] is False
    assert doc["alarms"][3]["mars"] == {"site": "perseverance", "lon_east_deg": doc["alarms"][3]["mars"]["lon_east_deg"],
                                        "solar": False}
    assert doc["alarms"][4]["mars"]["site"] is None and doc["alarms"][4]["mars"]["solar"] is True
    assert doc["alarms"][5]["pass"] == {"satellite": 25544, "visible_only": True, "min_elevation_deg": 25,
                                        "lead_seconds": 120}, doc["alarms"][5]
    assert (doc["alarms"][6]["date"], doc["alarms"][6]["zone"]) == ("2027-03-28", "Europe/Berlin"), doc["alarms"][6]

    b = make_daemon(device="null", extra_env=UTC)
    r = _ok(b.ctl("alarm", "import", str(first)))
    assert r.stdout.startswith("Imported 7 alarms (ids 1, 2, 3, 4, 5, 6, 7)."), str(r)
    second = tmp_path / "again.json"
    _ok(b.ctl("alarm", "export", str(second)))
    assert second.read_bytes() == first.read_bytes()
    a_fields = [{k: v for k, v in x.items() if k != "id"} for x in _alarms(a) if x["fires_at"] is None]
    b_fields = [{k: v for k, v in x.items() if k != "id"} for x in _alarms(b)]
    assert sorted(map(json.dumps, a_fields)) == sorted(map(json.dumps, b_fields))

    # Twice adds nothing: each alarm is there already, the same in every field (each copy by one of its own).
    r = _ok(b.ctl("--json", "alarm", "import", str(first)))
    assert r.json["imported"] == [] and sorted(x["id"] for x in r.json["already_there"]) == [1, 2, 3, 4, 5, 6, 7], r.json
    assert len(_alarms(b)) == 7
    # One field changed (the note) makes that alarm another: one Work alarm is missing, and it alone is added.
    _ok(b.ctl("alarm", "edit", "1", "--note", "only keys"))
    r = _ok(b.ctl("--json", "alarm", "import", str(first)))
    assert r.json["imported"] == [8] and len(r.json["already_there"]) == 6, r.json


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_newer_or_malformed_export_is_refused_and_adds_nothing(make_daemon, testdata, tmp_path):
    d = make_daemon(device="null", extra_env=UTC)
    _ok(d.ctl("alarm", "add", "07:00", "--label", "Work"))
    _ok(d.ctl("alarm", "add", "09:30", "--mars", "gale", "--repeat", "sols"))
    good = tmp_path / "good.json"
    _ok(d.ctl("alarm", "export", str(good)))
    _ok(d.ctl("alarm", "remove", "1", "2"))
    doc = json.loads(good.read_text())

    def refused(doc_or_text, expected):
        path = tmp_path / "bad.json"
        path.write_text(doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text))
        r = d.ctl("alarm", "import", str(path))
        assert r.returncode == 1 and expected in r.stdout, str(r)
        assert _alarms(d) == []

    refused(dict(doc, version=2), "the export is version 2; this noisectl reads version 1: update noisectl to import it")
    refused(dict(doc, format="alarms"), "its 'format' is 'alarms', not 'noiseclock-alarms'")
    refused(dict(doc, alarms=[dict(doc["alarms"][0], volume="loud")]), "entry 0: 'volume':")
    refused(dict(doc, alarms=[dict(doc["alarms"][0], snooze_minutes=90)]), "entry 0: snooze must be 1 to 60 minutes")
    refused(dict(doc, alarms=[doc["alarms"][0], dict(doc["alarms"][0], colour="red")]),
            "entry 1: 'colour' is not a field of an alarm")
    refused('{"format": "noiseclock-alarms", "version": 1, "alarms": [', "the file is not valid JSON")

    # --dry-run reads an export too, and changes nothing; a Mars alarm's every day is said as every sol.
    r = _ok(d.ctl("alarm", "import", str(good), "--dry-run"))
    assert r.stdout.startswith("Would import 2 alarms:\n  entry 0: 07:00 once \"Work\""), str(r)
    assert "\n  entry 1: 09:30 LMST Gale every sol, sound classic" in r.stdout, str(r)
    assert _alarms(d) == []


def _saved_mix(d, name="night"):
    _ok(d.ctl("play", "testloop", "testloop2", "--volume", "30"))
    _ok(d.ctl("mix", "save", name))
    _ok(d.ctl("stop", "--fade", "0"))
    d.wait_status(lambda s: s["playing"] == [], 5, "stopped")


def test_bedtime_plays_the_mix_with_its_timer_and_sets_a_one_off_alarm(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    _saved_mix(d)
    r = _ok(d.ctl("bedtime", "@night", "--for", "45m", "--wake", "07:00", "--label", "Up"))
    m = re.fullmatch(r"Playing night until (\d\d:\d\d) \(sleep timer 45 min\); alarm (\d+) rings at 07:00 "
                     r"(today|tomorrow) \(in [\dhmin ]+\)\.\n", r.stdout)
    assert m, str(r)
    st = d.status()
    assert [(p["id"], p["volume"]) for p in st["playing"]] == [("testloop", 30), ("testloop2", 30)], st
    for p in st["playing"]:
        assert 2690 < p["sleep_timer"]["remaining_seconds"] <= 2700, p
    alarms = _alarms(d)
    assert [(x["id"], x["time"], x["repeat"], x["label"], x["enabled"]) for x in alarms] \
        == [(int(m.group(2)), "07:00", "once", "Up", True)], alarms

    r = _ok(d.ctl("--json", "bedtime", "@night", "--until", "23:59", "--wake", "6:30am"))
    assert r.json["alarm"]["alarm"]["time"] == "06:30" and r.json["alarm"]["next_trigger"] is not None, r.json
    assert r.json["playback"]["state"] == "playing", r.json
    assert len(_alarms(d)) == 2

    # --fade-to: the sleep timer fades to that volume and the mix plays on there (docs/alarms.md, "Bedtime").
    r = _ok(d.ctl("--json", "bedtime", "@night", "--for", "30m", "--fade-to", "10"))
    assert r.json["playback"]["sleep_timer"]["fade_to"] == 10 and r.json["alarm"] is None, r.json


def test_bedtime_changes_nothing_on_an_unknown_mix_or_bad_input(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    _saved_mix(d)
    r = d.ctl("bedtime", "@day", "--for", "45m", "--wake", "07:00")
    assert r.returncode == 1 and r.stderr.strip() == "noisectl: no mix is named 'day'; saved mixes: night", str(r)
    for args, says in [
        (["--for", "45m", "--wake", "07:00"], "Missing expected argument"),
        (["night", "--for", "45m"], "give the saved mix as @NAME, e.g. @night"),
        (["@night", "--for", "45m", "--until", "23:00"], "give --for or --until, not both"),
        (["@night", "--wake", "25:00"], "hour"),
        (["@night", "--for", "45"], "45m"),
        (["@night"], "give a sleep timer (--for or --until), a --wake time, or both"),
        (["@night", "--for", "45m", "--label", "Up"], "--label names the wake alarm: give --wake too"),
        (["@night", "--for", "45m", "--fade-to", "101"], "--fade-to must be a volume from 0 to 100, got 101"),
        (["@night", "--wake", "07:00", "--fade-to", "10"], "--fade-to applies to a sleep timer"),
    ]:
        r = d.ctl("bedtime", *args)
        assert r.returncode == 2 and says in r.stderr, (args, str(r))
    st = d.status()
    assert st["playing"] == [] and _alarms(d) == [], st


def test_bedtime_takes_its_alarm_back_when_the_mix_is_refused(make_daemon, testdata, tmp_path):
    """The mix is there, but one of its sounds was removed since: `play` refuses it after the alarm was added, and
    the alarm goes again."""
    d = make_daemon(device="null", extra_env=UTC)
    src = H.make_loop_sound(tmp_path / "src", "mine", 1.0, seed=77, lo=100, hi=1000, level=0.1)
    _ok(d.ctl("sounds", "import", str(src.mp3), "--id", "mine", "--name", "Mine", "--kind", "loop"))
    _ok(d.ctl("play", "mine"))
    _ok(d.ctl("mix", "save", "gone"))
    _ok(d.ctl("stop", "--fade", "0"))
    d.wait_status(lambda s: s["playing"] == [], 5, "stopped")
    _ok(d.ctl("sounds", "remove", "mine"))
    r = d.ctl("bedtime", "@gone", "--for", "45m", "--wake", "07:00")
    assert r.returncode == 1 and r.stderr.rstrip().endswith("; alarm 1, added for the wake time, was removed again"), str(r)
    assert _alarms(d) == [] and d.status()["playing"] == []
