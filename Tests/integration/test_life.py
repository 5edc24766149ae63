"""The life calendar kept by the daemon (docs/life.md): the birth date, habits and their taps, the gratitude diary
with its search, export and import, their events, their errors, and what survives a restart; all through the real
noised and noisectl. (The life view, the grid and the poster are in test_life_view.py; kill -9 in make stress.)"""

import csv
import datetime
import io
import json
import os
import pty
import stat
import subprocess
import time

import pytest

import harness as H


def _ok(r):
    assert r.returncode == 0, str(r)
    return r


def _today(d) -> str:
    return d.request("life_show")["data"]["today"]


@pytest.fixture
def daemon(make_daemon):
    # TZ fixes the daemon's "today" and noisectl's local times alike.
    return make_daemon(device="null", extra_env={"TZ": "UTC"})


def test_the_life_is_set_checked_and_kept_across_a_restart(daemon):
    d = daemon
    info = _ok(d.ctl("--json", "life", "set", "--birth", "1990-01-01", "--years", "85")).json
    assert info["birth"] == "1990-01-01" and info["years"] == 85, info
    today = datetime.date.fromisoformat(info["today"])
    lived = (today - datetime.date(1990, 1, 1)).days
    f = info["figures"]
    assert f["days_lived"] == lived and f["weeks_lived"] == lived // 7 and f["total_weeks"] == 85 * 52, f
    assert f["expected_end_date"] == "2075-01-01" and f["days_remaining"] == (datetime.date(2075, 1, 1) - today).days

    # Refused, naming what is accepted, and nothing changes.
    tomorrow = (today + datetime.timedelta(days=1)).isoformat()
    r = d.request("life_set", {"birth": tomorrow})
    assert not r["ok"] and "is after today" in r["error"]["message"], r
    r = d.ctl("life", "set", "--birth", "1990-01-01", "--years", "151")
    assert r.returncode == 2 and "1 to 150 years" in r.stderr, str(r)
    r = d.ctl("life", "set", "--birth", "1990-02-30")
    assert r.returncode == 2 and "February 1990 has days 01 to 28" in r.stderr, str(r)
    assert d.request("life_show")["data"]["birth"] == "1990-01-01"

    d.stop()
    d.start()
    assert d.request("life_show")["data"]["years"] == 85
    assert "1990-01-01" not in d.log(), "the birth date is personal: never logged"


def test_habits_add_up_to_the_days_bonus_with_undo_stats_and_events(daemon):
    d = daemon
    _ok(d.ctl("habit", "add", "Reading", "--minutes", "15"))
    _ok(d.ctl("habit", "add", "scrolling", "--minutes", "10"))
    r = d.ctl("habit", "add", "reading", "--minutes", "5")
    assert r.returncode == 1 and 'there is a habit "Reading" already' in r.stderr, str(r)
    r = d.ctl("habit", "add", "walk", "--minutes", "0")
    assert r.returncode == 2 and "1 to 1440 minutes" in r.stderr, str(r)

    with H.RawClient(d.socket) as events:
        assert events.request("subscribe")["ok"]
        r = _ok(d.ctl("habit", "+", "reading"))
        assert r.stdout.startswith("Reading +15 min at ") and "Today's bonus: +15 min." in r.stdout, r.stdout
        e = events.next_event(lambda e: e["event"] == "habit_tapped", timeout=5)
        assert e["data"]["tap"]["minutes"] == 15 and e["data"]["bonus_minutes"] == 15 and not e["data"]["undone"], e
        _ok(d.ctl("habit", "plus", "Reading"))
        r = _ok(d.ctl("habit", "-", "SCROLLING"))
        assert "Today's bonus: +20 min." in r.stdout, r.stdout
        r = _ok(d.ctl("habit", "undo"))
        assert r.stdout.startswith("Took back scrolling -10 min") and "bonus: +30 min" in r.stdout, r.stdout
        e = events.next_event(lambda e: e["event"] == "habit_tapped" and e["data"]["undone"], timeout=5)
        assert e["data"]["bonus_minutes"] == 30, e

    r = d.ctl("habit", "minus", "nope")
    assert r.returncode == 1 and 'no habit is named "nope"; habits: Reading, scrolling' in r.stderr, str(r)
    today = _ok(d.ctl("--json", "habit", "today")).json
    assert today["bonus_minutes"] == 30 and [t["habit"] for t in today["taps"]] == ["Reading", "Reading"], today
    stats = _ok(d.ctl("--json", "habit", "stats", "--weeks", "2")).json
    assert len(stats["days"]) == 14 and stats["days"][-1] == {"date": today["date"], "minutes": 30, "taps": 2}, stats
    by_name = {h["name"]: h for h in stats["habits"]}
    assert by_name["Reading"]["plus"] == 2 and by_name["scrolling"]["minutes"] == 0, stats
    text = _ok(d.ctl("habit", "stats", "--weeks", "1")).stdout
    assert "+30 min in 2 taps" in text and "▁▁▁▁▁▁█" in text, text

    d.stop()
    d.start()
    assert _ok(d.ctl("--json", "habit", "today")).json["bonus_minutes"] == 30, "taps survive a restart"
    r = _ok(d.ctl("habit", "remove", "reading"))
    assert "Removed habit Reading and its 2 taps." in r.stdout, r.stdout
    assert _ok(d.ctl("--json", "habit", "today")).json["bonus_minutes"] == 0
    assert "Reading" not in d.log() and "scrolling" not in d.log(), "habit names are personal: never logged"


