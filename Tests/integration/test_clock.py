"""noisectl clock: one frame for scripts (--once), and the live clock in a real terminal (tmux): drawing,
re-fitting on resize, the keys, the daemon's alarms, and the terminal given back exactly on every way out."""

import os
import re
import shlex
import subprocess
import time
import unicodedata
from pathlib import Path

import pytest

import harness as H

BLOCKS = set("█▀▄")
AT = "2026-09-07T07:05:09"


def width(line: str) -> int:
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def digit_rows(lines):
    return [l for l in lines if BLOCKS & set(l)]


def clock_env(root: Path, **extra) -> dict:
    env = H.base_env(H.make_env_dirs(root))
    env["NOISECTL_POWER_SUPPLY_DIR"] = str(root / "no-power-supply")
    env.update(extra)
    return env


def config_file(env) -> Path:
    return Path(env["XDG_CONFIG_HOME"]) / "noised" / "config.toml"


# ------------------------------------------------------------------ --once


def test_once_prints_one_frame_of_the_asked_size_with_the_daemons_overlays(make_daemon, testdata):
    d = make_daemon(device="null")
    assert d.ctl("alarm", "add", "07:30", "--label", "Work").returncode == 0
    assert d.ctl("play", "testloop").returncode == 0
    r = d.ctl("clock", "--once", "--size", "72x22", "--at", AT, "--24h", "--date")
    assert r.returncode == 0, str(r)
    lines = r.stdout.split("\n")[:-1]
    assert len(lines) == 22 and all(width(l) == 72 for l in lines), [width(l) for l in lines]
    assert "\x1b" not in r.stdout, "a pipe gets plain text"
    assert len(digit_rows(lines)) >= 5
    text = "\n".join(lines)
    assert "7 September Mon" in text
    assert re.search(r"Next alarm \S.* Work, in \d", text), text
    assert "Playing Test loop" in text or "Playing testloop" in text or "Playing " in text, text
    assert "not running" not in text
    assert not config_file(d.env()).exists(), "--once saves nothing"


def test_without_the_daemon_the_clock_runs_and_says_so(bins, tmp_path):
    env = clock_env(tmp_path)
    r = H.noisectl("clock", "--once", "--size", "40x12", "--at", AT, "--24h", env=env)
    assert r.returncode == 0, str(r)
    lines = r.stdout.split("\n")[:-1]
    assert len(lines) == 12 and all(width(l) == 40 for l in lines)
    assert digit_rows(lines), r.stdout
    assert sum("noised is not running" in l for l in lines) == 1


def test_output_that_is_not_a_terminal_gets_one_frame_without_once(bins, tmp_path):
    env = clock_env(tmp_path)
    env["COLUMNS"], env["LINES"] = "999", "999"   # not read: the size comes from the terminal, else 80x24
    r = H.noisectl("clock", "--24h", env=env, timeout=10)
    assert r.returncode == 0, str(r)
    lines = r.stdout.split("\n")[:-1]
    assert len(lines) == 24 and all(width(l) == 80 for l in lines)
    assert digit_rows(lines) and "\x1b" not in r.stdout
    assert not config_file(env).exists(), "one frame saves nothing"


def test_seconds_and_twelve_hours_change_the_digits(bins, tmp_path):
    env = clock_env(tmp_path)
    def widest(*args):
        r = H.noisectl("clock", "--once", "--size", "200x50", "--at", "2026-09-07T19:05:09", *args, env=env)
        assert r.returncode == 0, str(r)
        return max(len(l.rstrip()) - (len(l) - len(l.lstrip())) for l in digit_rows(r.stdout.splitlines())), r.stdout
    plain, _ = widest("--24h")
    with_seconds, _ = widest("--24h", "--seconds")
    assert with_seconds > plain
    _, twelve = widest("--12h", "--ampm")
    assert "PM" in twelve


def test_the_battery_is_shown_only_where_there_is_one(bins, tmp_path):
    supplies = tmp_path / "ps"
    (supplies / "AC").mkdir(parents=True)
    (supplies / "AC" / "type").write_text("Mains\n")
    (supplies / "BAT0").mkdir()
    (supplies / "BAT0" / "type").write_text("Battery\n")
    (supplies / "BAT0" / "capacity").write_text("84\n")
    (supplies / "BAT0" / "status").write_text("Charging\n")
    env = clock_env(tmp_path / "e", NOISECTL_POWER_SUPPLY_DIR=str(supplies))
    r = H.noisectl("clock", "--once", "--size", "60x16", "--at", AT, env=env)
    assert r.returncode == 0, str(r)
    assert r.stdout.splitlines()[0].rstrip().endswith("Battery 84% charging"), r.stdout
    (supplies / "BAT0" / "type").write_text("Mains\n")
    r = H.noisectl("clock", "--once", "--size", "60x16", "--at", AT, env=env)
    assert "Battery" not in r.stdout


