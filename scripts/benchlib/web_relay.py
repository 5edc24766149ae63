"""noiseweb's CPU per relayed command and per relayed event (issue 52's figure): what one `POST /api/command` costs
noiseweb, and what one daemon event passed on to a page's WebSocket costs it, each with noised's beside it for scale.

No browser: a signed-in session of our own (`Web.login`, the cookie and its key, as the tests sign in), the commands
over one kept-alive HTTP connection (http.client), the events read by the tests' own minimal WebSocket client
(`web_harness.WebSocket`, as a page opens `/ws`: the cookie, `?key=`, Host and Origin). Each figure is the CPU the
process used over the window (meters.Meter: every thread's schedstat in ns, cross-checked with /proc/PID/stat's
utime+stime), divided by the count; nothing is subtracted. Every window ends on the last reply or the last event
itself, never on a sleep."""

from __future__ import annotations

import http.client
import itertools
import json
import threading
import time
from typing import Iterator, Optional

from .common import SetupError
from .meters import Meter
from .stack import LineClient
from .web import WH, WebStack

WARM_UP = 20   # commands, or events, before each window: the kept connection made, the code paths run once
ALARMS = 5     # alarms added for `alarm_list` to answer with (a realistic page's worth, not an empty list)


# Master volumes 10..90, each different from the one before (37 and 81 share no factor), for the whole run: every
# `volume` command changes something and so makes its `playback` event.
_STEP = itertools.count()


def _volumes(n: int) -> Iterator[int]:
    for _ in range(n):
        yield 10 + (next(_STEP) * 37) % 81


class Session:
    """One signed-in page's HTTP connection, kept alive, sending commands as link.js does."""

    def __init__(self, stack: WebStack):
        self.web = stack.web
        self.cookie = self.web.login()
        self.key = self.web.keys[self.cookie]
        self.conn = http.client.HTTPConnection("127.0.0.1", self.web.port, timeout=10)
        self.headers = {"Host": self.web.host, "Origin": self.web.origin,
                        "Cookie": f"noiseclock_session={self.cookie}", "X-NoiseClock-Key": self.key,
                        "X-NoiseClock": "1", "Content-Type": "application/json"}

    def command(self, cmd: str, args: Optional[dict] = None) -> dict:
        body = json.dumps({"cmd": cmd, "args": args} if args is not None else {"cmd": cmd}).encode()
        self.conn.putrequest("POST", "/api/command", skip_host=True, skip_accept_encoding=True)
        for name, value in self.headers.items():
            self.conn.putheader(name, value)
        self.conn.putheader("Content-Length", str(len(body)))
        self.conn.endheaders(body)
        r = self.conn.getresponse()
        data = r.read()
        if r.status != 200 or r.will_close:
            raise SetupError(f"POST /api/command {cmd}: HTTP {r.status}"
                             + (" (noiseweb closed the connection)" if r.will_close else "") + f": {data[:300]!r}")
        reply = json.loads(data)
        if not reply.get("ok"):
            raise SetupError(f"POST /api/command {cmd} was refused: {reply}")
        return reply

    def close(self) -> None:
        self.conn.close()


def _window(stack: WebStack) -> tuple[Meter, Meter, int]:
    return Meter(stack.web.proc.pid), Meter(stack.daemon.proc.pid), time.perf_counter_ns()


def _result(meters: tuple[Meter, Meter, int], count: int) -> dict:
    web, daemon, t0 = meters
    wall = (time.perf_counter_ns() - t0) / 1e9
    web.finish()
    daemon.finish()
    return {"count": count, "noiseweb_us": web.cpu / count * 1e6, "noised_us": daemon.cpu / count * 1e6,
            "wall_us": wall / count * 1e6, "noiseweb_ctx": web.ctx / count}