def test_one_entry_a_day_asked_before_replacing_appended_edited_searched(daemon, tmp_path):
    d = daemon
    r = _ok(d.ctl("gratitude", "The walk by the river"))
    assert r.stdout.startswith("Saved the entry for "), r.stdout
    r = d.ctl("gratitude", "Something else")
    assert r.returncode == 1 and "has an entry already; give --replace" in r.stderr, str(r)
    _ok(d.ctl("gratitude", "and a strong coffee", "--append"))
    shown = _ok(d.ctl("--json", "gratitude", "show")).json
    assert shown["entry"]["text"] == "The walk by the river\nand a strong coffee", shown
    # An append that would pass the entry's limit is refused whole, saying by how much.
    r = d.ctl("gratitude", "x" * 16_370, "--append")
    assert r.returncode == 1 and "with the text added, an entry is at most 16384 bytes, got" in r.stderr, str(r)
    assert _ok(d.ctl("--json", "gratitude", "show")).json == shown, "a refused append changes nothing"

    # No text: the entry in $EDITOR (here a script that edits the file it is given), saved when changed.
    editor = tmp_path / "editor.sh"
    editor.write_text('#!/bin/sh\nsed -i "s/walk/run/" "$1"\n')
    editor.chmod(editor.stat().st_mode | stat.S_IXUSR)
    env = dict(d.env(), EDITOR=str(editor))
    r = _ok(H.noisectl("gratitude", "--edit", socket=d.socket, env=env))
    assert r.stdout.startswith("Replaced the entry for "), str(r)
    unchanged = dict(d.env(), EDITOR="true")
    assert _ok(H.noisectl("gratitude", "--edit", socket=d.socket, env=unchanged)).stdout == "Nothing changed.\n"
    failing = dict(d.env(), EDITOR="false")
    r = H.noisectl("gratitude", "--edit", socket=d.socket, env=failing)
    assert r.returncode == 1 and "the editor 'false' failed" in r.stderr, str(r)

    yesterday = (datetime.date.fromisoformat(_today(d)) - datetime.timedelta(days=1)).isoformat()
    _ok(d.ctl("gratitude", "Café with Ana, then the quiet evening", "--date", yesterday))
    future = (datetime.date.fromisoformat(_today(d)) + datetime.timedelta(days=1)).isoformat()
    r = d.ctl("gratitude", "tomorrow", "--date", future)
    assert r.returncode == 1 and "is after today" in r.stderr, str(r)

    found = _ok(d.ctl("--json", "gratitude", "search", "cafe")).json["matches"]
    assert [m["entry"]["date"] for m in found] == [yesterday] and "[Café]" in found[0]["snippet"], found
    assert _ok(d.ctl("--json", "gratitude", "search", "run", "stro")).json["matches"][0]["entry"]["date"] == _today(d)
    assert "No entry has walk." in _ok(d.ctl("gratitude", "search", "walk")).stdout, "the edit left the index"
    listed = _ok(d.ctl("gratitude", "list", "--since", yesterday)).stdout.splitlines()
    assert listed[0].startswith(yesterday) and listed[1].startswith(_today(d) + "  The run by the river …"), listed
    assert "river" not in d.log() and "Ana" not in d.log(), "entries are personal: never logged"


