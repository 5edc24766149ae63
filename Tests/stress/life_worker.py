"""The crash-safety run's life-calendar worker (Tests/stress/test_crash_safety.py): on a connection of its own it
taps habits (+ and −), takes taps back (``habit_undo``) and writes gratitude entries (new, replaced, appended,
on today and on earlier days), one request at a time, until the kill.  Like the ring worker it goes on until the
kill, outside the alarm changes' budget.

Its model is the state the acknowledged changes left, and the one change in flight when the daemon was killed.
After each restart the daemon's taps (``habit_today`` over the run's days) and diary (``gratitude_export``) must
equal the model, or the model with the change in flight applied whole; then the model is set to what was read."""

from __future__ import annotations

import datetime
import random
import socket
import threading
from typing import Optional

HABITS = {"reading": 15, "walk": 20, "scrolling": 10}
WORDS = ["river", "coffee", "rain", "friends", "quiet", "sun", "letters", "bread", "music", "snow", "tea", "éclair"]


class LifeModel:
    def __init__(self):
        self.taps: dict[int, tuple] = {}        # id -> (habit, day, minutes, at)
        self.entries: dict[str, tuple] = {}     # day -> (text, saved_at)
        self.pending: Optional[tuple] = None    # the change sent whose reply has not come
        self.lock = threading.Lock()
        self.acked = {"tap": 0, "undo": 0, "write": 0}
        self.applied_unanswered = 0
        self.unanswered = 0


class LifeWorker:
    def __init__(self, rng: random.Random, model: LifeModel, tap, socket_path, client_class, reply_timeout: float,
                 broken: tuple):
        self.rng = rng
        self.model = model
        self.tap = tap
        self.socket_path = socket_path
        self.client_class = client_class
        self.reply_timeout = reply_timeout
        self.broken = broken
        self.next_id = 1

    def run(self, stop: threading.Event) -> None:
        try:
            conn = self.client_class(self.socket_path, timeout=self.reply_timeout)
        except (OSError, EOFError, socket.timeout):
            return
        try:
            while not stop.is_set():
                if not self.step(conn, stop):
                    return
                stop.wait(self.rng.uniform(0, 0.004))
        except self.broken:
            return
        finally:
            conn.close()

    def step(self, conn, stop: threading.Event) -> bool:
        rng = self.rng
        r = rng.random()
        today = datetime.datetime.now(datetime.timezone.utc).date()
        if r < 0.45:
            habit = rng.choice(list(HABITS))
            sign = rng.choice(["plus", "minus"])
            kind, cmd, args = "tap", "habit_tap", {"name": habit, "sign": sign}
            change = ("tap", habit, HABITS[habit] * (1 if sign == "plus" else -1))
        elif r < 0.55:
            kind, cmd, args = "undo", "habit_undo", {}
            change = ("undo",)
        else:
            day = (today - datetime.timedelta(days=rng.randrange(0, 6))).isoformat()
            mode = rng.choice(["replace", "append", "replace"])
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 12)))
            kind, cmd, args = "write", "gratitude_write", {"text": text, "date": day, "mode": mode}
            change = ("write", day, text, mode)
        with self.model.lock:
            self.model.pending = change
        rid = f"life-{self.next_id}"
        self.next_id += 1
        try:
            conn.send({"id": rid, "cmd": cmd, "args": args})
            self.tap.note(kind)
            reply = conn.recv_reply(rid, timeout=self.reply_timeout)
        except socket.timeout:
            raise AssertionError(f"no reply to {cmd} {args} within {self.reply_timeout}s (daemon alive)")
        except self.broken:
            return False
        with self.model.lock:
            self.model.pending = None
            if reply.get("ok"):
                self.model.acked[kind] += 1
                self.apply_acked(change, reply["data"])
            elif not (kind == "undo" and reply["error"]["code"] == "nothing_to_undo"):
                raise AssertionError(f"{cmd} {args} refused: {reply}")
        return True

    def apply_acked(self, change: tuple, data: dict) -> None:
        if change[0] == "write":
            entry = data["entry"]
            self.model.entries[entry["date"]] = (entry["text"], entry["saved_at"])
        else:
            tap = data["tap"]
            if data["undone"]:
                self.model.taps.pop(tap["id"], None)
            else:
                self.model.taps[tap["id"]] = (tap["habit"], tap["day"], tap["minutes"], tap["at"])


