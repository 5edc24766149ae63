"""On the desktop, over D-Bus (docs/desktop.md): the real noised on a private session bus, driven by playerctl
and gdbus; logind and a notification server stood in by python-dbusmock on private buses; audio through the
PulseAudio null sink, recorded."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import dbus_harness as DH
import harness as H

UTC = {"TZ": "UTC"}


def _config(d, text: str) -> None:
    path = Path(d.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _on_buses(make_daemon, session_bus=None, system_bus=None, config: str = "", **kw):
    """A noised on the given buses (none: no session bus at all), its config written before it starts."""
    env = dict(UTC)
    if session_bus is not None:
        env["DBUS_SESSION_BUS_ADDRESS"] = session_bus.address
    if system_bus is not None:
        env["DBUS_SYSTEM_BUS_ADDRESS"] = system_bus.address
    d = make_daemon(start=False, extra_env=env, **kw)
    if config:
        _config(d, config)
    d.start()
    return d


def _ok(r):
    assert r.returncode == 0, str(r)
    return r


def _playerctl(bus, *args: str) -> H.CtlResult:
    start = time.monotonic()
    import subprocess
    p = subprocess.run(["playerctl", "-p", "noiseclock", *args], env=_client_env(bus), capture_output=True, text=True,
                       timeout=10)
    return H.CtlResult(list(args), p.returncode, p.stdout, p.stderr, time.monotonic() - start)


def _client_env(bus) -> dict[str, str]:
    env = H.base_env({})
    env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
    return env


def _pc(bus, *args: str) -> str:
    return _ok(_playerctl(bus, *args)).stdout.strip()


def _desktop(d) -> dict:
    return d.status()["desktop"]


# --------------------------------------------------------------------------- MPRIS


def test_playerctl_controls_playback_and_volume_and_hears_what_it_did(make_daemon, session_bus, testdata, sink,
                                                                       recorder):
    loop, loop2 = testdata.loop, testdata.loop2
    d = _on_buses(make_daemon, session_bus, config=f'[playback]\ndefault_sound = "{loop.id}"\nfade_in = 0\nfade_out = 0\n')
    d.wait_status(lambda s: s["desktop"]["mpris"] == "org.mpris.MediaPlayer2.noiseclock", 10, "MPRIS on the bus")
    listed = _ok(_playerctl(session_bus, "-l")).stdout.split()
    assert listed == ["noiseclock"], listed
    assert _pc(session_bus, "status") == "Stopped"

    # Play with nothing ever played: the configured default noise, heard.
    mark = recorder.frames
    _pc(session_bus, "play")
    recorder.wait_for_sound(start=mark, timeout=10)
    assert _pc(session_bus, "status") == "Playing"
    assert _pc(session_bus, "metadata", "--format", "{{title}}|{{album}}|{{mpris:trackid}}") == \
        f"{loop.name}|NoiseClock|'/org/noiseclock/mix/{loop.id}'"   # playerctl quotes an object path
    length = _playerctl(session_bus, "metadata", "mpris:length")
    assert length.returncode != 0 and length.stdout == "", f"an endless loop has no length: {length}"

    # Pause is silence, and Play resumes the same mix at the same volume.
    _ok(d.ctl("volume", "--sound", loop.id, "60"))
    _pc(session_bus, "play-pause")
    assert _pc(session_bus, "status") == "Paused"
    recorder.wait_for_silence(start=recorder.frames, timeout=5)
    assert d.status()["state"] == "paused"
    mark = recorder.frames
    _pc(session_bus, "play-pause")
    recorder.wait_for_sound(start=mark, timeout=10)
    assert [(p["id"], p["volume"]) for p in d.status()["playing"]] == [(loop.id, 60)]

    # The master volume, both ways.
    _pc(session_bus, "volume", "0.3")
    assert d.status()["master_volume"] == 30
    _ok(d.ctl("volume", "45"))
    assert float(_pc(session_bus, "volume")) == pytest.approx(0.45)

    # Next and Previous step through the catalog's noises (the alarm tone is not one), wrapping around.
    _pc(session_bus, "next")
    H.wait_until(lambda: _pc(session_bus, "metadata", "--format", "{{title}}") == loop2.name, 5, desc="the next noise")
    assert [p["id"] for p in d.status()["playing"] if p["state"] != "fading_out"] == [loop2.id]
    _pc(session_bus, "next")
    H.wait_until(lambda: _pc(session_bus, "metadata", "--format", "{{title}}") == loop.name, 5, desc="wrapped around")
    _pc(session_bus, "previous")
    H.wait_until(lambda: _pc(session_bus, "metadata", "--format", "{{title}}") == loop2.name, 5, desc="the previous noise")

    # Two sounds: one track named after both, and no next.
    _ok(d.ctl("play", loop.id))
    title = _pc(session_bus, "metadata", "--format", "{{title}}")
    assert sorted(title.split(" + ")) == sorted([loop.name, loop2.name]), title
    refused = _playerctl(session_bus, "next")
    assert refused.returncode != 0, str(refused)

    _pc(session_bus, "stop")
    assert _pc(session_bus, "status") == "Stopped"
    recorder.wait_for_silence(start=recorder.frames, timeout=5)


def test_playerctl_follows_changes_made_by_noisectl_and_the_sleep_timer(make_daemon, session_bus, testdata):
    loop = testdata.loop
    d = _on_buses(make_daemon, session_bus, device="null")
    d.wait_status(lambda s: s["desktop"]["mpris"] is not None, 10, "MPRIS on the bus")
    follow = DH.Follower(["playerctl", "-p", "noiseclock", "--follow", "status"], _client_env(session_bus))
    titles = DH.Follower(["playerctl", "-p", "noiseclock", "--follow", "metadata", "--format", "{{title}}"],
                         _client_env(session_bus))
    try:
        follow.wait_for(lambda l: l == "Stopped", 10, "the first status")
        _ok(d.ctl("play", loop.id))
        follow.wait_for(lambda l: l == "Playing", 10, "Playing after noisectl play")
        titles.wait_for(lambda l: l == loop.name, 10, "the title after noisectl play")
        _ok(d.ctl("pause"))
        follow.wait_for(lambda l: l == "Paused", 10, "Paused after noisectl pause")
        n = len(follow.lines)
        _ok(d.ctl("resume"))
        follow.wait_for(lambda l: l == "Playing", 10, "Playing after noisectl resume", since=n)
        n = len(follow.lines)
        _ok(d.ctl("play", loop.id, "--for", "2s", "--fade-out", "0.2s"))
        # The sleep timer ends the sound by itself: Stopped comes without a command.
        follow.wait_for(lambda l: l == "Stopped", 15, "Stopped when the sleep timer ends", since=n)
    finally:
        follow.stop()
        titles.stop()


def test_media_keys_never_touch_a_ringing_alarm(make_daemon, session_bus, testdata):
    d = _on_buses(make_daemon, session_bus, device="null", config=f'[playback]\ndefault_sound = "{testdata.loop.id}"\n')
    d.wait_status(lambda s: s["desktop"]["mpris"] is not None, 10, "MPRIS on the bus")
    _ok(d.ctl("timer", "1s", "--sound", testdata.alarm.id))
    d.wait_status(lambda s: s["alarms"]["ringing"], 10, "the timer ringing")
    assert _pc(session_bus, "status") == "Stopped", "a ringing alarm is not a track"
    _pc(session_bus, "play-pause")
    _pc(session_bus, "stop")
    assert len(d.status()["alarms"]["ringing"]) == 1, "the media keys did not dismiss it"
    _ok(d.ctl("dismiss"))


# --------------------------------------------------------------------------- notifications


def test_alarm_notifications_snooze_dismiss_and_close(make_daemon, session_bus, notifications, testdata):
    d = _on_buses(make_daemon, session_bus, device="null", config="[alarms]\nsnooze = 7\n")
    d.wait_status(lambda s: s["desktop"]["notifications"], 10, "notifications on")

    def ringing_notice(count):
        return H.wait_until(lambda: len(notifications.shown()) >= count and notifications.shown()[count - 1], 10,
                            desc=f"notification {count}")

    # Snooze, from the notification's button: exactly that alarm.
    first = d.ctl("--json", "timer", "1s", "--label", "Tea").json["alarm"]["id"]
    shown = ringing_notice(1)
    assert shown["summary"] == "Tea" and shown["app"] == "NoiseClock"
    assert shown["actions"] == {"snooze": "Snooze 7 min", "dismiss": "Dismiss"}
    assert shown["hints"]["urgency"] == 2 and shown["timeout"] == 0
    notifications.invoke(shown["id"], "snooze")
    d.wait_status(lambda s: not s["alarms"]["ringing"] and s["alarms"]["next"]
                  and s["alarms"]["next"]["alarm"]["id"] == first and s["alarms"]["next"]["snoozed_until"], 10,
                  "the alarm snoozed")
    # Its notification becomes the snooze's, in place, with Dismiss (issue 39: a snooze had no way out there).
    snoozed = ringing_notice(2)
    assert snoozed["id"] == shown["id"] and snoozed["body"].startswith("Snoozed until "), snoozed
    assert snoozed["actions"] == {"dismiss": "Dismiss"} and snoozed["hints"]["urgency"] == 1, snoozed
    assert shown["id"] not in notifications.closed()

    # Dismiss, from the button.
    _ok(d.ctl("timer", "1s", "--label", "Eggs"))
    second = ringing_notice(3)
    notifications.invoke(second["id"], "dismiss")
    d.wait_status(lambda s: not s["alarms"]["ringing"] and [t["alarm"]["id"] for t in s["alarms"]["timers"]] == [first],
                  10, "the timer dismissed and gone, the snoozed one kept")

    # Dismissed from noisectl: the notification closes.
    _ok(d.ctl("timer", "1s", "--label", "Pasta"))
    third = ringing_notice(4)
    _ok(d.ctl("dismiss"))
    H.wait_until(lambda: third["id"] in notifications.closed(), 5, desc="the notification closed after noisectl dismiss")
    assert [t["alarm"]["id"] for t in d.status()["alarms"]["timers"]] == [first], "dismiss took what rang, not the snooze"

    # The snooze's Dismiss ends it: the timer is done, its notification closes.
    notifications.invoke(snoozed["id"], "dismiss")
    d.wait_status(lambda s: not s["alarms"]["timers"] and not s["alarms"]["snoozed"], 10, "the snoozed timer dismissed")
    H.wait_until(lambda: snoozed["id"] in notifications.closed(), 5, desc="the snooze's notification closed")


def test_a_notification_has_the_note_the_time_it_rings_and_an_icon(make_daemon, session_bus, notifications):
    """Issue 39: the body was "Alarm 1 rings: 13:05:51" with no note, and no icon without the desktop entry."""
    d = _on_buses(make_daemon, session_bus, device="null")
    d.wait_status(lambda s: s["desktop"]["notifications"], 10, "notifications on")
    trigger = int(time.time()) + 2
    at = time.strftime("%H:%M:%S", time.gmtime(trigger))
    aid = d.ctl("--json", "alarm", "add", at, "--label", "Tea", "--note", "steep 4 min").json["alarm"]["id"]
    shown = H.wait_until(lambda: notifications.shown(), 10, desc="a notification")[0]
    _ok(d.ctl("dismiss"))
    assert shown["summary"] == "Tea" and shown["body"] == f"Alarm {aid} rings: {at}\nsteep 4 min", shown
    _, args = notifications.calls("Notify")[0]
    assert args[2] == "appointment-soon", f"no desktop entry installed: the theme's icon, not none: {args[2]!r}"


def test_an_alarm_that_cannot_be_heard_says_so_in_its_notification(make_daemon, session_bus, notifications):
    d = _on_buses(make_daemon, session_bus, device="nonexistent_pcm_for_desktop")
    d.wait_status(lambda s: s["audio"]["state"] == "error" and s["desktop"]["notifications"], 10, "audio error")
    _ok(d.ctl("timer", "1s", "--label", "Silent"))
    shown = H.wait_until(lambda: notifications.shown(), 10, desc="a notification")[0]
    assert shown["summary"] == "Silent" and "cannot be heard" in shown["body"], shown
    _ok(d.ctl("dismiss"))


def test_notifications_can_be_turned_off(make_daemon, session_bus, notifications):
    d = _on_buses(make_daemon, session_bus, device="null", config="[desktop]\nnotifications = false\n")
    d.wait_status(lambda s: s["desktop"]["session_bus"], 10, "on the session bus")
    assert _desktop(d)["notifications"] is False
    _ok(d.ctl("timer", "1s"))
    d.wait_status(lambda s: s["alarms"]["ringing"], 10, "ringing")
    _ok(d.ctl("dismiss"))
    assert notifications.calls("Notify") == []


# --------------------------------------------------------------------------- logind


def _blocks(logind) -> list[tuple]:
    return [i for i in logind.inhibitors() if i[3] == "block"]


def test_sleep_is_blocked_exactly_while_sounds_play(make_daemon, session_bus, system_bus, logind, testdata):
    loop = testdata.loop
    d = _on_buses(make_daemon, session_bus, system_bus, device="null")
    d.wait_status(lambda s: s["desktop"]["system_bus"] and s["desktop"]["resume_watch"], 10, "on the system bus")
    H.wait_until(lambda: ("sleep", "NoiseClock", "Fading a ringing alarm and saving state before sleep", "delay")
                 in logind.inhibitors(), 5, desc="the delay inhibitor")
    assert _blocks(logind) == []
    _ok(d.ctl("play", loop.id))
    H.wait_until(lambda: _blocks(logind) == [("sleep:idle", "NoiseClock", f"Playing {loop.name}", "block")], 5,
                 desc="the block inhibitor while playing")
    assert calls_of(logind, "Inhibit")[-1] == ["sleep:idle", "NoiseClock", f"Playing {loop.name}", "block"]
    st = _desktop(d)
    assert st["sleep_inhibitor_held"] is True and st["sleep_inhibitor_why"] == f"Playing {loop.name}"
    _ok(d.ctl("pause"))
    H.wait_until(lambda: _blocks(logind) == [], 5, desc="released on pause (its descriptor closed)")
    d.wait_status(lambda s: s["desktop"]["sleep_inhibitor_held"] is False, 5, "status says released")
    _ok(d.ctl("play", loop.id, "--for", "2s", "--fade-out", "0.2s"))
    H.wait_until(lambda: _blocks(logind) != [], 5, desc="held again")
    H.wait_until(lambda: _blocks(logind) == [], 10, desc="released when the sleep timer ends")
    _ok(d.ctl("play", loop.id))
    H.wait_until(lambda: _blocks(logind) != [], 5, desc="held again")
    _ok(d.ctl("stop"))
    H.wait_until(lambda: _blocks(logind) == [], 5, desc="released on stop")


def calls_of(mock, method):
    return [args for m, args in mock.calls(method)]


def test_the_inhibitor_can_be_turned_off(make_daemon, system_bus, logind, testdata):
    d = _on_buses(make_daemon, None, system_bus, device="null", config="[desktop]\ninhibit_sleep = false\n")
    d.wait_status(lambda s: s["desktop"]["system_bus"], 10, "on the system bus")
    _ok(d.ctl("play", testdata.loop.id))
    d.wait_status(lambda s: s["state"] == "playing", 5, "playing")
    assert _blocks(logind) == [] and _desktop(d)["sleep_inhibitor_held"] is False
    _ok(d.ctl("stop"))


# --------------------------------------------------------------------------- the desktop's own inhibitor

PORTAL, GNOME, PM = "org.freedesktop.portal.Inhibit", "org.gnome.SessionManager", "org.freedesktop.PowerManagement.Inhibit"


def _on_both(make_daemon, session_bus, system_bus, **kw):
    d = _on_buses(make_daemon, session_bus, system_bus, device="null", **kw)
    d.wait_status(lambda s: s["desktop"]["session_bus"] and s["desktop"]["system_bus"], 10, "on both buses")
    return d


def test_the_desktops_inhibitor_is_held_and_released_with_loginds(make_daemon, session_bus, system_bus, logind,
                                                                   desktop_inhibitors, testdata):
    loop, loop2 = testdata.loop, testdata.loop2
    portal = desktop_inhibitors("portal")
    others = [desktop_inhibitors("gnome-session"), desktop_inhibitors("power-management")]
    d = _on_both(make_daemon, session_bus, system_bus)
    assert portal.received() == [] and _desktop(d)["desktop_inhibitor"] is None

    # The portal first: suspend only (flag 4), with logind's reason; the others are not asked.
    _ok(d.ctl("play", loop.id))
    H.wait_until(lambda: _blocks(logind) and portal.held() == [[1, f"Playing {loop.name}"]], 5,
                 desc="logind's block and the portal's inhibitor while playing")
    assert portal.received() == [["Inhibit", ["", 4, {"reason": f"Playing {loop.name}"}]]]
    assert [o.received() for o in others] == [[], []]
    st = d.wait_status(lambda s: s["desktop"]["desktop_inhibitor"] == PORTAL, 5, "status names the portal's")
    assert st["desktop"]["desktop_inhibitor_problem"] is None and st["desktop"]["sleep_inhibitor_held"] is True

    # A new reason is taken before the old one is given back, as logind's is.
    _ok(d.ctl("play", loop2.id))
    why = f"Playing {loop.name}, {loop2.name}"
    H.wait_until(lambda: portal.held() == [[2, why]], 5, desc="the new reason held, the old released")
    assert [m for m, _ in portal.received()] == ["Inhibit", "Inhibit", "Close"]
    assert portal.received()[2] == ["Close", ["/org/freedesktop/portal/desktop/request/noised/t1"]]

    # Released when logind's is: on pause, when the sleep timer ends, and when noised stops.
    _ok(d.ctl("pause"))
    H.wait_until(lambda: _blocks(logind) == [] and portal.held() == [], 5, desc="both released on pause")
    d.wait_status(lambda s: s["desktop"]["desktop_inhibitor"] is None, 5, "status says released")
    _ok(d.ctl("stop"))
    _ok(d.ctl("play", loop.id, "--for", "2s", "--fade-out", "0.2s"))
    H.wait_until(lambda: _blocks(logind) and portal.held(), 5, desc="both held again")
    H.wait_until(lambda: _blocks(logind) == [] and portal.held() == [], 10, desc="both released as the timer ends")
    _ok(d.ctl("play", loop.id))
    H.wait_until(lambda: _blocks(logind) and portal.held(), 5, desc="both held again")
    assert d.stop() == 0
    H.wait_until(lambda: _blocks(logind) == [] and portal.held() == [], 5, desc="both released as noised stops")
    assert portal.received()[-1][0] == "Close" and [o.received() for o in others] == [[], []]


@pytest.mark.parametrize("kinds, take, release, status", [
    (["gnome-session", "power-management"], ["noiseclock", 0, "Playing Test loop", 4], "Uninhibit", GNOME),
    (["power-management"], ["NoiseClock", "Playing Test loop"], "UnInhibit", PM),
], ids=["gnome-session without a portal", "power-management alone"])
def test_without_a_portal_gnome_session_then_power_management(make_daemon, session_bus, system_bus, logind,
                                                              desktop_inhibitors, testdata, kinds, take, release,
                                                              status):
    first, *rest = [desktop_inhibitors(k) for k in kinds]
    d = _on_both(make_daemon, session_bus, system_bus)
    _ok(d.ctl("play", testdata.loop.id))
    H.wait_until(lambda: first.held() == [[1, "Playing Test loop"]], 5, desc=f"{first.kind}'s inhibitor")
    assert first.received() == [["Inhibit", take]] and [o.received() for o in rest] == [[]] * len(rest)
    d.wait_status(lambda s: s["desktop"]["desktop_inhibitor"] == status, 5, "status names it")
    _ok(d.ctl("stop"))
    H.wait_until(lambda: first.held() == [] and _blocks(logind) == [], 5, desc="both released on stop")
    assert first.received()[-1] == [release, [1]]


def test_a_refusing_portal_passes_to_gnome_session_and_none_at_all_is_said(make_daemon, session_bus, system_bus,
                                                                           logind, desktop_inhibitors, testdata):
    portal = desktop_inhibitors("portal", refuse="Inhibiting is not allowed here")
    gnome = desktop_inhibitors("gnome-session")
    d = _on_both(make_daemon, session_bus, system_bus)
    _ok(d.ctl("play", testdata.loop.id))
    H.wait_until(lambda: gnome.held() == [[1, "Playing Test loop"]], 5, desc="gnome-session's after the portal's refusal")
    assert [m for m, _ in portal.received()] == ["Inhibit"] and portal.held() == []
    d.wait_status(lambda s: s["desktop"]["desktop_inhibitor"] == GNOME, 5, "status names gnome-session's")
    _ok(d.ctl("stop"))
    H.wait_until(lambda: gnome.held() == [], 5, desc="released on stop")

    # With none to take (gnome-session gone, the others not on the bus), status says why, and logind's is held.
    gnome.stop()
    _ok(d.ctl("play", testdata.loop.id))
    st = d.wait_status(lambda s: s["desktop"]["desktop_inhibitor_problem"], 5, "the problem said")["desktop"]
    assert st["desktop_inhibitor"] is None and st["sleep_inhibitor_held"] is True, st
    problem = st["desktop_inhibitor_problem"]
    assert problem.startswith("no desktop inhibitor could be taken: ") and "Inhibiting is not allowed here" in problem
    assert problem.count("ServiceUnknown") == 2, problem
    assert "no desktop inhibitor could be taken" in d.log()
    _ok(d.ctl("stop"))


def test_a_holder_or_the_bus_going_away_is_survived(make_daemon, session_bus, system_bus, logind, desktop_inhibitors,
                                                    testdata):
    gnome = desktop_inhibitors("gnome-session")
    pm = desktop_inhibitors("power-management")
    d = _on_both(make_daemon, session_bus, system_bus)
    _ok(d.ctl("play", testdata.loop.id))
    H.wait_until(lambda: gnome.held(), 5, desc="gnome-session's")

    # gnome-session leaves the bus: what it held went with it, and the next one is taken.
    gnome.stop()
    H.wait_until(lambda: pm.held() == [[1, "Playing Test loop"]], 5, desc="PowerManagement's once gnome-session left")
    d.wait_status(lambda s: s["desktop"]["desktop_inhibitor"] == PM, 5, "status names PowerManagement's")

    # The session bus goes: noised plays on, holds logind's, and says the desktop's is gone.
    session_bus.stop()
    st = d.wait_status(lambda s: s["desktop"]["session_bus"] is False, 10, "the lost bus said")
    assert st["state"] == "playing" and st["desktop"]["desktop_inhibitor"] is None, st["desktop"]
    assert st["desktop"]["sleep_inhibitor_held"] is True and _blocks(logind)
    _ok(d.ctl("stop"))
    H.wait_until(lambda: _blocks(logind) == [], 5, desc="logind's released on stop")


def _timer_at(d, lead: int) -> tuple[int, int]:
    info = d.ctl("--json", "timer", f"{lead}s").json["alarm"]
    return info["id"], info["fires_at"]


def test_a_trigger_slept_through_rings_on_resume_within_the_grace(make_daemon, session_bus, system_bus, logind):
    d = _on_buses(make_daemon, session_bus, system_bus, device="null")
    d.wait_status(lambda s: s["desktop"]["resume_watch"], 10, "watching for sleep")
    logind.prepare_for_sleep(True)
    H.wait_until(lambda: all(i[3] != "delay" for i in logind.inhibitors()), 5, desc="the delay let go before sleep")
    aid, fires_at = _timer_at(d, 1)
    H.wait_until(lambda: time.time() > fires_at + 1.5, 5, desc="the trigger passing while asleep")
    assert d.status()["alarms"]["ringing"] == [], "asleep: nothing rings"
    logind.prepare_for_sleep(False)
    d.wait_status(lambda s: [a["alarm"]["id"] for a in s["alarms"]["ringing"]] == [aid], 5, "rung on resume")
    H.wait_until(lambda: any(i[3] == "delay" for i in logind.inhibitors()), 5, desc="the delay taken again")
    _ok(d.ctl("dismiss"))


def test_a_trigger_slept_through_past_the_grace_is_missed_as_suspended(make_daemon, session_bus, system_bus, logind,
                                                                        notifications):
    d = _on_buses(make_daemon, session_bus, system_bus, device="null", config='[alarms]\nmissed_grace = "1s"\n')
    d.wait_status(lambda s: s["desktop"]["resume_watch"] and s["desktop"]["notifications"], 10, "on both buses")
    logind.prepare_for_sleep(True)
    aid, fires_at = _timer_at(d, 1)
    H.wait_until(lambda: time.time() > fires_at + 2.5, 6, desc="the trigger and the grace passing while asleep")
    logind.prepare_for_sleep(False)
    st = d.wait_status(lambda s: s["alarms"]["missed"], 5, "recorded missed")
    assert [(m["alarm_id"], m["reason"]) for m in st["alarms"]["missed"]] == [(aid, "suspended")]
    assert st["alarms"]["ringing"] == []
    missed = H.wait_until(lambda: notifications.shown(), 5, desc="the missed alarm's notification")
    assert missed[0]["summary"].startswith("Missed:") and "asleep" in missed[0]["body"]
    assert missed[0]["hints"]["urgency"] == 1 and missed[0]["actions"] == {}


# --------------------------------------------------------------------------- degrading


def test_without_any_bus_everything_else_works_and_status_says_so(make_daemon, testdata):
    d = _on_buses(make_daemon, device="null")
    st = _desktop(d)
    assert st["session_bus"] is False and "session bus" in st["session_bus_problem"], st
    assert st["system_bus"] is False and "system bus" in st["system_bus_problem"], st
    assert st["mpris"] is None and st["notifications"] is False and st["sleep_inhibitor_held"] is False
    _ok(d.ctl("play", testdata.loop.id))
    assert d.status()["state"] == "playing"
    assert "desktop: connecting to the session bus" in d.log()


def test_a_bus_that_comes_later_is_joined_when_it_appears(make_daemon):
    bus = DH.Bus("late")
    try:
        d = _on_buses(make_daemon, bus, device="null")
        assert _desktop(d)["session_bus"] is False
        bus.start()
        d.wait_status(lambda s: s["desktop"]["mpris"] == "org.mpris.MediaPlayer2.noiseclock", 10,
                      "MPRIS once the bus is there")
        assert _pc(bus, "status") == "Stopped"
        bus.stop()
        d.wait_status(lambda s: s["desktop"]["session_bus"] is False, 10, "the lost bus said")
        assert "lost the session bus" in _desktop(d)["session_bus_problem"]
        bus = DH.Bus("late")
    finally:
        bus.stop()


def test_the_installed_desktop_entry_names_the_player(make_daemon, session_bus):
    def root_properties(d):
        out = session_bus.call("org.mpris.MediaPlayer2.noiseclock", "/org/mpris/MediaPlayer2",
                               "org.freedesktop.DBus.Properties.GetAll", "org.mpris.MediaPlayer2")
        return out

    plain = _on_buses(make_daemon, session_bus, device="null")
    plain.wait_status(lambda s: s["desktop"]["mpris"] is not None, 10, "MPRIS on the bus")
    props = root_properties(plain)
    assert "'Identity': <'NoiseClock'>" in props and "DesktopEntry" not in props, props
    plain.stop()

    d = make_daemon(start=False, device="null", extra_env={**UTC, "DBUS_SESSION_BUS_ADDRESS": session_bus.address})
    apps = Path(d.env_dirs["XDG_DATA_HOME"]) / "applications"
    apps.mkdir(parents=True)
    (apps / "noiseclock.desktop").write_text((Path(__file__).parents[2] / "packaging/desktop/noiseclock.desktop").read_text())
    d.start()
    d.wait_status(lambda s: s["desktop"]["mpris"] is not None, 10, "MPRIS on the bus")
    assert "'DesktopEntry': <'noiseclock'>" in root_properties(d)