def test_export_in_three_formats_and_import_round_trips_idempotently(daemon, make_daemon, tmp_path):
    d = daemon
    today = datetime.date.fromisoformat(_today(d))
    texts = {}
    for back in range(5):
        day = (today - datetime.timedelta(days=back)).isoformat()
        texts[day] = f'Day {back}: "quoted", with commas\nand a second line ☀'
        _ok(d.ctl("gratitude", texts[day], "--date", day))

    out = tmp_path / "diary.json"
    r = _ok(d.ctl("gratitude", "export", "--format", "json", "--output", str(out)))
    assert "Wrote 5 entries" in r.stdout and r.stderr == "", str(r)
    exported = json.loads(out.read_text())["entries"]
    assert {e["date"]: e["text"] for e in exported} == texts
    rows = list(csv.DictReader(io.StringIO(_ok(d.ctl("gratitude", "export", "--format", "csv")).stdout, newline="")))
    assert {r["date"]: r["text"] for r in rows} == texts and all(r["saved_at"].endswith("+00:00") for r in rows), rows
    md = _ok(d.ctl("gratitude", "export")).stdout
    assert md.startswith("# Gratitude diary\n") and md.count("\n## ") == 5, md

    other = make_daemon(device="null", extra_env={"TZ": "UTC"})
    r = _ok(other.ctl("gratitude", "import", str(out)))
    assert "5 added, 0 replaced (saved later), 0 unchanged" in r.stdout, r.stdout
    again = _ok(other.ctl("--json", "gratitude", "import", str(out))).json
    assert again == {"added": 0, "replaced": 0, "unchanged": 5, "kept": 0}, again
    assert json.loads(_ok(other.ctl("gratitude", "export", "--format", "json")).stdout) == {"entries": exported}
    other.stop()
    other.start()
    assert other.request("gratitude_export")["data"]["entries"] == exported, "entries survive a restart"

    bad = tmp_path / "bad.json"
    bad.write_text('{"entries": [{"date": "2026-02-30", "text": "x"}]}')
    r = other.ctl("gratitude", "import", str(bad))
    assert r.returncode == 2 and "is not a diary export" in r.stderr and "February 2026 has days 01 to 28" in r.stderr, str(r)
    assert len(other.request("gratitude_export")["data"]["entries"]) == 5, "a refused import changes nothing"


def _soon(seconds: float) -> tuple[str, float]:
    """A time of day (UTC, with seconds) a few seconds ahead, and its instant."""
    at = int(time.time() + seconds) + 1
    return datetime.datetime.fromtimestamp(at, datetime.timezone.utc).strftime("%H:%M:%S"), float(at)


