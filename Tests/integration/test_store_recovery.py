"""A damaged alarm store (issue 20, item 4): noised never exits for it and never writes to it. It copies the file
aside (noised.sqlite.corrupt-<UTC time>), runs read-only with every row it can read (the rest named by id in the
log, in `status` and atop `alarm list`), refuses changes with storage_failed, and `noisectl store recover`
rebuilds a clean store from the readable rows. The corruptions are the issue's: 8 zero bytes at the start of a
page (dd), a row whose time is 'garbage', a volume of Inf (written with sqlite3 while noised is stopped), and
random bytes anywhere past the header page."""

import hashlib
import random
import shutil
import sqlite3
import subprocess
import time

import pytest

import harness as H

UTC = {"TZ": "UTC"}
PAGE = 4096


def _db(d):
    return d.root / "state" / "noised" / "noised.sqlite"


def _sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _sqlite(db, sql):
    r = subprocess.run(["sqlite3", str(db), sql], capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def _json(d, *args):
    r = d.ctl("--json", *args)
    assert r.returncode == 0, str(r)
    return r.json


def _problem(d):
    return _json(d, "status")["alarms"]["store_problem"]


def _copies(d):
    return sorted(p for p in _db(d).parent.iterdir() if ".corrupt-" in p.name and not p.name.endswith(("-wal", "-shm")))


def _store_with_alarms(make_daemon, count, soon_seconds=None):
    """A daemon that stored `count` alarms (labels a1…), the last one due in `soon_seconds`, then stopped."""
    d = make_daemon(start=True, device="null", extra_env=UTC)
    for i in range(1, count + 1):
        args = ["alarm", "add", "07:00", "--label", f"a{i}", "--note", "n" * 300]
        if i == count and soon_seconds is not None:
            args[2] = time.strftime("%H:%M:%S", time.gmtime(time.time() + soon_seconds))
            args[4] = "soon"
        assert d.ctl(*args).returncode == 0
    assert d.stop() == 0
    return d


def _zero(db, offset):
    subprocess.run(["dd", "if=/dev/zero", f"of={db}", "bs=1", "count=8", f"seek={offset}", "conv=notrunc"],
                   check=True, capture_output=True)


def _start_damaged(d):
    d.start()
    assert d.running
    problem = _problem(d)
    assert problem and "is damaged" in problem, problem
    assert str(_db(d)) in problem and "noisectl store recover" in problem, problem
    return problem


def _assert_read_only(d):
    before = _json(d, "alarm", "list")["alarms"]
    r = d.ctl("--json", "alarm", "add", "08:00", "--label", "new")
    assert r.returncode == 1 and r.json["error"]["code"] == "storage_failed", str(r)
    assert d.ctl("alarm", "remove", str(before[0]["alarm"]["id"]) if before else "1").returncode == 1
    assert _json(d, "alarm", "list")["alarms"] == before


@pytest.mark.parametrize("offset", [12288, 20480, 28672])
def test_zeroed_page_keeps_the_daemon_up_read_only_and_recover_rebuilds(make_daemon, offset):
    d = _store_with_alarms(make_daemon, 40, soon_seconds=8)
    db = _db(d)
    pages = int(_sqlite(db, "PRAGMA page_count"))
    print(f"{pages} pages; zeroing 8 bytes at {offset} (page {offset // PAGE + 1})")
    assert pages * PAGE > offset + PAGE
    _zero(db, offset)
    damaged = _sha(db)

    problem = _start_damaged(d)
    [copy] = _copies(d)
    assert str(copy) in problem
    assert _sha(copy) == damaged
    assert "damaged" in d.log() and str(copy) in d.log()
    listed = d.ctl("alarm", "list").stdout
    assert listed.startswith("Store problem: ") and "No alarms. Add one" not in listed, listed
    labels = [a["alarm"]["label"] for a in _json(d, "alarm", "list")["alarms"]]
    if offset == 12288:
        # Page 4 is the alarm table's root: no alarm can be reached, and each id is named.
        assert labels == []
        assert "alarms 1-40 could not be read" in problem, problem
    else:
        # The snooze table's root (page 6) or the missed index (page 8): every alarm is read, and rings.
        assert len(labels) == 40
        st = d.wait_status(lambda s: s["alarms"]["ringing"], timeout=30, desc="the due alarm to ring read-only")
        assert st["alarms"]["ringing"][0]["alarm"]["label"] == "soon"
        assert d.ctl("dismiss").returncode == 0
    _assert_read_only(d)
    check = d.ctl("--json", "store", "check")
    assert check.returncode == 1 and check.json["sound"] is False and check.json["integrity"] != ["ok"], str(check)
    assert d.running
    assert d.stop() == 0
    assert _sha(db) == damaged, "noised wrote to the damaged file"

    # A second start on the same damage keeps the one copy.
    _start_damaged(d)
    assert _copies(d) == [copy]
    r = d.ctl("--json", "store", "recover")
    assert r.returncode == 0, str(r)
    assert r.json["recovered"] is True and r.json["kept"] == len(labels) and r.json["corrupt_copy"] == str(copy)
    assert _problem(d) is None
    assert _sha(copy) == damaged
    assert d.ctl("alarm", "add", "09:00", "--label", "after").returncode == 0
    assert d.stop() == 0
    assert _sqlite(db, "PRAGMA integrity_check") == "ok"
    d.start()
    assert _problem(d) is None
    assert sorted(a["alarm"]["label"] for a in _json(d, "alarm", "list")["alarms"]) == sorted(labels + ["after"])
    assert _json(d, "store", "check")["sound"] is True


def test_a_damaged_leaf_page_loses_only_its_rows(make_daemon):
    d = _store_with_alarms(make_daemon, 60, soon_seconds=8)
    db = _db(d)
    # The leftmost leaf of the alarm table: the lowest ids, not the due alarm (the last id).
    leaf = int(_sqlite(db, "SELECT pageno FROM dbstat WHERE name = 'alarm' AND pagetype = 'leaf' ORDER BY path LIMIT 1"))
    _zero(db, (leaf - 1) * PAGE)
    damaged = _sha(db)
    problem = _start_damaged(d)
    alarms = _json(d, "alarm", "list")["alarms"]
    ids = {a["alarm"]["id"] for a in alarms}
    lost = sorted(set(range(1, 61)) - ids)
    print(f"leaf page {leaf} zeroed: alarms {lost[0]}-{lost[-1]} lost, {len(ids)} kept")
    assert 0 < len(lost) < 30 and lost == list(range(1, len(lost) + 1)), lost
    assert f"alarms 1-{len(lost)} could not be read" in problem, problem
    st = d.wait_status(lambda s: s["alarms"]["ringing"], timeout=30, desc="the due alarm to ring read-only")
    assert st["alarms"]["ringing"][0]["alarm"]["label"] == "soon"
    assert d.ctl("dismiss").returncode == 0
    _assert_read_only(d)
    r = _json(d, "store", "recover")
    assert r["kept"] == len(ids) and r["dropped"] == lost
    assert d.stop() == 0
    assert _sha(_copies(d)[0]) == damaged
    assert _sqlite(db, "PRAGMA integrity_check") == "ok"
    d.start()
    assert {a["alarm"]["id"] for a in _json(d, "alarm", "list")["alarms"]} == ids
    # Ids are never given twice, not even the lost ones.
    assert _json(d, "alarm", "add", "10:00")["alarm"]["id"] == 61


def test_rows_that_break_the_rules_are_skipped_by_id_and_the_rest_ring(make_daemon):
    d = _store_with_alarms(make_daemon, 5, soon_seconds=6)
    db = _db(d)
    _sqlite(db, "UPDATE alarm SET time = 'garbage' WHERE id = 2")
    _sqlite(db, "PRAGMA ignore_check_constraints = 1; UPDATE alarm SET volume = 9e999 WHERE id = 3")
    assert _sqlite(db, "SELECT volume FROM alarm WHERE id = 3") == "Inf"
    damaged = _sha(db)
    problem = _start_damaged(d)
    assert "alarms 2-3 could not be read" in problem, problem
    # Before: every alarm_list and alarm_show failed with `internal` (volume Inf), alarm 2 vanished silently.
    assert [a["alarm"]["id"] for a in _json(d, "alarm", "list")["alarms"]] == [5, 1, 4]
    assert _json(d, "alarm", "show", "1")["alarm"]["label"] == "a1"
    r = d.ctl("--json", "alarm", "show", "3")
    assert r.returncode == 1 and r.json["error"]["code"] == "unknown_alarm", str(r)
    check = d.ctl("--json", "store", "check")
    assert check.returncode == 1
    assert check.json["skipped_alarms"] == [2, 3] and check.json["alarms"] == 3
    assert any("time is 'garbage'" in p for p in check.json["problems"]), check.json
    assert any("volume must be 0 to 100, got inf" in p for p in check.json["problems"]), check.json
    text = d.ctl("store", "check")
    assert "not readable: 2-3" in text.stdout, text.stdout
    st = d.wait_status(lambda s: s["alarms"]["ringing"], timeout=20, desc="the due alarm to ring")
    assert st["alarms"]["ringing"][0]["alarm"]["label"] == "soon"
    assert d.ctl("dismiss").returncode == 0
    _assert_read_only(d)
    r = d.ctl("store", "recover")
    assert r.returncode == 0 and "3 alarms kept" in r.stdout and "2-3" in r.stdout, str(r)
    assert d.stop() == 0
    assert _sha(_copies(d)[0]) == damaged
    assert _sqlite(db, "PRAGMA integrity_check") == "ok"
    d.start()
    assert [a["alarm"]["id"] for a in _json(d, "alarm", "list")["alarms"]] == [1, 4, 5] or \
        sorted(a["alarm"]["id"] for a in _json(d, "alarm", "list")["alarms"]) == [1, 4, 5]
    assert _problem(d) is None


def _quick_check_passes(data, tmp_path):
    path = tmp_path / "probe.sqlite"
    path.write_bytes(data)
    try:
        con = sqlite3.connect(path)
        try:
            return con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        finally:
            con.close()
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        # SQLite's finding may quote the damaged bytes themselves, which need not be UTF-8: not "ok" either way.
        return False
    finally:
        path.unlink()


def test_random_bytes_never_stop_the_daemon_nor_get_written(make_daemon, tmp_path):
    base_daemon = _store_with_alarms(make_daemon, 40)
    base = _db(base_daemon).read_bytes()
    rng = random.Random(20)
    outcomes = {"sound": 0, "damaged": 0}
    started = time.monotonic()
    for trial in range(30):
        # One to three runs of 1-8 random bytes past the header page: every other trial anywhere (mostly in
        # values or free space, which quick_check passes), the others in a page's header and cell pointers.
        data = bytearray(base)
        for _ in range(rng.randint(1, 3)):
            if trial % 2:
                offset = rng.randrange(PAGE, len(data) - 8)
            else:
                offset = rng.randrange(1, len(data) // PAGE) * PAGE + rng.randrange(0, 24)
            length = rng.randint(1, 8)
            data[offset:offset + length] = bytes(rng.randrange(256) for _ in range(length))
        data = bytes(data)
        sound = _quick_check_passes(data, tmp_path)
        d = make_daemon(start=False, device="null", extra_env=UTC)
        db = _db(d)
        db.parent.mkdir(parents=True, exist_ok=True)
        db.write_bytes(data)
        d.start()
        st = d.status()
        assert d.running, f"trial {trial}: noised exited\n{d.log()}"
        assert isinstance(_json(d, "alarm", "list")["alarms"], list)
        assert d.stop() == 0, f"trial {trial}\n{d.log()}"
        if not sound:
            assert db.read_bytes() == data, f"trial {trial}: noised wrote to a file that failed quick_check"
            assert st["alarms"]["store_problem"] and "is damaged" in st["alarms"]["store_problem"], f"trial {trial}: {st}"
        outcomes["sound" if sound else "damaged"] += 1
        shutil.rmtree(d.root / "state", ignore_errors=True)
    print(f"fuzz: {outcomes} in {time.monotonic() - started:.1f} s")
    assert outcomes["damaged"] > 0
