"""Other users on D-Bus (issue 37, item 1; docs/desktop.md, docs/reliability.md): noised joins a session bus only
when its server runs as noised's own uid, and takes MPRIS's methods, its Volume and the notification server's
ActionInvoked only from senders of its own uid. The other user is uid 65534 run under ``setpriv`` (the tests run as
root), on private ``dbus-daemon`` buses (dbus_harness.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import dbus_harness as DH
import harness as H

NOBODY = 65534
MPRIS = "org.mpris.MediaPlayer2.noiseclock"
DBUS = ("org.freedesktop.DBus", "/org/freedesktop/DBus")

# Stands in for another user's bus at the path once the real one has gone: accepts every connection, answers
# nothing, and prints a line per connection, so the test sees each try noised makes.
LISTENER = r"""
import os, socket, sys
path = sys.argv[1]
if os.path.exists(path):
    os.unlink(path)
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(path)
s.listen(8)
kept = []
while True:
    kept.append(s.accept()[0])
    print("accepted", flush=True)
"""


@pytest.fixture(autouse=True)
def _needs_root_and_tools():
    if os.getuid() != 0:
        pytest.skip("needs root to act as another user")
    assert shutil.which("setpriv"), "setpriv (util-linux) is missing"
    missing = DH.tools_missing()
    if missing:
        pytest.fail(f"the D-Bus tests need: {', '.join(missing)} (make test-deps installs them)")


@pytest.fixture
def shared_folder():
    """A folder anyone may write to, where the session bus's socket is."""
    folder = Path(tempfile.mkdtemp(prefix="ncshared-", dir="/tmp"))
    os.chmod(folder, 0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _noised(make_daemon, bus: DH.Bus, config: str = "") -> H.Daemon:
    d = make_daemon(start=False, device="null", extra_env={"TZ": "UTC", "DBUS_SESSION_BUS_ADDRESS": bus.address})
    if config:
        path = Path(d.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(config)
    return d.start()


def _uids_on(bus: DH.Bus) -> dict[str, int]:
    """Every connection on the bus (its unique name) and the uid it runs as, asked of the bus as its own user; a
    connection gone between the two questions (an earlier gdbus of the test's) is left out."""
    names = bus.call(*DBUS, "org.freedesktop.DBus.ListNames")
    uids = {}
    for name in (n.strip(" '") for n in names.strip("([],)").split(",")):
        if name.startswith(":"):
            r = bus.gdbus(*DBUS, "org.freedesktop.DBus.GetConnectionUnixUser", name)
            if r.returncode == 0:
                uids[name] = int(r.stdout.strip().strip("(),").split()[-1])
            else:
                assert "NameHasNoOwner" in r.stderr, r.stderr
    return uids


def test_another_users_bus_at_our_address_is_not_joined_until_ours_is_there(make_daemon, shared_folder, testdata):
    # Their bus lets every uid in, as an attacker's would: noised could join it.
    theirs = DH.Bus("theirs", dir=shared_folder, user=NOBODY, all_users=True).start()
    listener = ours = None
    try:
        d = _noised(make_daemon, theirs)
        refusal = (f"the session bus at {theirs.path} is run by uid {NOBODY}, not by us (uid {os.geteuid()}): "
                   "not joined until one of ours is there")
        st = d.wait_status(lambda s: s["desktop"]["session_bus_problem"] == refusal, 10, "the refusal in status")
        assert st["desktop"]["session_bus"] is False and st["desktop"]["mpris"] is None, st["desktop"]
        # Asked of their bus as its own user: noised never said Hello there, let alone took the MPRIS name.
        assert not theirs.has_owner(MPRIS)
        on_theirs = _uids_on(theirs)
        assert all(uid == NOBODY for uid in on_theirs.values()), on_theirs

        # Their bus goes, and another of theirs comes at the path (a bare listener, so each try is seen): each new
        # socket is tried, each is refused, and the log says so once.
        theirs.stop()
        listener = DH.Follower(DH.as_user(NOBODY) + [DH.SYSTEM_PYTHON, "-c", LISTENER, str(theirs.path)],
                               H.base_env({}))
        listener.wait_for(lambda l: l == "accepted", 10, "noised trying the new socket")
        tries = len(listener.lines)
        r = subprocess.run(DH.as_user(NOBODY) + ["chmod", "0777", str(theirs.path)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        listener.wait_for(lambda l: l == "accepted", 10, "noised trying it again", since=tries)
        assert d.log().count(f"is run by uid {NOBODY}") == 1, d.log()
        assert d.status()["desktop"]["session_bus_problem"] == refusal
        listener.stop()
        listener = None

        # Ours comes at the same path: joined, MPRIS served there.
        theirs.path.unlink(missing_ok=True)
        ours = DH.Bus("ours", dir=shared_folder).start()
        st = d.wait_status(lambda s: s["desktop"]["mpris"] == MPRIS, 10, "MPRIS on our own bus")
        assert st["desktop"]["session_bus"] is True and st["desktop"]["session_bus_problem"] is None, st["desktop"]
        assert ours.has_owner(MPRIS)
        assert "desktop: connected to the session bus" in d.log()
    finally:
        if listener is not None:
            listener.stop()
        if ours is not None:
            ours.stop()
        theirs.stop()


def test_on_our_bus_another_uid_can_neither_play_nor_set_the_volume_nor_dismiss(make_daemon, testdata):
    bus = DH.Bus("open", all_users=True).start()
    notifications = None
    try:
        # Their notification server: noised's alarm notification goes to it, and its ActionInvoked is theirs.
        notifications = DH.Notifications(bus, user=NOBODY).start()
        d = _noised(make_daemon, bus, config=f'[playback]\ndefault_sound = "{testdata.loop.id}"\n')
        d.wait_status(lambda s: s["desktop"]["mpris"] == MPRIS and s["desktop"]["notifications"], 10, "MPRIS on")
        player = (MPRIS, "/org/mpris/MediaPlayer2")

        play = bus.gdbus(*player, "org.mpris.MediaPlayer2.Player.Play", user=NOBODY)
        assert play.returncode != 0 and "AccessDenied" in play.stderr, play
        volume = bus.gdbus(*player, "org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", "Volume",
                           "<0.2>", user=NOBODY)
        assert volume.returncode != 0 and "AccessDenied" in volume.stderr, volume
        st = d.status()
        assert st["state"] == "stopped" and st["master_volume"] == 100, st
        # Reading stays open to all, as on any MPRIS player.
        status = bus.gdbus(*player, "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player",
                           "PlaybackStatus", user=NOBODY)
        assert status.returncode == 0 and "Stopped" in status.stdout, status

        # Our own uid's calls are carried out.
        bus.call(*player, "org.mpris.MediaPlayer2.Player.Play")
        # The call is answered once the player is asked; the playback starts on the player's own time.
        d.wait_status(lambda s: s["state"] == "playing", 10, "playing after our own Play")
        bus.call(*player, "org.mpris.MediaPlayer2.Player.Stop")

        # The alarm's notification, and their Dismiss button: the alarm rings on.
        aid = d.ctl("--json", "timer", "1s", "--label", "Wake up: flight LH123").json["alarm"]["id"]
        shown = H.wait_until(lambda: notifications.shown(), 10, desc="the alarm's notification")[0]
        assert shown["summary"] == "Wake up: flight LH123"
        notifications.invoke(shown["id"], "dismiss")
        # noised reads its bus in order and carries out what it hears in order: once our Stop (sent after the
        # signal was delivered) is answered, the signal has been dealt with.
        bus.call(*player, "org.mpris.MediaPlayer2.Player.Stop")
        st = d.status()
        assert [a["alarm"]["id"] for a in st["alarms"]["ringing"]] == [aid], st["alarms"]
        assert "dismissed" not in d.log(), d.log()
        assert H.noisectl("dismiss", socket=d.socket, env=d.env()).returncode == 0
    finally:
        if notifications is not None:
            notifications.stop()
        bus.stop()
