"""Crash safety under ``kill -9``: a driver makes 1,000 alarm changes through the real socket while another thread
kills the daemon at random moments, and after every restart each acknowledged change must be there exactly as
acknowledged, and the database file must pass SQLite's own checks.

Run by ``make stress`` (not by ``make test``): ``python3 -m pytest -q -s Tests/stress``.  It reuses the
integration harness (``Tests/integration/harness.py``) for the daemon and the raw socket client.

The driver: three workers, each on its own connection and owning its own alarms, send ``alarm_add`` (every
field given), ``alarm_edit`` (a few fields), ``alarm_enable``, ``alarm_disable``, ``alarm_duplicate`` and
``alarm_remove``, one request at a time with a short random pause.  Their alarms are set 70 min to 23 h ahead of
the start, so none rings during the run and each one's next trigger is the same whatever instant the daemon
took as "now".  A fourth worker owns three daily "ring" alarms: it moves some of them two seconds ahead, waits
(polling ``alarm_list``) until they ring, snoozes them (20–60 min, longer than the run), and sometimes disables a
snoozed one and enables it again.

The killer: per epoch, either a random delay (5–250 ms) after the workers start, or the next request sent after
a random moment, plus 0–4 ms, so that many kills land while a request is being carried out; then SIGKILL.

After each kill: ``PRAGMA integrity_check`` and ``PRAGMA foreign_key_check`` (sqlite3 CLI) on a copy of the
crashed database and its WAL (the copy leaves the real files for the daemon to recover itself); then restart and
compare ``alarm_list`` with the model of acknowledged changes.  A change that got its ok reply must be there
exactly (the whole alarm object, its next trigger, its snooze); a change whose reply never came may or may not be
there, but must be whole: the alarm as before, or as the request would have made it, nothing in between.

The seed is printed; ``NOISECLOCK_STRESS_SEED`` replays a run's choices (thread timing still varies),
``NOISECLOCK_STRESS_CHANGES`` changes the number of changes (1000)."""

from __future__ import annotations

import datetime
import os
import random
import shutil
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration"))

import harness as H  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

import life_worker as L  # noqa: E402

CHANGES = int(os.environ.get("NOISECLOCK_STRESS_CHANGES", "1000"))
SEED = int(os.environ.get("NOISECLOCK_STRESS_SEED") or random.SystemRandom().randrange(1 << 32))
MIN_KILLS = 50
WORKERS = 3
RING_ALARMS = 3
SOUNDS = ["white", "pink", "brown", "rain", "fan", "digital", "classic", "beep", "siren", "chime", "wakeup"]
REPEATS = {"once": set(), "daily": set(range(1, 8)), "weekdays": {1, 2, 3, 4, 5}, "weekends": {6, 7},
           "mon,wed,fri": {1, 3, 5}, "tue,thu": {2, 4}, "sat": {6}, "mon,sun": {1, 7}}
LABEL_CHARS = string.ascii_letters + string.digits + " -_'\"\\/éü☀⏰"
# A reply that takes longer than this is a hang, not a kill: the test fails.
REPLY_TIMEOUT = 15.0
BROKEN = (EOFError, ConnectionError, BrokenPipeError, OSError)


def _unix_day_weekday(day: int) -> int:
    """ISO weekday (Monday 1) of a day counted from 1970-01-01, a Thursday."""
    return (day + 3) % 7 + 1


def _seconds_of_day(text: str) -> int:
    parts = [int(p) for p in text.split(":")]
    return parts[0] * 3600 + parts[1] * 60 + (parts[2] if len(parts) > 2 else 0)


def utc_next(alarm: dict, after: float) -> Optional[int]:
    """The alarm's next trigger strictly after ``after`` in UTC (the daemon runs with TZ=UTC), from its time and
    repeat rule; None when it is off."""
    if not alarm["enabled"]:
        return None
    tod = _seconds_of_day(alarm["time"])
    days = REPEATS[alarm["repeat"]]
    first = int(after) // 86400
    for k in range(9):
        cand = (first + k) * 86400 + tod
        if cand > after and (not days or _unix_day_weekday(first + k) in days):
            return cand
    raise AssertionError(f"no trigger for {alarm}")


