"""Time faults on the real daemon: the kernel telling the alarm timer that the wall clock was set
(timerfd's cancel-on-set, triggered by really setting CLOCK_REALTIME, to the time it already is), and the
system time zone changing under a running daemon. (Jumps forward and backward, with the clock injected, are
in Tests/NoiseDaemonTests/TimeFaultTests.swift.)"""

import ctypes
import os
import time

import harness as H

CLOCK_REALTIME = 0


class Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


def set_clock_to_now():
    """clock_settime(CLOCK_REALTIME, now): the time does not move (by a few microseconds at most), but every
    timerfd armed with TFD_TIMER_CANCEL_ON_SET is told the clock was set. Needs CAP_SYS_TIME (root here)."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    now = time.clock_gettime_ns(time.CLOCK_REALTIME)
    spec = Timespec(now // 1_000_000_000, now % 1_000_000_000)
    assert libc.clock_settime(CLOCK_REALTIME, ctypes.byref(spec)) == 0, os.strerror(ctypes.get_errno())


def _json(d, *args):
    r = d.ctl("--json", *args)
    assert r.returncode == 0, str(r)
    return r.json


def test_setting_the_clock_makes_the_daemon_look_again_and_nothing_rings_twice(make_daemon, testdata):
    d = make_daemon(device="null", extra_env={"TZ": "UTC"})
    trigger = int(time.time()) + 5
    _json(d, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), "--label", "soon")
    set_clock_to_now()
    H.wait_until(lambda: "the wall clock was set" in d.log(), 5, desc="the timer's cancel-on-set to reach the daemon")
    st = d.wait_status(lambda s: s["alarms"]["ringing"], 15, "the alarm to ring")
    assert [r["alarm"]["label"] for r in st["alarms"]["ringing"]] == ["soon"]
    assert abs(time.time() - trigger) < 2
    # The clock set again while it rings: it keeps ringing once, not a second time.
    set_clock_to_now()
    H.wait_until(lambda: d.log().count("the wall clock was set") >= 2, 5, desc="the second clock change")
    assert d.log().count("ringing:") == 1
    assert d.ctl("dismiss").returncode == 0


def test_a_time_zone_change_under_the_running_daemon_moves_the_next_trigger(make_daemon, testdata, tmp_path):
    # TZ=":/path" makes the daemon read that file as its zone, the way /etc/localtime is read; the test
    # changes the file's target as `timedatectl set-timezone` changes /etc/localtime.
    localtime = tmp_path / "localtime"
    localtime.symlink_to("/usr/share/zoneinfo/UTC")
    d = make_daemon(device="null", extra_env={"TZ": f":{localtime}"})
    info = _json(d, "alarm", "add", "07:00", "--repeat", "daily")
    utc_trigger = info["next_trigger"]["unix"]
    assert utc_trigger % 86400 == 7 * 3600
    localtime.unlink()
    localtime.symlink_to("/usr/share/zoneinfo/Asia/Kathmandu")   # UTC+5:45
    # Nothing else wakes the scheduler: the change of the link alone does (an inotify watch, no polling).
    st = d.wait_status(lambda s: s["alarms"]["time_zone"] == "Asia/Kathmandu", 10, "the new zone")
    moved = _json(d, "alarm", "show", str(info["alarm"]["id"]))["next_trigger"]
    assert (moved["unix"] - (7 * 3600 - 5 * 3600 - 45 * 60)) % 86400 == 0, moved
    assert moved["local"].endswith("T07:00:00+05:45") and moved["offset_seconds"] == 5 * 3600 + 45 * 60, moved
    assert "time zone is now Asia/Kathmandu" in d.log()
    assert st["alarms"]["ringing"] == [] and st["alarms"]["missed"] == []