def commands(stack: WebStack, runs: int, say) -> tuple[dict, int]:
    """`runs` commands of each kind over one kept-alive connection, each sent when the last was answered:
    `alarm_list` (a read: ALARMS alarms added first, to a list that may hold the bench's earlier ones) and `volume`
    (a change: the master volume, a new one each time; its `playback` event reaches no page, as no WebSocket is
    open and so noiseweb holds no subscription). Also how many alarms `alarm_list` answered with."""
    ctl = LineClient(stack.daemon.socket)
    try:
        for i in range(ALARMS):
            r = ctl.request({"id": i + 1, "cmd": "alarm_add", "args": {"time": f"0{6 + i % 3}:{10 * i:02d}",
                                                                      "repeat": "weekdays", "label": f"relay {i + 1}"}})
            if not r.get("ok"):
                raise SetupError(f"alarm_add was refused: {r}")
    finally:
        ctl.close()
    s = Session(stack)
    out: dict = {}
    try:
        for kind in ("alarm_list", "volume"):
            def send(n: int) -> None:
                if kind == "alarm_list":
                    for _ in range(n):
                        s.command("alarm_list")
                else:
                    for v in _volumes(n):
                        s.command("volume", {"volume": v})
            send(WARM_UP)
            say(f"relay: {runs} `{kind}` commands over one HTTP connection")
            m = _window(stack)
            send(runs)
            out[kind] = _result(m, runs)
        listed = len(s.command("alarm_list")["data"]["alarms"])
    finally:
        s.close()
    return out, listed


class Reader:
    """The WebSocket's messages counted by a thread that does nothing else; `wait(n)` returns when n events of
    `name` have come since `reset()`."""

    def __init__(self, ws: "WH.WebSocket", name: str):
        self.ws, self.name = ws, name
        self.count = 0
        self.cond = threading.Condition()
        self.error: Optional[BaseException] = None
        self.thread = threading.Thread(target=self._read, name="ws", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                m = self.ws.message(timeout=3600)
                if m.get("event") == self.name:
                    with self.cond:
                        self.count += 1
                        self.cond.notify_all()
        except BaseException as e:   # closed (the end of the run), or a broken frame
            with self.cond:
                self.error = e
                self.cond.notify_all()

    def reset(self) -> None:
        with self.cond:
            self.count = 0

    def wait(self, n: int, timeout: float) -> int:
        end = time.monotonic() + timeout
        with self.cond:
            while self.count < n and self.error is None:
                left = end - time.monotonic()
                if left <= 0:
                    break
                self.cond.wait(left)
            return self.count


def events(stack: WebStack, runs: int, say) -> dict:
    """`runs` `playback` events relayed to one WebSocket: the master volume changed through noised's socket
    directly (a client of our own, no noisectl process), each change sent when the last was answered; the window
    ends when the last event has come over the WebSocket."""
    cookie = stack.web.login()
    ws = stack.web.websocket(cookie=cookie, origin=stack.web.origin)
    if ws.status != 101:
        ws.close()
        raise SetupError(f"GET /ws answered {ws.status}, not 101: {ws.head[:300]}")
    ctl = None
    try:
        first = ws.message(timeout=10)
        if first.get("event") != "status":
            raise SetupError(f"the WebSocket's first message is not status: {str(first)[:300]}")
        reader = Reader(ws, "playback")
        ctl = LineClient(stack.daemon.socket)
        ids = iter(range(1, 1 << 30))

        def change(volumes) -> None:
            for v in volumes:
                r = ctl.request({"id": next(ids), "cmd": "volume", "args": {"volume": v}})
                if not r.get("ok"):
                    raise SetupError(f"volume {v} was refused: {r}")

        change(_volumes(WARM_UP))
        if reader.wait(WARM_UP, 10) < WARM_UP:
            raise SetupError(f"only {reader.count} of {WARM_UP} playback events came over /ws within 10 s")
        reader.reset()
        say(f"relay: {runs} `playback` events (volume changes on noised's socket) over /ws")
        m = _window(stack)
        change(_volumes(runs))
        got = reader.wait(runs, 30)
        out = _result(m, runs)
        if got < runs:
            raise SetupError(f"only {got} of {runs} playback events came over /ws within 30 s"
                             + (f" ({reader.error})" if reader.error else ""))
        return out
    finally:
        if ctl is not None:
            ctl.close()
        ws.close()


def measure(stack: WebStack, commands_n: int, events_n: int, say) -> dict:
    """Both figures, the commands first (no WebSocket open while they run)."""
    done, listed = commands(stack, commands_n, say)
    return {"commands": done, "events": events(stack, events_n, say), "warm_up": WARM_UP, "alarms": listed}