def test_the_daily_reminder_notifies_only_when_the_day_has_no_entry(make_daemon, session_bus, notifications):
    d = make_daemon(device="null", extra_env={"TZ": "UTC", "DBUS_SESSION_BUS_ADDRESS": session_bus.address})
    d.wait_status(lambda s: s["desktop"]["notifications"], 10, "notifications on")
    r = _ok(d.ctl("gratitude", "remind"))
    assert "No gratitude reminder. Set one: noisectl gratitude remind 21:30" in r.stdout, r.stdout
    r = d.ctl("gratitude", "remind", "25:00")
    assert r.returncode == 2 and "hours are 0 to 23" in r.stderr, str(r)

    with H.RawClient(d.socket) as events:
        assert events.request("subscribe")["ok"]
        when, at = _soon(2)
        shown = _ok(d.ctl("--json", "gratitude", "remind", when)).json
        assert shown["time"] == when and shown["next"]["unix"] == at, shown
        e = events.next_event(lambda e: e["event"] == "gratitude_reminder", timeout=10)
        assert e["data"]["date"] == _today(d), e
        notice = H.wait_until(lambda: notifications.shown() and notifications.shown()[-1], 10, desc="the notification")
        assert notice["summary"] == "Gratitude diary" and f"Nothing written for {_today(d)} yet" in notice["body"], notice
        assert notice["hints"]["urgency"] == 1 and not notice["actions"], notice
        # Dealt with: the next is tomorrow's, and it stays so across a restart.
        assert _ok(d.ctl("--json", "gratitude", "remind")).json["next"]["unix"] == at + 86_400

        # With the day's entry written, the reminder comes due and says nothing.
        _ok(d.ctl("gratitude", "Written before the reminder"))
        when, at = _soon(2)
        set_again = _ok(d.ctl("--json", "gratitude", "remind", when)).json
        # Issue 39: it said "Next: today" although today has its entry and nothing would come.
        assert set_again["skipped"] == _today(d) and set_again["next"]["unix"] == at + 86_400, set_again
        H.wait_until(lambda: "the gratitude reminder came due; the day has its entry" in d.log(), 10,
                     desc="the second reminder dealt with")
        # Events come in order: anything the reminder sent is before the event of this later write.
        _ok(d.ctl("gratitude", "and a later line", "--append"))
        events.next_event(lambda e: e["event"] == "gratitude_saved" and e["data"]["action"] == "append", timeout=5)
        assert not [e for e in events.events if e.get("event") == "gratitude_reminder"], events.events
        assert len(notifications.shown()) == 1, notifications.shown()

    d.stop()
    d.start()
    assert _ok(d.ctl("--json", "gratitude", "remind")).json["next"]["unix"] == at + 86_400, "kept across a restart"
    r = _ok(d.ctl("gratitude", "remind", "--off"))
    assert r.stdout == "The gratitude reminder is off.\n", r.stdout
    assert d.request("gratitude_remind")["data"] == {"time": None, "next": None, "skipped": None}


# Hostile input (issue 37, items 4, 8 and 9; docs/reliability.md): files written only where a file belongs, the
# diary keeping exactly what it acknowledges, and text from outside never acting on a terminal or a spreadsheet.

def _count(d) -> int:
    return len(d.request("gratitude_export")["data"]["entries"])