# --------------------------------------------------------------------------- the model


@dataclass
class Known:
    """An alarm as the last acknowledged change left it."""
    alarm: dict                  # the alarm object's "alarm" member, id included
    owner: int                   # the worker that changes it (WORKERS = the ring worker)
    snoozed_until: object = None  # None, an int, or (lo, hi) while a snooze's reply is outstanding

    @property
    def ring(self) -> bool:
        return self.owner == WORKERS


@dataclass
class Pending:
    """A change sent whose reply has not (yet) come."""
    kind: str
    owner: int
    alarm_id: Optional[int]
    after: Optional[dict]        # the alarm as the change makes it (add/duplicate: without id); None for remove
    sent: float
    snooze_ids: tuple = ()
    snooze_minutes: dict = field(default_factory=dict)


class Model:
    def __init__(self, start: float):
        self.start = start
        self.alarms: dict[int, Known] = {}
        self.lock = threading.Lock()
        self.pending: list[Pending] = []

    def expected_next(self, known: Known) -> Optional[int]:
        return utc_next(known.alarm, self.start)


class Budget:
    """The changes left to send in the run, and in the current epoch for the three workers (the ring worker
    goes on until the kill, so that its rare changes can be aimed at)."""

    def __init__(self, total: int):
        self.total = total
        self.attempted = 0
        self.acked = 0
        self.epoch_cap = 0
        self.epoch_taken = 0
        self.lock = threading.Lock()

    def new_epoch(self, cap: int) -> None:
        with self.lock:
            self.epoch_cap = cap
            self.epoch_taken = 0

    def epoch_full(self) -> bool:
        with self.lock:
            return self.epoch_taken >= self.epoch_cap

    def take(self) -> bool:
        with self.lock:
            if self.attempted >= self.total:
                return False
            self.attempted += 1
            self.epoch_taken += 1
            return True

    @property
    def exhausted(self) -> bool:
        with self.lock:
            return self.attempted >= self.total


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.kills = 0
        self.kills_mid_request = 0
        self.unanswered = 0
        self.applied_unanswered = 0
        self.lost = 0
        self.half_applied = 0
        self.unexpected = 0
        self.rings = 0
        self.snoozes = 0
        self.by_kind: dict[str, int] = {}
        self.problems: list[str] = []

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)


# --------------------------------------------------------------------------- the killer's tap


# The kinds of change a kill is aimed at, each as often as the others however rare it is: the ring worker's
# "arm" (an edit moving a ring alarm two seconds ahead) and "disable-snoozed" (disabling an alarm it has just
# snoozed) are kinds of their own.
AIMED_KINDS = ["add", "edit", "enable", "disable", "remove", "duplicate", "arm", "snooze", "disable-snoozed",
               "tap", "undo", "write"]


class Tap:
    """Workers report each change they send; an aimed killer waits for the next one of a kind."""

    def __init__(self):
        self.cond = threading.Condition()
        self.sent: dict[str, int] = {}

    def note(self, kind: str) -> None:
        with self.cond:
            self.sent[kind] = self.sent.get(kind, 0) + 1
            self.cond.notify_all()

    def wait_next(self, kind: str, timeout: float) -> bool:
        with self.cond:
            seen = self.sent.get(kind, 0)
            return self.cond.wait_for(lambda: self.sent.get(kind, 0) > seen, timeout)


# --------------------------------------------------------------------------- the workers


# What a new alarm holds that the workers never set: no note, not a timer, on Earth's clock, no satellite.
NEW_ALARM = {"note": None, "fires_at": None, "mars": None, "pass": None}