def test_analog_face_with_a_half_hour_zone(bins, tmp_path):
    env = clock_env(tmp_path, TZ="UTC")
    r = H.noisectl("clock", "--analog", "--once", "--size", "60x30", "--at", "2026-09-07T10:10:30",
                   "--seconds", "--zone", "Asia/Kolkata", env=env)
    assert r.returncode == 0, str(r)
    lines = r.stdout.splitlines()
    assert len(lines) == 30
    assert any("\u2800" < c <= "\u28ff" for c in r.stdout), "braille dots"
    assert "Kolkata +5:30" in r.stdout
    r = H.noisectl("clock", "--analog", "--once", "--blocks", "--size", "60x30", "--at", AT, env=env)
    assert r.returncode == 0 and BLOCKS & set(r.stdout) and not any("\u2800" < c <= "\u28ff" for c in r.stdout)


@pytest.mark.parametrize("args, says", [
    (["--color", "mauve"], "unknown colour 'mauve'"),
    (["--background", "#12"], "unknown colour '#12'"),
    (["--theme", "dusk"], "unknown theme 'dusk'; accepted: terminal, night, day"),
    (["--12h", "--24h"], "give --12h or --24h, not both"),
    (["--size", "80by24"], "give COLUMNSxROWS"),
    (["--at", "yesterday"], "--at: 'yesterday' is not a date and time"),
    (["--zone", "Asia/Kolkata"], "--zone and --blocks go with --analog"),
    (["--analog", "--zone", "Asia/Kolkatta"], "Asia/Kolkata"),
])
def test_bad_options_are_refused_and_change_nothing(bins, tmp_path, args, says):
    env = clock_env(tmp_path)
    config = config_file(env)
    config.parent.mkdir(parents=True)
    config.write_text("# mine\n[clock]\nseconds = true\n")
    before = config.read_bytes()
    r = H.noisectl("clock", *args, "--once", env=env)
    assert r.returncode == 2, str(r)
    assert says in r.stderr, str(r)
    assert config.read_bytes() == before


# ------------------------------------------------------------------ live, in tmux


class Tmux:
    """A tmux server of the test's own, one pane running a shell script."""

    def __init__(self, root: Path, env: dict, columns=80, rows=24):
        self.root = root
        self.socket = root / "tmux.sock"
        self.env = dict(env, TERM="xterm-256color")
        self.columns, self.rows = columns, rows

    def tmux(self, *args, check=True) -> str:
        r = subprocess.run(["tmux", "-S", str(self.socket), "-f", "/dev/null", *args], env=self.env,
                           capture_output=True, text=True, timeout=10)
        if check:
            assert r.returncode == 0, (args, r.stderr)
        return r.stdout

    def start(self, clock_args: list[str], command: str = "clock") -> None:
        script = self.root / "pane.sh"
        clock = " ".join(shlex.quote(a) for a in [str(H.bin_dir() / "noisectl"), command, *clock_args])
        script.write_text(f"""
trap 'true' INT
stty -g > {self.root}/stty-before
printf 'BEFORE-CLOCK\\n'
{clock}
echo "EXIT=$?"
stty -g > {self.root}/stty-after
exec sleep 600
""")
        self.tmux("new-session", "-d", "-x", str(self.columns), "-y", str(self.rows), "sh", str(script))

    def lines(self) -> list[str]:
        return self.tmux("capture-pane", "-p", "-t", "0").split("\n")

    def show(self, fmt: str) -> str:
        return self.tmux("display-message", "-p", "-t", "0", fmt).strip()

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "0", *keys)

    def clock_pid(self) -> int:
        shell = int(self.show("#{pane_pid}"))
        out = subprocess.run(["pgrep", "-P", str(shell), "noisectl"], capture_output=True, text=True).stdout.split()
        return int(out[0])

    def wait_for(self, pred, desc, timeout=10):
        return H.wait_until(lambda: pred(self.lines()), timeout, desc=desc)

    def assert_restored(self):
        self.wait_for(lambda ls: any("EXIT=0" in l for l in ls), "the clock to exit 0")
        H.wait_until(lambda: (self.root / "stty-after").exists() and (self.root / "stty-after").read_text(), 5,
                     desc="stty after")
        assert (self.root / "stty-after").read_text() == (self.root / "stty-before").read_text(), "termios restored"
        assert self.show("#{alternate_on}") == "0", "back on the main screen"
        assert self.show("#{cursor_flag}") == "1", "cursor visible"
        screen = self.lines()
        assert any("BEFORE-CLOCK" in l for l in screen), screen
        assert not any(BLOCKS & set(l) for l in screen), "no clock left on the shell's screen"

    def stop(self):
        self.tmux("kill-server", check=False)


