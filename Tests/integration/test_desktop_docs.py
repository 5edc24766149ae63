"""The status-bar script of docs/desktop.md, run as it is written there against a real noised.

It reads ``noisectl --json status`` and ``noisectl --json watch`` and prints one JSON line per change for
waybar (polybar and i3blocks take its ``text``). The test takes the script from the page, so the page cannot
drift from what noisectl prints.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import threading

import pytest

import harness as H

PAGE = H.REPO / "docs/desktop.md"
NAMES = {s["id"]: s["name"] for s in json.loads((H.REPO / "sounds.json").read_text())["sounds"]}



def script_from_page() -> str:
    blocks = re.findall(r"```sh\n(#!/bin/sh\n# noiseclock-status:.*?)```", PAGE.read_text(), re.S)
    assert len(blocks) == 1, f"expected one noiseclock-status script in {PAGE}, found {len(blocks)}"
    return blocks[0]


class Bar:
    """The script running as a status bar runs it: its lines, read as they come."""

    def __init__(self, path, env):
        self.proc = H._register(subprocess.Popen([str(path)], env=env, stdin=subprocess.DEVNULL,
                                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                                 start_new_session=True))
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)

    def next_matching(self, pred, timeout: float, desc: str) -> dict:
        """The first line from now on for which ``pred`` holds; every line must be one JSON object."""
        def check():
            while True:
                try:
                    line = self.lines.get_nowait()
                except queue.Empty:
                    return None
                item = json.loads(line)
                assert set(item) == {"text", "tooltip", "class"}, line
                self.seen.append(item)
                if pred(item):
                    return item

        try:
            return H.wait_until(check, timeout, 0.05, desc)
        except H.Timeout:
            raise H.Timeout(f"no line for {desc}; lines so far: {self.seen}") from None

    def stop(self) -> None:
        # The script, its noisectl and its jq: the process group it leads.
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=5)


def mix(text: str, prefix: str) -> set[str]:
    assert text.startswith(prefix), text
    return set(text[len(prefix):].split(", "))


def test_status_bar_script_follows_playback_alarms_and_the_daemon(make_daemon, tmpdir_short):
    d = make_daemon(device="null", data_dir=H.REPO, use_socket_arg=False, extra_env={"TZ": "UTC"})
    path = tmpdir_short / "noiseclock-status"
    path.write_text(script_from_page())
    path.chmod(0o755)
    env = {**d.env(), "PATH": f"{H.bin_dir()}:{os.environ['PATH']}"}
    bar = Bar(path, env)
    try:
        first = bar.next_matching(lambda _: True, 15, "the first line, from status")
        assert first == {"text": "", "tooltip": "No alarm set", "class": "stopped"}, first

        assert d.ctl("play", "rain").returncode == 0
        bar.next_matching(lambda i: i["text"] == f"♫ {NAMES['rain']}" and i["class"] == "playing", 10,
                          "rain playing")
        assert d.ctl("play", "fan").returncode == 0
        both = bar.next_matching(lambda i: i["text"].count(", ") == 1, 10, "rain and fan playing")
        assert mix(both["text"], "♫ ") == {NAMES["rain"], NAMES["fan"]} and both["class"] == "playing", both

        assert d.ctl("pause").returncode == 0
        paused = bar.next_matching(lambda i: i["class"] == "paused", 10, "the pause")
        assert mix(paused["text"], "⏸ ") == {"rain", "fan"}, paused

        assert d.ctl("alarm", "add", "07:00", "--label", "Work").returncode == 0
        bar.next_matching(lambda i: i["tooltip"].startswith("Next alarm: Work, ") and
                          re.search(r", \d{4}-\d\d-\d\d 07:00$", i["tooltip"]), 10, "the next alarm in the tooltip")

        assert d.ctl("timer", "1s", "--label", "tea").returncode == 0
        ringing = bar.next_matching(lambda i: i["class"] == "ringing", 15, "the timer ringing")
        assert ringing["text"] == "⏰ tea", ringing
        assert d.ctl("dismiss").returncode == 0
        after = bar.next_matching(lambda i: i["class"] != "ringing", 10, "the ring's end")
        assert after["class"] == "paused" and after["tooltip"].startswith("Next alarm: Work, "), after

        assert d.ctl("stop").returncode == 0
        bar.next_matching(lambda i: i["class"] == "stopped" and i["text"] == "", 10, "the stop")

        # noised goes: watch ends, and the script says so and keeps trying.
        d.stop()
        offline = bar.next_matching(lambda i: i["class"] == "offline", 10, "noised gone")
        assert offline["text"] == "" and offline["tooltip"], offline
        assert bar.proc.poll() is None, bar.proc.stderr.read()
    finally:
        bar.stop()