class Worker:
    """One connection; sends one change at a time and records its outcome in the model."""

    def __init__(self, index: int, rng: random.Random, model: Model, budget: Budget, stats: Stats, tap: Tap,
                 socket_path: Path):
        self.index = index
        self.socket_path = socket_path
        self.rng = rng
        self.model = model
        self.budget = budget
        self.stats = stats
        self.tap = tap
        self.conn: Optional[H.RawClient] = None
        self.next_id = 1

    # -- requests

    def _request(self, cmd: str, args: dict, kind: str = "query") -> dict:
        rid = f"w{self.index}-{self.next_id}"
        self.next_id += 1
        self.conn.send({"id": rid, "cmd": cmd, "args": args})
        self.tap.note(kind)
        return self.conn.recv_reply(rid, timeout=REPLY_TIMEOUT)

    def query(self, cmd: str, args: Optional[dict] = None) -> dict:
        r = self._request(cmd, args or {})
        assert r["ok"], (cmd, r)
        return r["data"]

    def change(self, pending: Pending, cmd: str, args: dict, aim: Optional[str] = None) -> Optional[dict]:
        """Sends a change; returns its ok reply's data, or None when the connection broke first (the change then
        stays in the model's pending list until the next restart resolves it)."""
        with self.model.lock:
            self.model.pending.append(pending)
        try:
            r = self._request(cmd, args, aim or pending.kind)
        except socket.timeout:
            raise AssertionError(f"no reply to {cmd} {args} within {REPLY_TIMEOUT}s (daemon alive)")
        except BROKEN:
            return None
        if not r.get("ok"):
            self.stats.problem(f"{cmd} {args} refused: {r}")
            with self.model.lock:
                self.model.pending.remove(pending)
            return None
        with self.budget.lock:
            self.budget.acked += 1
        with self.stats.lock:
            self.stats.by_kind[pending.kind] = self.stats.by_kind.get(pending.kind, 0) + 1
        return r["data"]

    def run(self, stop: threading.Event) -> None:
        try:
            self.conn = H.RawClient(self.socket_path, timeout=REPLY_TIMEOUT)
        except (OSError, EOFError, socket.timeout):
            return
        try:
            while not stop.is_set() and not self.budget.exhausted:
                if not self.step(stop):
                    return
        except BROKEN:
            return
        finally:
            self.conn.close()

    # -- choices

    def random_time(self) -> str:
        """A time of day 70 min to 23 h after the start (UTC): it does not ring during the run."""
        tod = (int(self.model.start) + self.rng.randrange(70 * 60, 23 * 3600)) % 86400
        if self.rng.random() < 0.7:
            tod -= tod % 60
        h, m, s = tod // 3600, tod // 60 % 60, tod % 60
        return f"{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")

    def random_label(self) -> str:
        return "".join(self.rng.choice(LABEL_CHARS) for _ in range(self.rng.randrange(0, 30)))

    def random_fields(self) -> dict:
        rng = self.rng
        return {
            "time": self.random_time(),
            "repeat": rng.choice(list(REPEATS)),
            "label": self.random_label(),
            "sound": rng.choice(SOUNDS),
            "volume": rng.choice([rng.randrange(0, 101), rng.randrange(0, 200) / 2]),
            "ramp_seconds": rng.choice([0, rng.randrange(0, 601), rng.randrange(0, 1200) / 2]),
            "snooze_minutes": rng.randrange(1, 61),
            "ring_limit_seconds": rng.randrange(10, 7201),
            "note": rng.choice([None, "", "x" * rng.randrange(1, 1000), self.random_label()]),
            "enabled": rng.random() < 0.8,
        }

    @staticmethod
    def alarm_from(fields: dict) -> dict:
        """The alarm fields a request's arguments set: null leaves a field as it is (for a new alarm: no note),
        an empty note removes the note."""
        a = {k: v for k, v in fields.items() if v is not None}
        if a.get("note") == "":
            a["note"] = None
        return a

    def mine(self) -> list[int]:
        with self.model.lock:
            return sorted(i for i, k in self.model.alarms.items() if k.owner == self.index)

    def known(self, alarm_id: int) -> Known:
        with self.model.lock:
            return self.model.alarms[alarm_id]

    def record(self, alarm_id: int, info: dict, pending: Pending) -> None:
        """An ok reply: check it says what we asked, then it is the acknowledged state."""
        want = pending.after
        got = info["alarm"]
        expect = dict(want, id=alarm_id)
        if got != expect:
            self.stats.problem(f"{pending.kind} replied with an alarm other than asked:\n asked {expect}\n got   {got}")
        nxt = utc_next(got, self.model.start)
        have = info["next_trigger"]["unix"] if info["next_trigger"] else None
        if have != nxt:
            self.stats.problem(f"{pending.kind} of {got}: next trigger {have}, want {nxt}")
        if info["ringing"] or info["snoozed_until"] is not None:
            self.stats.problem(f"{pending.kind}: a far-away alarm rings or is snoozed: {info}")
        with self.model.lock:
            self.model.alarms[alarm_id] = Known(got, self.index)
            self.model.pending.remove(pending)

    # -- one step

    def step(self, stop: threading.Event) -> bool:
        rng = self.rng
        if self.budget.epoch_full():
            stop.wait()
            return False
        ids = self.mine()
        r = rng.random()
        if not ids or (len(ids) < 12 and r < 0.25):
            kind = "add"
        elif len(ids) > 3 and r < 0.38:
            kind = "remove"
        elif r < 0.45:
            kind = "duplicate"
        elif r < 0.75:
            kind = "edit"
        elif r < 0.88:
            kind = "disable"
        else:
            kind = "enable"
        if not self.budget.take():
            return False
        t0 = time.time()
        if kind == "add":
            fields = self.random_fields()
            p = Pending("add", self.index, None, dict(NEW_ALARM, **self.alarm_from(fields)), t0)
            data = self.change(p, "alarm_add", fields)
            if data is None:
                return False
            self.record(data["alarm"]["id"], data, p)
        elif kind == "duplicate":
            aid = rng.choice(ids)
            src = dict(self.known(aid).alarm)
            del src["id"]
            p = Pending("duplicate", self.index, None, src, t0)
            data = self.change(p, "alarm_duplicate", {"id": aid})
            if data is None:
                return False
            self.record(data["alarm"]["id"], data, p)
        elif kind == "remove":
            aid = rng.choice(ids)
            p = Pending("remove", self.index, aid, None, t0)
            data = self.change(p, "alarm_remove", {"id": aid})
            if data is None:
                return False
            if data != {"removed": aid}:
                self.stats.problem(f"alarm_remove {aid} replied {data}")
            with self.model.lock:
                del self.model.alarms[aid]
                self.model.pending.remove(p)
        else:
            aid = rng.choice(ids)
            before = dict(self.known(aid).alarm)
            del before["id"]
            if kind == "edit":
                fields = self.random_fields()
                args = {k: fields[k] for k in rng.sample(sorted(fields), rng.randrange(1, 5))}
                after = dict(before)
                after.update(self.alarm_from(args))
                cmd, args = "alarm_edit", dict(args, id=aid)
            else:
                after = dict(before, enabled=(kind == "enable"))
                cmd, args = f"alarm_{kind}", {"id": aid}
            p = Pending(kind, self.index, aid, after, t0)
            data = self.change(p, cmd, args)
            if data is None:
                return False
            self.record(aid, data, p)
        # A short pause between changes, so that each epoch holds a few of them (pacing, not a wait for an event).
        stop.wait(rng.uniform(0, 0.08))
        return True


