"""Idle cost: each page left open in turn, the face and issue 41's (the browser's CPU; noiseweb's wake-ups and
memory), then no page open (noiseweb's wake-ups again), then no browser. The windows are the measurement: each is
a plain wait of `seconds`, metered with meters.watch."""

from __future__ import annotations

from typing import Optional

from .common import read_text
from .meters import Meter, _thread_counters, memory, watch
from .web import WebStack, sockets


def _devtools(stack: WebStack) -> dict:
    """Chrome DevTools' Performance metrics of the page (what its Performance monitor shows), by name."""
    return {m["name"]: m["value"] for m in stack.driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}


def _window(stack: WebStack, seconds: float, others: dict[str, Meter]) -> dict:
    """noiseweb metered for `seconds` (its wake-ups: context switches of every thread), the `others` sampled with it."""
    pid = stack.web.proc.pid
    first = _thread_counters(pid)
    m = watch(pid, seconds, also=lambda: [o.sample() for o in others.values()])
    for o in others.values():
        o.finish()
    # Which of noiseweb's threads woke (those alive at both ends), to say where the wake-ups come from.
    by_thread: dict[str, int] = {}
    for tid, (_, ctx) in _thread_counters(pid).items():
        if tid in first and ctx > first[tid][1]:
            name = (read_text(f"/proc/{pid}/task/{tid}/comm") or "?").strip()
            by_thread[name] = by_thread.get(name, 0) + ctx - first[tid][1]
    return {"seconds": m.seconds, "ctx": m.ctx, "wakeups": m.ctx_per_second, "cpu": m.cpu, "by_thread": by_thread,
            "noiseweb": memory(stack.web.proc.pid), "noised": memory(stack.daemon.proc.pid),
            "noised_ctx": others["noised"].ctx if "noised" in others else None}


def page_open(stack: WebStack, path: str, settled: Optional[str], seconds: float, say) -> dict:
    """`path` left open for `seconds`, once its WebSocket is up (and `settled` shown, the page's start-up done): the
    page's main-thread tasks (DevTools), the CPU of Chromium's processes, noiseweb's wake-ups and memory."""
    stack.open(path)
    websocket = stack.wait_for(stack.subscribed)   # measured either way; the table says if it never came
    loaded = settled is None or stack.wait(lambda d: d.find_elements("css selector", settled), 10) is not None
    say(f"idle: {path} open for {seconds:g} s")
    stack.driver.execute_cdp_cmd("Performance.enable", {})
    before = _devtools(stack)
    browser = {pid: Meter(pid) for pid in stack.browser_pids()}
    renderers = set(stack.renderer_pids())
    others = {"noised": Meter(stack.daemon.proc.pid), **{str(p): m for p, m in browser.items()}}
    w = _window(stack, seconds, others)
    after = _devtools(stack)
    w["task"] = after["TaskDuration"] - before["TaskDuration"]
    w["script"] = after["ScriptDuration"] - before["ScriptDuration"]
    w["layout"] = (after["LayoutDuration"] - before["LayoutDuration"]
                   + after["RecalcStyleDuration"] - before["RecalcStyleDuration"])
    w["renderer_cpu"] = sum(m.cpu for p, m in browser.items() if p in renderers)
    w["browser_cpu"] = sum(m.cpu for m in browser.values())
    w["processes"] = len(browser)
    w["renderers"] = len(renderers)
    w.update(path=path, websocket=websocket, loaded=loaded)
    return w


def measure(stack: WebStack, seconds: float, say, pages: dict[str, Optional[str]]) -> dict:
    """Each of `pages` (path: its `settled` selector, or None) open in turn, then no page, then no browser."""
    out: dict = {"pages": []}
    # 1. Each page open, the first (the face) checked for the back/forward cache after it.
    for path, settled in pages.items():
        out["pages"].append(page_open(stack, path, settled, seconds, say))
        if len(out["pages"]) > 1:
            continue
        # Navigating the tab away is not closing the page: Chromium may keep it in its back/forward cache with the
        # WebSocket open. Whether noiseweb is still subscribed 5 s after the tab went to about:blank is noted.
        stack.driver.get("about:blank")
        out["bfcache_kept"] = not stack.wait_for(lambda: not stack.subscribed(), 5)

    # 2. No page: the last page's tab closed (its WebSocket with it, so noiseweb drops its subscription to noised); the
    # browser still runs and may keep idle HTTP connections to noiseweb, as a person's would.
    closed = stack.blank()
    say(f"idle: no page open for {seconds:g} s (tab closed{'' if closed else '; noiseweb still subscribed'})")
    w = _window(stack, seconds, {"noised": Meter(stack.daemon.proc.pid)})
    w["unsubscribed"] = closed
    w["keepalive"] = max(0, sockets(stack.web.proc.pid)["tcp"] - 1)   # all but the listening socket
    out["none"] = w

    # 3. No browser at all: every connection to noiseweb closed.
    stack.driver.quit()
    stack.driver = None
    gone = stack.wait_for(lambda: sockets(stack.web.proc.pid)["tcp"] <= 1)
    say(f"idle: no browser for {seconds:g} s")
    w = _window(stack, seconds, {"noised": Meter(stack.daemon.proc.pid)})
    w["all_closed"] = gone
    out["nobrowser"] = w
    return out
