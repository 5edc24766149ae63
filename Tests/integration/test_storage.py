"""Storage faults with real file systems: the state folder on a small tmpfs that fills up, and on one mounted
read-only. A change the store cannot keep is refused with a clear error and changes nothing; the daemon keeps
running, serving reads and ringing the alarms it has. (The tests mount tmpfs, so they need root, as `make
test` runs here and in CI; they fail, not skip, without it.)"""

import subprocess
import time

import pytest

import harness as H

UTC = {"TZ": "UTC"}


class Tmpfs:
    """A tmpfs of `size` mounted over `path`, unmounted at the end."""

    def __init__(self, path, size: str):
        self.path = path
        r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(path)],
                           capture_output=True, text=True)
        assert r.returncode == 0, f"these tests mount a tmpfs and need root: {r.stderr.strip()}"

    def remount(self, options: str):
        subprocess.run(["mount", "-o", f"remount,{options}", str(self.path)], check=True)

    def unmount(self):
        subprocess.run(["umount", "-l", str(self.path)], capture_output=True)


@pytest.fixture
def tmpfs_mounts():
    mounts = []
    yield lambda path, size: mounts.append(Tmpfs(path, size)) or mounts[-1]
    for mount in reversed(mounts):
        mount.unmount()


def _json(d, *args):
    r = d.ctl("--json", *args)
    assert r.returncode == 0, str(r)
    return r.json


def _labels(d):
    return sorted(a["alarm"]["label"] for a in _json(d, "alarm", "list")["alarms"])


def _integrity(db):
    r = subprocess.run(["sqlite3", str(db), "PRAGMA integrity_check;"], capture_output=True, text=True, timeout=20)
    return r.stdout.strip()


def test_a_full_disk_refuses_the_change_clearly_and_keeps_everything_else(make_daemon, testdata, tmpfs_mounts):
    d = make_daemon(start=False, device="null")
    state = d.root / "state"
    tmpfs_mounts(state, "448k")   # the empty store (schema v5, FTS5 included) and its WAL take about 230 KiB
    filler = state / "filler"
    filler.write_bytes(b"\0" * 96 * 1024)   # freed later, to show the store recovers by itself
    d.start()
    note = "n" * 1000
    acknowledged, refusal = [], None
    for i in range(2000):
        r = d.ctl("alarm", "add", "07:00", "--label", f"a{i}", "--note", note)
        if r.returncode != 0:
            refusal = r
            break
        acknowledged.append(f"a{i}")
    print(f"{len(acknowledged)} alarms stored before the disk was full")
    assert refusal is not None, "the 448 KiB disk never filled"
    assert refusal.returncode == 1
    assert "could not be saved, so nothing changed: the disk is full" in refusal.stderr, refusal.stderr
    # The daemon runs on and serves reads: exactly what was acknowledged is there.
    assert d.running
    assert _labels(d) == sorted(acknowledged)
    assert "the disk is full" in _json(d, "status")["alarms"]["store_problem"]
    assert d.ctl("play", "testloop").returncode == 0
    # Space again: the next change goes through, and the problem is gone from status.
    filler.unlink()
    assert d.ctl("alarm", "add", "08:00", "--label", "after").returncode == 0
    assert _json(d, "status")["alarms"]["store_problem"] is None
    assert d.stop() == 0
    db = state / "noised" / "noised.sqlite"
    assert _integrity(db) == "ok"
    d.start()
    assert _labels(d) == sorted(acknowledged + ["after"])


def test_a_read_only_state_folder_keeps_alarms_ringing_and_refuses_changes(make_daemon, testdata, tmpfs_mounts):
    d = make_daemon(start=False, device="null", extra_env=UTC)
    state = d.root / "state"
    mount = tmpfs_mounts(state, "1m")
    d.start()
    assert _json(d, "alarm", "add", "07:00", "--label", "kept")
    # Due a few seconds after the read-only restart below.
    trigger = int(time.time()) + 6
    _json(d, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), "--label", "soon")
    assert d.stop() == 0
    mount.remount("ro")

    d.start()
    assert "cannot be written" in d.log()
    assert _labels(d) == ["kept", "soon"]
    r = d.ctl("alarm", "add", "08:00", "--label", "new")
    assert r.returncode == 1
    assert "nothing changed" in r.stderr and "read-only" in r.stderr, r.stderr
    assert d.ctl("alarm", "remove", "1").returncode == 1
    assert _labels(d) == ["kept", "soon"]
    st = _json(d, "status")
    assert "read-only" in st["alarms"]["store_problem"]
    assert "Store" in d.ctl("status").stdout
    # What it has still rings, and can be dismissed (its record cannot be kept; that is logged).
    st = d.wait_status(lambda s: s["alarms"]["ringing"], timeout=15, desc="the alarm to ring from a read-only store")
    assert st["alarms"]["ringing"][0]["alarm"]["label"] == "soon"
    assert d.ctl("dismiss").returncode == 0
    assert d.running


def test_a_read_only_empty_state_folder_still_starts(make_daemon, testdata, tmpfs_mounts):
    d = make_daemon(start=False, device="null")
    mount = tmpfs_mounts(d.root / "state", "64k")
    mount.remount("ro")
    d.start()
    assert _json(d, "alarm", "list")["alarms"] == []
    r = d.ctl("alarm", "add", "07:00")
    assert r.returncode == 1 and "read-only" in r.stderr, r.stderr
    assert _json(d, "alarm", "list")["alarms"] == []
    assert d.ctl("play", "testloop").returncode == 0