class RingWorker(Worker):
    """Owns the ring alarms: makes them ring, snoozes them, disables and enables snoozed ones."""

    def alarm_infos(self) -> dict[int, dict]:
        mine = set(self.mine())
        return {i["alarm"]["id"]: i for i in self.query("alarm_list")["alarms"] if i["alarm"]["id"] in mine}

    def step(self, stop: threading.Event) -> bool:
        rng = self.rng
        infos = self.alarm_infos()
        now = time.time()
        ringing = sorted(i for i, info in infos.items() if info["ringing"])
        if ringing:
            return self.snooze(ringing, infos)
        armed = [info["next_trigger"]["unix"] for info in infos.values()
                 if info["next_trigger"] and info["next_trigger"]["unix"] - now <= 10]
        if armed:
            # Poll until they ring (or the epoch ends): by 5 s after the trigger, or after now if it has passed
            # (a restarted daemon rings a passed trigger on its first look at the alarms).
            deadline = max(max(armed), now) + 5
            while not stop.is_set():
                infos = self.alarm_infos()
                if any(info["ringing"] for info in infos.values()):
                    return True
                if time.time() > deadline:
                    self.stats.problem(f"ring alarms due at {armed} not ringing at {time.time():.1f}: {infos}")
                    return self.arm(infos)
                stop.wait(0.05)
            return True
        return self.arm(infos)

    def arm(self, infos: dict[int, dict]) -> bool:
        rng = self.rng
        chosen = rng.sample(sorted(infos), rng.randrange(1, len(infos) + 1))
        for aid in chosen:
            if not infos[aid]["alarm"]["enabled"]:
                if not self.set_enabled(aid, True):
                    return False
        trigger = int(time.time() + 1.5)
        text = time.strftime("%H:%M:%S" if trigger % 60 else "%H:%M", time.gmtime(trigger))
        for aid in chosen:
            if not self.budget.take():
                return False
            before = dict(self.known(aid).alarm)
            del before["id"]
            p = Pending("edit", self.index, aid, dict(before, time=text), time.time())
            data = self.change(p, "alarm_edit", {"id": aid, "time": text}, "arm")
            if data is None:
                return False
            self.record_ring(aid, data, p)
        return True

    def set_enabled(self, aid: int, on: bool, aim: Optional[str] = None) -> bool:
        if not self.budget.take():
            return False
        before = dict(self.known(aid).alarm)
        del before["id"]
        p = Pending("enable" if on else "disable", self.index, aid, dict(before, enabled=on), time.time())
        data = self.change(p, "alarm_enable" if on else "alarm_disable", {"id": aid}, aim)
        if data is None:
            return False
        self.record_ring(aid, data, p)
        return True

    def record_ring(self, aid: int, info: dict, pending: Pending) -> None:
        expect = dict(pending.after, id=aid)
        if info["alarm"] != expect:
            self.stats.problem(f"{pending.kind} replied with an alarm other than asked:\n asked {expect}\n got {info}")
        known = self.known(aid)
        until = info["snoozed_until"]["unix"] if info["snoozed_until"] else None
        if not info["alarm"]["enabled"] and until is not None:
            self.stats.problem(f"{pending.kind}: a disabled alarm is still snoozed: {info}")
        if info["alarm"]["enabled"] and until != known.snoozed_until:
            self.stats.problem(f"{pending.kind} of a ring alarm changed its snooze {known.snoozed_until} -> {until}")
        with self.model.lock:
            self.model.alarms[aid] = Known(info["alarm"], self.index, until)
            self.model.pending.remove(pending)

    def snooze(self, ringing: list[int], infos: dict[int, dict]) -> bool:
        rng = self.rng
        if not self.budget.take():
            return False
        minutes = rng.choice([None, rng.randrange(20, 61)])
        per = {aid: minutes or infos[aid]["alarm"]["snooze_minutes"] for aid in ringing}
        t0 = time.time()
        p = Pending("snooze", self.index, None, None, t0, tuple(ringing), per)
        data = self.change(p, "snooze", {} if minutes is None else {"minutes": minutes})
        if data is None:
            return False
        t1 = time.time()
        got = sorted(info["alarm"]["id"] for info in data)
        if got != ringing:
            self.stats.problem(f"snooze answered for {got}, ringing were {ringing}")
        with self.model.lock:
            for info in data:
                aid = info["alarm"]["id"]
                until = info["snoozed_until"]["unix"] if info["snoozed_until"] else None
                # The daemon's "now" falls between t0 and t1 (one clock); its instants keep milliseconds.
                lo, hi = t0 + per.get(aid, 0) * 60 - 0.001, t1 + per.get(aid, 0) * 60 + 0.001
                if until is None or not lo <= until <= hi or info["ringing"]:
                    self.stats.problem(f"snooze of {aid}: until {until}, want {lo}..{hi}: {info}")
                if info["alarm"] != self.model.alarms[aid].alarm:
                    self.stats.problem(f"snooze changed alarm {aid}: {info['alarm']} != {self.model.alarms[aid].alarm}")
                self.model.alarms[aid] = Known(info["alarm"], self.index, until)
            self.model.pending.remove(p)
        with self.stats.lock:
            self.stats.snoozes += 1
            self.stats.rings += len(ringing)
        # Sometimes disable one of the snoozed alarms: its snooze must go with it, in the same change.
        if rng.random() < 0.5:
            aid = rng.choice(ringing)
            if not self.set_enabled(aid, False, "disable-snoozed"):
                return False
        return True