def test_output_writes_only_to_a_regular_file_or_a_new_path(daemon, tmp_path):
    d = daemon
    _ok(d.ctl("gratitude", "Private words"))
    assert os.geteuid() == 0, "as root, a rename over /dev/null would succeed: the case this test is for"
    try:
        r = d.ctl("gratitude", "export", "--format", "csv", "--output", "/dev/null")
    finally:
        # A build with the bug turns the machine's /dev/null into a file: put the device back before failing.
        if not stat.S_ISCHR(os.stat("/dev/null").st_mode):
            os.unlink("/dev/null")
            os.mknod("/dev/null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
            os.chmod("/dev/null", 0o666)
            pytest.fail("gratitude export --output replaced /dev/null with a file (the device is restored)")
    assert r.returncode == 1 and r.stderr == ("noisectl: /dev/null is a character device, not a regular file; --output "
                                              "writes only to a regular file or a new path\n"), str(r)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode) and os.stat("/dev/null").st_mode & 0o777 == 0o666

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    r = d.ctl("gratitude", "export", "--output", str(fifo))
    assert r.returncode == 1 and f"{fifo} is a FIFO (a named pipe), not a regular file" in r.stderr, str(r)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    folder = tmp_path / "folder"
    folder.mkdir()
    r = d.ctl("gratitude", "export", "--output", str(folder))
    assert r.returncode == 1 and f"{folder} is a directory, not a regular file" in r.stderr, str(r)
    assert folder.is_dir() and not list(folder.iterdir()) and sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "folder"]

    # A new file is private; a file there already is replaced and keeps its permissions.
    new = tmp_path / "new.md"
    _ok(d.ctl("gratitude", "export", "--output", str(new)))
    assert "Private words" in new.read_text() and new.stat().st_mode & 0o777 == 0o600
    shared = tmp_path / "shared.md"
    shared.write_text("old")
    shared.chmod(0o644)
    _ok(d.ctl("gratitude", "export", "--output", str(shared)))
    assert "Private words" in shared.read_text() and shared.stat().st_mode & 0o777 == 0o644

    # The same rule for the poster, checked before anything is drawn or written (no rsvg-convert needed).
    for option, path, kind in [("--svg", str(folder), "a directory"), ("--png", str(fifo), "a FIFO (a named pipe)")]:
        r = d.ctl("life", "grid", option, path, "--birth", "1990-01-01")
        assert r.returncode == 1 and f"{path} is {kind}, not a regular file; {option} writes only" in r.stderr, str(r)
    assert folder.is_dir() and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_nul_or_invalid_utf8_is_refused_with_its_place_and_nothing_stored(daemon, tmp_path):
    d = daemon
    _ok(d.ctl("gratitude", "Kept as written"))
    before = d.request("gratitude_export")["data"]["entries"]
    yesterday = (datetime.date.fromisoformat(_today(d)) - datetime.timedelta(days=1)).isoformat()
    for cmd, args, where in [
            ("gratitude_write", {"text": "before\u0000after", "mode": "replace"}, "'text' has a NUL character (U+0000) at character 7"),
            ("gratitude_write", {"text": "\u0000", "date": yesterday}, "'text' has a NUL character (U+0000) at character 1"),
            ("gratitude_import", {"entries": [{"date": yesterday, "text": "a\u0000", "saved_at": 1}]}, "entry 1: 'text' has a NUL"),
            ("habit_add", {"name": "Read\u0000ing", "minutes": 5}, "'name' has a NUL character (U+0000) at character 5")]:
        r = d.request(cmd, args)
        assert not r["ok"] and r["error"]["code"] == "invalid_argument" and where in r["error"]["message"], r
    with H.RawClient(d.socket) as c:
        c.send_raw(b'{"id":1,"cmd":"gratitude_write","args":{"text":"caf\xe9 latin-1","date":"' + yesterday.encode() + b'"}}\n')
        r = c.recv_reply()
        assert not r["ok"] and r["error"]["code"] == "parse_error", r
        # A lone surrogate is no character: refused, not stored as U+FFFD.
        c.send_raw(b'{"id":2,"cmd":"gratitude_write","args":{"text":"half \\ud800 a pair","date":"' + yesterday.encode() + b'"}}\n')
        r = c.recv_reply()
        assert not r["ok"], r
    assert d.request("gratitude_export")["data"]["entries"] == before, "nothing stored"
    assert d.request("habit_list")["data"]["habits"] == []

    # Text from the editor is read as bytes: invalid UTF-8 is refused naming where, never saved as U+FFFD.
    editor = tmp_path / "editor.sh"
    editor.write_text("#!/bin/sh\nprintf 'line one\\ncaf\\351\\n' > \"$1\"\n")
    editor.chmod(0o755)
    r = H.noisectl("gratitude", "--edit", "--date", yesterday, socket=d.socket, env=dict(d.env(), EDITOR=str(editor)))
    assert r.returncode == 1 and "the editor's text is not valid UTF-8 at byte 13 (line 2, column 4); nothing was saved" \
        in r.stderr, str(r)
    kept = r.stderr.rsplit("kept in ", 1)[1].rstrip(")\n")
    assert open(kept, "rb").read() == b"line one\ncaf\xe9\n", "the writing is kept to be mended"
    os.unlink(kept)
    assert d.request("gratitude_export")["data"]["entries"] == before


def _import_file(tmp_path, name, entries) -> str:
    path = tmp_path / name
    path.write_text(json.dumps({"entries": entries}))
    return str(path)


def test_an_import_is_checked_whole_and_stores_all_or_nothing(daemon, tmp_path):
    d = daemon
    _ok(d.ctl("gratitude", "Already here"))
    today = datetime.date.fromisoformat(_today(d))
    # Entries of 6 KiB: the client sends them in several requests, as the 12-entry file was.
    days = [(today - datetime.timedelta(days=n)).isoformat() for n in range(12, 0, -1)]
    good = [{"date": day, "text": f"{day} " + "words " * 1000, "saved_at": 1_700_000_000} for day in days]

    blank = [dict(e) for e in good]
    blank[10]["text"] = "   "
    future = good[:5] + [{"date": "2099-12-31", "text": "not yet", "saved_at": 1}] + good[5:]
    twice = good[:6] + [dict(good[2], text="again")] + good[6:]
    for name, entries, problem in [
            ("blank.json", blank, f"entry 11 ({days[10]}): an entry cannot be empty"),
            ("future.json", future, f"entry 6 (2099-12-31): 2099-12-31 is after today ({today}); write for today or a day before"),
            ("twice.json", twice, f"entry 7 ({days[2]}): the day is in the file twice (entry 3 too); one entry a day")]:
        r = d.ctl("gratitude", "import", _import_file(tmp_path, name, entries))
        assert r.returncode == 1 and f"{problem}; nothing was imported" in r.stderr, str(r)
        assert _count(d) == 1, f"{name}: nothing stored"

    # The daemon holds each request to the same rules (a client that skips the check gets the same refusal).
    r = d.request("gratitude_import", {"entries": [good[0], {"date": "2099-12-31", "text": "x", "saved_at": 1}]})
    assert not r["ok"] and "entry 2: 2099-12-31 is after today" in r["error"]["message"], r
    assert _count(d) == 1

    r = _ok(d.ctl("gratitude", "import", _import_file(tmp_path, "good.json", good)))
    assert "12 added" in r.stdout and _count(d) == 13, r.stdout