def setup(client) -> None:
    for name, minutes in HABITS.items():
        r = client.request("habit_add", {"name": name, "minutes": minutes})
        assert r["ok"], r


def read_state(client, first_day: datetime.date) -> tuple[dict, dict]:
    """The daemon's taps over the run's days and its whole diary."""
    taps: dict[int, tuple] = {}
    day = first_day
    last = datetime.datetime.now(datetime.timezone.utc).date() + datetime.timedelta(days=1)
    while day <= last:
        before = None
        while True:  # the latest taps a page at a time, back to the day's first
            args = {"date": day.isoformat(), "limit": 1000} | ({"before": before} if before else {})
            r = client.request("habit_today", args)
            assert r["ok"], r
            for t in r["data"]["taps"]:
                taps[t["id"]] = (t["habit"], t["day"], t["minutes"], t["at"])
            if len(r["data"]["taps"]) < 1000:
                break
            before = r["data"]["taps"][0]["id"]
        day += datetime.timedelta(days=1)
    entries = {}
    after = None
    while True:  # a page of at most 200 entries at a time
        r = client.request("gratitude_export", {"after": after} if after else {})
        assert r["ok"], r
        entries |= {e["date"]: (e["text"], e["saved_at"]) for e in r["data"]["entries"]}
        if len(r["data"]["entries"]) < 200:
            break
        after = r["data"]["entries"][-1]["date"]
    return taps, entries


def verify(model: LifeModel, taps: dict, entries: dict) -> list[str]:
    """Problems: the daemon's state is neither the acknowledged one nor it with the change in flight applied.
    Then the model takes the daemon's state (the change in flight is resolved)."""
    problems: list[str] = []
    with model.lock:
        pending = model.pending
        same_taps = taps == model.taps
        same_entries = entries == model.entries
        applied = False
        if same_taps and same_entries:
            pass
        elif pending is None:
            problems.append(f"state differs with no change in flight: taps {_diff(model.taps, taps)}, "
                            f"entries {_diff(model.entries, entries)}")
        elif pending[0] == "tap" and same_entries:
            extra = {k: v for k, v in taps.items() if k not in model.taps}
            if not (all(k in taps and taps[k] == v for k, v in model.taps.items()) and len(extra) == 1
                    and all(v[0] == pending[1] and v[2] == pending[2] for v in extra.values())
                    and min(extra) > max(model.taps, default=0)):
                problems.append(f"the tap in flight {pending} half-applied or another change: {_diff(model.taps, taps)}")
            applied = True
        elif pending[0] == "undo" and same_entries:
            latest = max(model.taps, default=None)
            expected = {k: v for k, v in model.taps.items() if k != latest}
            if taps != expected:
                problems.append(f"the undo in flight did not take back the latest tap only: {_diff(model.taps, taps)}")
            applied = True
        elif pending[0] == "write" and same_taps:
            _, day, text, mode = pending
            old = model.entries.get(day)
            want = text if (mode == "replace" or old is None) else old[0] + "\n" + text
            others_same = {k: v for k, v in entries.items() if k != day} == {k: v for k, v in model.entries.items() if k != day}
            if not (others_same and day in entries and entries[day][0] == want):
                problems.append(f"the write in flight {pending} half-applied: had {old}, now {entries.get(day)}")
            applied = True
        else:
            problems.append(f"state differs beyond the change in flight {pending}: taps {_diff(model.taps, taps)}, "
                            f"entries {_diff(model.entries, entries)}")
        if pending is not None:
            model.unanswered += 1
            model.applied_unanswered += applied
        model.pending = None
        model.taps = dict(taps)
        model.entries = dict(entries)
    return problems


def _diff(want: dict, got: dict) -> str:
    missing = [k for k in want if k not in got]
    extra = [k for k in got if k not in want]
    changed = [k for k in want if k in got and want[k] != got[k]]
    return f"missing {missing[:5]}, extra {extra[:5]}, changed {changed[:5]}"