# --------------------------------------------------------------------------- verification after a restart


def _snooze_matches(spec, until) -> bool:
    if isinstance(spec, tuple):
        return until is not None and spec[0] <= until <= spec[1]
    return spec == until


def _state(info: Optional[dict]) -> Optional[tuple]:
    if info is None:
        return None
    return (info["alarm"], info["snoozed_until"]["unix"] if info["snoozed_until"] else None,
            info["next_trigger"]["unix"] if info["next_trigger"] else None)


def verify(model: Model, listed: list[dict], stats: Stats, kill_time: float) -> None:
    """Compares the restarted daemon's alarms with the model; resolves the changes left without a reply."""
    by_id = {i["alarm"]["id"]: i for i in listed}
    with model.lock:
        pending = list(model.pending)
        model.pending.clear()
    stats.unanswered += len(pending)
    on_id = {p.alarm_id: p for p in pending if p.alarm_id is not None}
    adds = [p for p in pending if p.kind in ("add", "duplicate")]
    snoozes = [p for p in pending if p.kind == "snooze"]
    assert len(snoozes) <= 1
    snooze = snoozes[0] if snoozes else None

    def ok_as(known_alarm: Optional[dict], owner: int, snoozed, info: Optional[dict]) -> bool:
        """Whether the listed alarm is exactly ``known_alarm`` (None: absent) with that snooze."""
        if known_alarm is None or info is None:
            return known_alarm is None and info is None
        if info["alarm"] != known_alarm:
            return False
        until = info["snoozed_until"]["unix"] if info["snoozed_until"] else None
        if owner == WORKERS:
            # A ring alarm: its next trigger and ringing are the scheduler's; a disabled one has no snooze.
            return _snooze_matches(snoozed if known_alarm["enabled"] else None, until)
        nxt = info["next_trigger"]["unix"] if info["next_trigger"] else None
        return until is None and not info["ringing"] and nxt == utc_next(known_alarm, model.start)

    new_model: dict[int, Known] = {}
    for aid, known in model.alarms.items():
        info = by_id.get(aid)
        p = on_id.get(aid)
        snoozed = known.snoozed_until
        if snooze and aid in snooze.snooze_ids:
            # The snooze may or may not have been stored: before it, or until send + minutes .. kill + minutes.
            m = snooze.snooze_minutes[aid] * 60
            options = [snoozed, (snooze.sent + m - 0.001, kill_time + 1 + m)]
        else:
            options = [snoozed]
        fits_before = any(ok_as(known.alarm, known.owner, s, info) for s in options)
        fits_after = False
        if p is not None:
            after = None if p.after is None else dict(p.after, id=aid)
            # A disable also drops the snooze; an enable or edit keeps it.
            fits_after = any(ok_as(after, known.owner, s, info) for s in options)
        if fits_before or fits_after:
            if fits_after and not fits_before:
                stats.applied_unanswered += 1
            if info is not None:
                until = info["snoozed_until"]["unix"] if info["snoozed_until"] else None
                new_model[aid] = Known(info["alarm"], known.owner, until if known.ring else None)
            continue
        if p is None:
            stats.lost += 1
            stats.problem(f"alarm {aid}: acknowledged {known.alarm} snooze {known.snoozed_until}; "
                          f"after restart {_state(info)}")
        else:
            stats.half_applied += 1
            stats.problem(f"alarm {aid}: unanswered {p.kind}; before {known.alarm} snooze {known.snoozed_until}, "
                          f"after {p.after}; after restart {_state(info)} (half-applied)")
        if info is not None:
            until = info["snoozed_until"]["unix"] if info["snoozed_until"] else None
            new_model[aid] = Known(info["alarm"], known.owner, until if known.ring else None)
    if snooze:
        # One snooze is one transaction: all the alarms it snoozed, or none.
        moved = [aid for aid in snooze.snooze_ids if aid in by_id and by_id[aid]["snoozed_until"]
                 and by_id[aid]["snoozed_until"]["unix"] != model.alarms[aid].snoozed_until]
        if moved and len(moved) != len([a for a in snooze.snooze_ids if a in by_id]):
            stats.half_applied += 1
            stats.problem(f"unanswered snooze of {snooze.snooze_ids}: only {moved} snoozed after restart")
    for aid, info in sorted(by_id.items()):
        if aid in model.alarms:
            continue
        match = None
        for p in adds:
            if info["alarm"] == dict(p.after, id=aid) and ok_as(info["alarm"], p.owner, None, info):
                match = p
                break
        if match is None:
            stats.unexpected += 1
            stats.problem(f"alarm {aid} after restart matches no change: {info}")
            continue
        adds.remove(match)
        stats.applied_unanswered += 1
        new_model[aid] = Known(info["alarm"], match.owner)
    with model.lock:
        model.alarms = new_model