@pytest.fixture
def tmux_for(tmp_path):
    made = []
    def make(env, **kw):
        t = Tmux(tmp_path, env, **kw)
        made.append(t)
        return t
    yield make
    for t in made:
        t.stop()


def test_live_clock_draws_refits_on_resize_and_restores_the_terminal_on_q(bins, tmp_path, tmux_for):
    env = clock_env(tmp_path / "e")
    t = tmux_for(env)
    t.start(["--24h", "--seconds"])
    first = t.wait_for(lambda ls: len(digit_rows(ls)) >= 3 and ls, "big digits")
    assert t.show("#{alternate_on}") == "1"
    assert t.show("#{cursor_flag}") == "0", "cursor hidden while the clock shows"
    assert any("noised is not running" in l for l in first)
    narrow = max(len(l.rstrip()) for l in digit_rows(first))
    t.tmux("resize-window", "-t", "0", "-x", "160", "-y", "48")
    t.wait_for(lambda ls: len(ls) >= 48 and max((len(l.rstrip()) for l in digit_rows(ls)), default=0) > narrow + 20,
               "digits re-fitted to the larger window")
    # Seconds tick: the screen changes without any input.
    before = t.lines()
    t.wait_for(lambda ls: ls != before, "the next second to be drawn", timeout=3)
    t.keys("q")
    t.assert_restored()
    saved = config_file(env).read_text()
    assert 'format = "24h"' in saved and "seconds = true" in saved, saved


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_the_terminal_is_restored_on_ctrl_c_and_sigterm(bins, tmp_path, tmux_for, how):
    env = clock_env(tmp_path / "e")
    t = tmux_for(env)
    t.start(["--theme", "night"])
    t.wait_for(lambda ls: digit_rows(ls), "big digits")
    if how == "ctrl-c":
        t.keys("C-c")
    else:
        os.kill(t.clock_pid(), 15)
    t.assert_restored()


def test_a_ringing_alarm_shows_and_the_keys_snooze_it_and_toggle_the_noise(make_daemon, testdata, tmux_for, tmp_path):
    d = make_daemon(device="null")
    env = dict(d.env(), NOISECTL_POWER_SUPPLY_DIR=str(tmp_path / "none"))
    t = tmux_for(env, columns=100, rows=30)
    t.start(["--socket", str(d.socket), "--24h"])
    t.wait_for(lambda ls: digit_rows(ls) and not any("not running" in l for l in ls), "the clock, connected")
    # Nothing has played yet: space says so and plays nothing.
    t.keys("Space")
    t.wait_for(lambda ls: any("nothing has played" in l.lower() for l in ls), "the note")
    assert d.status()["playing"] == []
    # What played before the clock started, and was stopped, is what space plays again.
    assert d.ctl("play", "testloop").returncode == 0
    assert d.ctl("stop").returncode == 0
    d.wait_status(lambda s: s["playing"] == [] and s["last_played"] == ["testloop"], 5, "stopped, remembered")
    t.keys("Space")
    d.wait_status(lambda s: [p["id"] for p in s["playing"]] == ["testloop"], 5, "noise played again")
    t.wait_for(lambda ls: any("Playing" in l for l in ls), "what plays, from the daemon")
    # space pauses the noise, and plays it again.
    t.keys("Space")
    d.wait_status(lambda s: s["state"] == "paused" and not [p for p in s["playing"] if p["state"] != "fading_out"], 5,
                  "noise paused")
    t.wait_for(lambda ls: not any("Playing" in l for l in ls), "the overlay to go")
    t.keys("Space")
    d.wait_status(lambda s: [p["id"] for p in s["playing"]] == ["testloop"], 5, "noise playing again")
    # An alarm two seconds ahead rings and the banner shows it; s snoozes it, and d dismisses the next one.
    for label, key, said in [("Wake", "s", "Snoozed"), ("Tea", "d", "Dismissed")]:
        trigger = int(time.time()) + 2
        r = d.ctl("alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), "--label", label)
        assert r.returncode == 0, str(r)
        t.wait_for(lambda ls: any("ALARM" in l and label in l for l in ls), f"the banner for {label}", timeout=10)
        t.keys(key)
        d.wait_status(lambda s: not s["alarms"]["ringing"], 5, f"{label} answered with {key}")
        t.wait_for(lambda ls: not any("ALARM" in l for l in ls) and any(said in l for l in ls), f"{said} shown")
    t.keys("q")
    t.assert_restored()