def test_stored_text_never_acts_on_the_terminal_or_a_spreadsheet_and_markdown_round_trips(daemon, make_daemon, tmp_path):
    d = daemon
    today = datetime.date.fromisoformat(_today(d))
    day = (today - datetime.timedelta(days=1)).isoformat()
    hostile = "\x1b[2Jcleared, and \u202eeman\u202c reversed\nline two\x07"
    _ok(d.ctl("gratitude", "import", _import_file(tmp_path, "hostile.json", [{"date": day, "text": hostile, "saved_at": 1}])))
    shown = _ok(d.ctl("gratitude", "show", day)).stdout
    assert shown.splitlines()[1:] == ["^[[2Jcleared, and <U+202E>eman<U+202C> reversed", "line two^G"], shown
    assert "\x1b" not in shown and "\u202e" not in shown and "\x07" not in shown
    listed = _ok(d.ctl("gratitude", "list")).stdout
    assert f"{day}  ^[[2Jcleared, and <U+202E>eman<U+202C> reversed …" in listed and "\x1b" not in listed, listed
    found = _ok(d.ctl("gratitude", "search", "reversed")).stdout
    assert found.startswith(day) and "<U+202E>eman<U+202C>" in found and "\u202e" not in found, found
    assert _ok(d.ctl("--json", "gratitude", "show", day)).json["entry"]["text"] == hostile, "JSON stays exact"
    # An export printed on a terminal shows the controls too; into a pipe it stays exact (above: --json, below: CSV).
    controller, terminal = pty.openpty()
    subprocess.run([str(H.bin_dir() / "noisectl"), "--socket", str(d.socket), "gratitude", "export"], env=d.env(),
                   stdin=subprocess.DEVNULL, stdout=terminal, stderr=subprocess.DEVNULL, timeout=20, check=True)
    os.close(terminal)
    printed = b""
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # EIO: the terminal's other end is closed and everything was read
            break
        if not chunk:
            break
        printed += chunk
    os.close(controller)
    assert b"^[[2Jcleared" in printed and b"\x1b" not in printed, printed

    _ok(d.ctl("gratitude", "=1+1"))
    rows = list(csv.DictReader(io.StringIO(_ok(d.ctl("gratitude", "export", "--format", "csv")).stdout, newline="")))
    assert [r["text"] for r in rows] == [hostile, "'=1+1"], rows

    # A heading inside an entry is escaped in the Markdown, and the Markdown imports back to the same text.
    _ok(d.ctl("gratitude", "A walk\n## 2019-01-09\nnot a day", "--replace"))
    out = tmp_path / "diary.md"
    _ok(d.ctl("gratitude", "export", "--output", str(out)))
    md = out.read_text()
    assert [line for line in md.splitlines() if line.startswith("## ")] == [f"## {day}", f"## {today}"], md
    assert "\n\\## 2019-01-09\n" in md, md
    other = make_daemon(device="null", extra_env={"TZ": "UTC"})
    r = _ok(other.ctl("gratitude", "import", str(out)))
    assert "2 added" in r.stdout, r.stdout
    assert {e["date"]: e["text"] for e in other.request("gratitude_export")["data"]["entries"]} == \
        {day: hostile, str(today): "A walk\n## 2019-01-09\nnot a day"}