def integrity_of_copy(db: Path, scratch: Path) -> str:
    """``PRAGMA integrity_check`` and ``foreign_key_check`` on a copy of the database as the crash left it."""
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir()
    for suffix in ("", "-wal"):
        src = Path(str(db) + suffix)
        if src.exists():
            shutil.copyfile(src, scratch / (db.name + suffix))
    r = subprocess.run(["sqlite3", str(scratch / db.name), "PRAGMA integrity_check;", "PRAGMA foreign_key_check;"],
                       capture_output=True, text=True, timeout=30)
    return (r.stdout + r.stderr).strip() if r.returncode == 0 else f"exit {r.returncode}: {r.stdout}{r.stderr}"


# --------------------------------------------------------------------------- the test


def test_acknowledged_changes_survive_kill_9(tmp_path):
    ok, why = H.binaries_ready()
    if not ok:
        pytest.skip(why)
    if shutil.which("sqlite3") is None:
        pytest.skip("sqlite3 (the CLI) is not installed")
    print(f"\ncrash-safety stress: seed {SEED} (NOISECLOCK_STRESS_SEED={SEED} to replay), {CHANGES} changes")
    master = random.Random(SEED)
    root = Path(tempfile.mkdtemp(prefix="ncstress-", dir="/tmp"))
    d = H.Daemon(root, device="null", data_dir=H.REPO, extra_env={"TZ": "UTC"})
    db = root / "state" / "noised" / "noised.sqlite"
    started = time.monotonic()
    model = Model(time.time())
    budget = Budget(CHANGES)
    stats = Stats()
    tap = Tap()
    workers: list[Worker] = [Worker(i, random.Random(master.randrange(1 << 32)), model, budget, stats, tap, d.socket)
                             for i in range(WORKERS)]
    ringer = RingWorker(WORKERS, random.Random(master.randrange(1 << 32)), model, budget, stats, tap, d.socket)
    killer_rng = random.Random(master.randrange(1 << 32))
    life = L.LifeModel()
    lifer = L.LifeWorker(random.Random(master.randrange(1 << 32)), life, tap, d.socket, H.RawClient, REPLY_TIMEOUT, BROKEN)
    first_day = datetime.datetime.now(datetime.timezone.utc).date()
    try:
        d.start()
        # The ring alarms: daily, so a ring never switches them off; rung out only after 2 h.
        with H.RawClient(d.socket) as c:
            for n in range(RING_ALARMS):
                fields = {"time": "00:00", "repeat": "daily", "label": f"ring {n}", "sound": "beep",
                          "ramp_seconds": 0, "ring_limit_seconds": 7200, "snooze_minutes": 20 + 10 * n,
                          "volume": 50, "enabled": False}
                r = c.request("alarm_add", fields)
                assert r["ok"], r
                model.alarms[r["data"]["alarm"]["id"]] = Known(r["data"]["alarm"], WORKERS)
            L.setup(c)
        epochs = 0
        while not budget.exhausted:
            epochs += 1
            stop = threading.Event()
            budget.new_epoch(killer_rng.randrange(1, 26))
            threads = [threading.Thread(target=w.run, args=(stop,), daemon=True) for w in workers + [ringer, lifer]]
            for t in threads:
                t.start()
            if killer_rng.random() < 0.5:
                stop.wait(killer_rng.uniform(0.005, 0.4))
            else:
                # Aim at a change in flight: after a random moment, the next change of a random kind, plus 0-3 ms.
                kind = killer_rng.choice(AIMED_KINDS)
                stop.wait(killer_rng.uniform(0, 0.1))
                if tap.wait_next(kind, 5.0):
                    time.sleep(killer_rng.uniform(0, 0.003))
                    stats.kills_mid_request += 1
            d.proc.kill()
            kill_time = time.time()
            d.proc.wait(5)
            assert d.proc.returncode == -9, d.proc.returncode
            stats.kills += 1
            stop.set()
            for t in threads:
                t.join(REPLY_TIMEOUT + 5)
                assert not t.is_alive(), "a worker hangs after the kill"
            check = integrity_of_copy(db, tmp_path / "crashed")
            assert check == "ok", f"after kill {stats.kills}: integrity of the crashed database: {check}"
            d.start()
            with H.RawClient(d.socket, timeout=REPLY_TIMEOUT) as c:
                listed = c.request("alarm_list")
                life_state = L.read_state(c, first_day)
            assert listed["ok"], listed
            verify(model, listed["data"]["alarms"], stats, kill_time)
            for p in L.verify(life, *life_state):
                stats.problem(f"after kill {stats.kills}: life: {p}")
            if stats.problems:
                break
        # The end: a clean stop closes the store; the file on its own must pass the checks too.
        assert d.stop() == 0, d.log()[-3000:]
        r = subprocess.run(["sqlite3", str(db), "PRAGMA integrity_check;", "PRAGMA foreign_key_check;"],
                           capture_output=True, text=True, timeout=30)
        assert r.returncode == 0 and r.stdout.strip() == "ok", (r.stdout, r.stderr)
        elapsed = time.monotonic() - started
        store_errors = [line for line in d.log().splitlines() if "could not store" in line or "store refused" in line]
        print(f"crash-safety stress: {budget.attempted} changes sent, {budget.acked} acknowledged "
              f"({', '.join(f'{k} {v}' for k, v in sorted(stats.by_kind.items()))}); "
              f"{stats.unanswered} unanswered ({stats.applied_unanswered} of them applied); "
              f"lost {stats.lost}, half-applied {stats.half_applied}, unexpected {stats.unexpected}; "
              f"kills {stats.kills} ({stats.kills_mid_request} aimed at a request in flight); "
              f"rings snoozed {stats.rings} in {stats.snoozes} snoozes; "
              f"{len(model.alarms)} alarms at the end; life calendar: acknowledged {life.acked}, "
              f"{life.unanswered} unanswered ({life.applied_unanswered} of them applied), {len(life.taps)} taps and "
              f"{len(life.entries)} entries at the end; {elapsed:.1f} s; seed {SEED}")
        for p in stats.problems[:20]:
            print("PROBLEM:", p)
        assert not stats.problems, f"{len(stats.problems)} problems (seed {SEED}); first: {stats.problems[0]}"
        assert stats.lost == 0 and stats.half_applied == 0 and stats.unexpected == 0
        assert not store_errors, store_errors[:5]
        if CHANGES >= 1000:
            assert stats.kills >= MIN_KILLS, f"only {stats.kills} kills for {CHANGES} changes"
            assert stats.snoozes >= 5, f"only {stats.snoozes} snoozes"
            assert min(life.acked.values()) >= 20, f"too few life changes: {life.acked}"
    except BaseException:
        print(f"--- noised log tail (seed {SEED}) ---\n{d.log()[-4000:]}")
        raise
    finally:
        H.stop_process(d.proc)
        H.kill_all_started()
        shutil.rmtree(root, ignore_errors=True)
