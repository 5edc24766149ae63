"""Event to DOM: from noised's event reaching our own subscriber (web.Events, stamped with time.time() as it
arrives) to the open page showing it (a MutationObserver's stamp, performance.timeOrigin + performance.now()). Both
are this machine's wall clock; `clock` says how closely the page's reading agrees with Python's."""

from __future__ import annotations

from .common import SetupError
from .web import WATCH_JS, WebStack

# What shows each event: the mixer's master-volume figure (web/noise.html), and the ringing screen that every
# page imports (web/js/ringing.js: `section#ringing`, unhidden while an alarm rings).
VOLUME_PAGE, VOLUME_SHOWN = "/noise.html", "#master-value"
RINGING_PAGE = "/"

READ_WATCH_JS = "const w = window.__benchWatch; return w && w.frame !== null ? w : null;"
GONE_JS = "const e = document.querySelector(arguments[0]); return !e || e.hidden;"
PRESENT_JS = "return !!document.querySelector(arguments[0]);"


def _ctl(stack: WebStack, *args: str) -> None:
    r = stack.daemon.ctl(*args)
    if r.returncode != 0:
        raise SetupError(f"noisectl {' '.join(args)} failed ({r.returncode}): {r.stderr.strip()}")


def _opened(stack: WebStack, path: str, ready: str, say) -> bool:
    """`path` open with its WebSocket up (noiseweb subscribed to noised on the page's behalf) and the page showing
    the daemon's state (`ready` matches an element). False, said, when there was no WebSocket: a page whose scripts
    failed, a figure and not a broken set-up."""
    stack.open(path)
    if not stack.wait_for(stack.subscribed):
        say(f"{path} opened no WebSocket within 10 s (noiseweb never subscribed to noised): not timed")
        return False
    # A short command connection of the page's also counts as subscribed for a moment; the page's own sign that
    # the first status came over the WebSocket settles it.
    if stack.wait(lambda d: d.execute_script(PRESENT_JS, ready), 10) is None:
        say(f"{path} never had {ready} (the sign of its first status): timing anyway")
    return True


# A page that has shown none of the first events will not show the rest: stop after this many misses in a row.
GIVE_UP = 2


def _shown(stack: WebStack, arrived: float) -> dict:
    """The watched change's delay after the event's arrival (s): in the DOM, and at the next frame's start."""
    w = stack.wait(lambda d: d.execute_script(READ_WATCH_JS), 5)
    if w is None:
        return {}
    return {"dom": w["seen"] / 1000 - arrived, "frame": w["frame"] / 1000 - arrived}


def volume(stack: WebStack, runs: int, say) -> dict:
    """`noisectl volume N` while the mixer is open, N changing each time: the `playback` event with that master
    volume, and the page's figure becoming N."""
    out = {"samples": [], "missed": 0}
    if not _opened(stack, VOLUME_PAGE, "body[data-loaded]", say):
        out["no_websocket"] = True
        return out
    out["clock"] = stack.clock_offset()
    last = None
    for i in range(runs):
        n = 10 + (i * 37) % 81   # 10..90, never the same twice running
        if n == last:
            n += 1
        last = n
        stack.events.drain()
        w = stack.driver.execute_script(WATCH_JS, VOLUME_SHOWN, "text", str(n))
        if w["already"]:
            raise SetupError(f"{VOLUME_SHOWN} showed {n} before the change")
        _ctl(stack, "volume", str(n))
        event = stack.events.wait(lambda m: m["event"] == "playback" and m["data"].get("master_volume") == n, 5)
        if event is None:
            raise SetupError(f"no playback event with master_volume {n} after `noisectl volume {n}`")
        got = _shown(stack, event[0])
        if not got:
            out["missed"] += 1
            say(f"volume {n}: the page did not show it within 5 s")
            if out["missed"] >= GIVE_UP and not out["samples"]:
                say(f"volume: none of the first {GIVE_UP} shown; no more")
                break
            continue
        out["samples"].append(got)
    return out


def ringing(stack: WebStack, runs: int, selector: str, say) -> dict:
    """An alarm 2 s ahead (`noisectl alarm add +2s`) while the face is open: the `alarm_ringing` event, and the
    ringing screen appearing; then `noisectl dismiss` and the screen gone before the next."""
    out = {"samples": [], "missed": 0, "selector": selector}
    # ringing.js builds its (hidden) screen on the first status.
    if not _opened(stack, RINGING_PAGE, selector, say):
        out["no_websocket"] = True
        return out
    out["clock"] = stack.clock_offset()
    for i in range(runs):
        stack.events.drain()
        w = stack.driver.execute_script(WATCH_JS, selector, "shown", "")
        if w["already"]:
            raise SetupError(f"{selector} was shown before the alarm rang")
        _ctl(stack, "alarm", "add", "+2s", "--label", f"bench {i + 1}")
        event = stack.events.wait(lambda m: m["event"] == "alarm_ringing", 10)
        if event is None:
            raise SetupError("no alarm_ringing event within 10 s of an alarm 2 s ahead")
        got = _shown(stack, event[0])
        _ctl(stack, "dismiss")
        if stack.events.wait(lambda m: m["event"] == "alarm_dismissed", 5) is None:
            raise SetupError("no alarm_dismissed event after `noisectl dismiss`")
        if not got:
            out["missed"] += 1
            present = stack.driver.execute_script(PRESENT_JS, selector)
            say(f"alarm {i + 1}: {selector} did not appear within 5 s"
                + ("" if present else f" (the page has no {selector}: no ringing screen)"))
            if not present:
                out["absent"] = True
                break   # a page without a ringing screen will not grow one: no point in 19 more time-outs
            if out["missed"] >= GIVE_UP and not out["samples"]:
                break
            continue
        out["samples"].append(got)
        if stack.wait(lambda d: d.execute_script(GONE_JS, selector), 5) is None:
            say(f"alarm {i + 1}: {selector} still shown 5 s after the alarm was dismissed; no more alarms")
            out["stuck"] = True
            break
    return out