def test_a_long_diary_and_a_busy_day_come_whole_in_pages(daemon, tmp_path):
    """450 entries (more than two pages of 200) and 45 taps in a day (more than the 20 `habit_today` lists): every
    export format and `gratitude list` hold all 450 in order, and the day's sums count every tap."""
    d = daemon
    today = datetime.date.fromisoformat(_today(d))
    days = [(today - datetime.timedelta(days=i)).isoformat() for i in range(450)][::-1]
    with H.RawClient(d.socket, timeout=60) as c:
        c.send_raw(b"".join(json.dumps({"id": i, "cmd": "gratitude_write", "args": {"text": f"Day {i}", "date": day}})
                            .encode() + b"\n" for i, day in enumerate(days)))
        for _ in days:
            assert c.recv_reply(timeout=60)["ok"]
    out = tmp_path / "all.json"
    r = _ok(d.ctl("gratitude", "export", "--format", "json", "--output", str(out)))
    assert "Wrote 450 entries" in r.stdout, str(r)
    exported = json.loads(out.read_text())["entries"]
    assert [e["date"] for e in exported] == days and exported[-1]["text"] == "Day 449"
    assert json.loads(_ok(d.ctl("gratitude", "export", "--format", "json")).stdout) == {"entries": exported}
    rows = list(csv.reader(io.StringIO(_ok(d.ctl("gratitude", "export", "--format", "csv")).stdout)))
    assert len(rows) == 451 and rows[1][0] == days[0], rows[:2]
    assert _ok(d.ctl("gratitude", "export")).stdout.count("\n## ") == 450
    listed = _ok(d.ctl("gratitude", "list")).stdout.splitlines()
    assert len(listed) == 450 and listed[0].startswith(days[0]) and listed[-1].startswith(days[-1]), listed[:2]
    assert [e["date"] for e in _ok(d.ctl("--json", "gratitude", "list", "--since", days[300])).json["entries"]] == days[300:]

    _ok(d.ctl("habit", "add", "Water", "--minutes", "1"))
    _ok(d.ctl("habit", "add", "Sugar", "--minutes", "2"))
    for i in range(45):
        _ok(d.ctl("habit", "plus" if i % 3 else "minus", "water" if i % 5 else "sugar"))
    day = _ok(d.ctl("--json", "habit", "today")).json
    assert day["tap_count"] == 45 and len(day["taps"]) == 20, day
    totals = {h["habit"]: h for h in day["habits"]}
    assert sum(h["plus"] + h["minus"] for h in totals.values()) == 45
    assert day["bonus_minutes"] == sum(h["minutes"] for h in totals.values()), day
    text = _ok(d.ctl("habit", "today")).stdout
    assert "from 45 taps" in text and "The latest 20:" in text, text


def test_a_staged_import_is_stored_whole_with_its_last_batch_or_not_at_all(daemon):
    """noisectl sends an import in batches that fit a request line, staged: the daemon holds them and stores them
    in one transaction with the last. A last batch that is refused, or one that never comes, leaves nothing."""
    d = daemon
    today = datetime.date.fromisoformat(_today(d))
    day = lambda i: (today - datetime.timedelta(days=i)).isoformat()
    batch = lambda days: [{"date": day(i), "text": f"Day {i}", "saved_at": 10} for i in days]
    with H.RawClient(d.socket) as c:
        r = c.request("gratitude_import", {"entries": batch([1, 2]), "stage": "a"})
        assert r["ok"] and r["data"]["staged"] == 2 and r["data"]["added"] == 0, r
        assert c.request("gratitude_list")["data"]["entries"] == [], "nothing stored before the last batch"
        r = c.request("gratitude_import", {"entries": batch([3, 1]), "stage": "a", "last": True})
        assert not r["ok"] and "is in the import twice" in r["error"]["message"], r
        assert c.request("gratitude_list")["data"]["entries"] == [], "a refused last batch stores nothing"
        # An import whose last batch never comes is never stored.
        assert c.request("gratitude_import", {"entries": batch([4]), "stage": "b"})["ok"]
        r = c.request("gratitude_import", {"entries": batch([5]), "stage": "c"})
        assert c.request("gratitude_import", {"entries": batch([6]), "stage": "c", "last": True})["data"]["added"] == 2
        assert [e["date"] for e in c.request("gratitude_list")["data"]["entries"]] == [day(6), day(5)]
        r = c.request("gratitude_import", {"entries": [], "last": True})
        assert not r["ok"] and "'last' ends a staged import" in r["error"]["message"], r
