"""noisectl stopwatch in a real terminal (tmux): big digits, laps, stop, reset, the terminal given back."""

import re

import harness as H
from test_clock import clock_env, digit_rows, tmux_for  # noqa: F401 (tmux_for is a fixture)


def test_the_stopwatch_runs_laps_stops_and_resets_without_a_daemon(bins, tmp_path, tmux_for):
    env = clock_env(tmp_path / "e")
    t = tmux_for(env)
    t.start([], command="stopwatch")
    first = t.wait_for(lambda ls: len(digit_rows(ls)) >= 3 and any("stopped · space start/stop" in l for l in ls) and ls,
                       "the stopwatch, stopped at zero")
    assert t.show("#{alternate_on}") == "1"
    t.keys("Space")
    t.wait_for(lambda ls: digit_rows(ls) != digit_rows(first) and not any("stopped ·" in l for l in ls),
               "the digits to move once started")
    t.keys("l")
    t.wait_for(lambda ls: any(re.search(r"Lap 1  \d\d:\d\d\.\d  total", l) for l in ls), "a lap")
    t.keys("l")
    t.wait_for(lambda ls: any("Lap 2" in l for l in ls), "a second lap, above the first")
    lines = t.lines()
    assert min(i for i, l in enumerate(lines) if "Lap 2" in l) < min(i for i, l in enumerate(lines) if "Lap 1" in l)
    t.keys("Space")
    t.wait_for(lambda ls: any("stopped ·" in l for l in ls), "stopped")
    t.keys("r")
    t.wait_for(lambda ls: not any("Lap" in l for l in ls) and digit_rows(ls) == digit_rows(first), "reset to zero")
    t.keys("q")
    t.assert_restored()


def test_the_stopwatch_needs_a_terminal(bins, tmp_path):
    r = H.noisectl("stopwatch", env=clock_env(tmp_path / "e"))
    assert r.returncode == 2 and "needs a terminal" in r.stderr, str(r)
