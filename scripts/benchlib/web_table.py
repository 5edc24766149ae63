"""scripts/bench-web's report: the rows (figure, target, measured, pass/over), the notes, and its own section of
docs/performance.md, between its own markers below the main bench's marker (table.write_doc rewrites everything
above that marker and keeps the rest, so the two scripts never erase each other's figures)."""

from __future__ import annotations

import argparse
import statistics
from typing import Optional

from .common import DOC, MARKER
from .table import md_table, mib
from .web_page import IDLE_PAGES, PAGES

HEADER = ["figure", "target", "measured", "pass/over"]
BEGIN = "<!-- bench-web begin: written by scripts/bench-web -->"
END = "<!-- bench-web end -->"

KB_TARGET = 150_000     # bytes, the face (issue 40): 150 KB read as 1000-byte kilobytes, the stricter reading
PAGE_KB_TARGET = 250_000   # bytes, every page with what it loads (issue 41), read the same way
NAV_TARGET = 300.0      # ms, the face's digits (issue 40)
MAP_TARGET = 500.0      # ms, the ISS page's map (issue 41)
TLS_TARGET = 300.0     # ms, a TLS handshake and the first page over the LAN address (issue 41)
EVENT_TARGET = 0.250    # s
CPU_TARGET = 1.0        # % of one core, the face open (issue 40)
PAGE_CPU_TARGET = 2.0   # % of one core, another page open (issue 41)
WAKE_TARGET = 1.0       # per second, a page open


def kb(n: int) -> str:
    return f"{n / 1000:.1f} KB"


def verdict(ok: Optional[bool]) -> str:
    return "—" if ok is None else ("pass" if ok else "over")


def ms_pair(values: list[float], scale: float = 1.0) -> str:
    return f"{statistics.median(values) * scale:.0f} / {max(values) * scale:.0f} ms"


def page_name(path: str) -> str:
    return "the face" if path == "/" else f"`{path}`"


def weight_rows(weights: list[dict]) -> tuple[list[list[str]], list[str]]:
    out, notes = [], []
    for w in weights:
        limit = KB_TARGET if w["path"] == "/" else PAGE_KB_TARGET
        out.append([f"page weight of `{w['path']}`: the document and every file it loaded, decoded "
                    f"({len(w['files'])} files)", f"≤ {limit // 1000} KB", kb(w["bytes"]),
                    verdict(w["bytes"] <= limit)])
        notes.append(f"`{w['path']}` loaded {kb(w['bytes'])} ({kb(w['transfer'])} with HTTP headers"
                     + (f"; of it the start-up answers from /api/, {kb(w['api'])}" if w["api"] >= 50 else "")
                     + "); the biggest: " + ", ".join(f"{f['name']} {kb(f['bytes'])}" for f in w["files"][:5]) + "."
                     + ("" if w["loaded"] else " It did not show the daemon's state (`body[data-loaded]`) within "
                        "10 s: requests still to come are not counted."))
    return out, notes


def navigation_rows(nav: dict, what: str, target: float) -> tuple[list[list[str]], list[str]]:
    """Navigation to `what` on `nav['path']`: the page's mark (else FCP), the observer's cross-check, the load event."""
    where, limit = f"{what}, `{nav['path']}`", f"≤ {target:.0f} ms"
    if not nav["values"]:
        return [[where, limit, "no first-contentful-paint", "—"]], []
    out, notes = [], []
    n = len(nav["values"])
    out.append([f"{where}: {nav['source']}, median / max of {n}", limit, ms_pair(nav["values"]),
                verdict(statistics.median(nav["values"]) <= target)])
    if nav["shown"]:
        # A cross-check of the row above: FCP can be the bar's text, painted before the page's figure, and a mark
        # set as it goes in comes before the rest of that task (the page's start-up) and before any paint. Judged
        # by the frame after, when it can first be on screen.
        seen = nav["shownFrame"] or nav["shown"]
        out.append([f"… cross-check: {nav['what']}, at the end of the task that did it; the next frame, "
                    f"median / max of {len(nav['shown'])}", limit,
                    f"{ms_pair(nav['shown'])}; {ms_pair(nav['shownFrame'])}" if nav["shownFrame"]
                    else ms_pair(nav["shown"]), verdict(statistics.median(seen) <= target)])
    if len(nav["shown"]) < n:
        notes.append(f"`{nav['path']}`: {nav['what']} was not seen in {n - len(nav['shown'])} of {n} navigations.")
    if not nav["present"]:
        notes.append(f"The page at `{nav['path']}` never had `{nav['selector']}`: the page measured is not the one "
                     "meant (a placeholder page?).")
    out.append([f"… the load event, median / max of {len(nav['load'])}", "—", ms_pair(nav["load"]), "—"])
    return out, notes


def idle_rows(idle: dict) -> tuple[list[list[str]], list[str]]:
    out, notes = [], []
    pages, none, nob = idle["pages"], idle["none"], idle["nobrowser"]
    for o in pages:
        name, limit = page_name(o["path"]), (CPU_TARGET if o["path"] == "/" else PAGE_CPU_TARGET)
        pct = 100 * o["task"] / o["seconds"]
        out.append([f"idle, {name} open, the browser: DevTools' TaskDuration over {o['seconds']:.0f} s, % of one core",
                    f"≤ {limit:g} %", f"{pct:.2f} %", verdict(pct <= limit)])
        out.append([f"… from /proc: the renderer processes' CPU ({o['renderers']}); all of Chromium's "
                    f"({o['processes']} processes)", "—",
                    f"{100 * o['renderer_cpu'] / o['seconds']:.2f} %; {100 * o['browser_cpu'] / o['seconds']:.2f} %",
                    "—"])
        out.append([f"noiseweb's wake-ups, {name} open: context switches of every thread over {o['seconds']:.0f} s "
                    "(count)", "≤ 1 /s", f"{o['wakeups']:.2f} /s ({o['ctx']})", verdict(o["wakeups"] <= WAKE_TARGET)])
        if not o["websocket"]:
            notes.append(f"{name} opened no WebSocket in its idle window (noiseweb never subscribed to noised).")
        if not o["loaded"]:
            notes.append(f"{name} did not show the daemon's state (`body[data-loaded]`) within 10 s of its load "
                         "event; its idle window began anyway.")
    out.append([f"… no page open: the last page's tab closed ("
                + ("WebSocket closed, noiseweb unsubscribed from noised" if none["unsubscribed"]
                   else "noiseweb still subscribed to noised")
                + f"; the browser keeps {none['keepalive']} idle HTTP connection(s)), {none['seconds']:.0f} s",
                "0 /s", f"{none['wakeups']:.2f} /s ({none['ctx']})", verdict(none["ctx"] == 0)])
    out.append([f"… no browser (every connection closed), {nob['seconds']:.0f} s", "0 /s",
                f"{nob['wakeups']:.2f} /s ({nob['ctx']})", verdict(nob["ctx"] == 0)])
    face, most = pages[0], max(pages, key=lambda o: o["noiseweb"]["rss"] or 0)
    out.append([f"idle memory, VmRSS: noiseweb with {page_name(face['path'])} open / the most with a page open "
                f"({page_name(most['path'])}) / with no page; noised beside it", "stated",
                f"noiseweb {mib(face['noiseweb']['rss'])} / {mib(most['noiseweb']['rss'])} / "
                f"{mib(none['noiseweb']['rss'])}; noised {mib(face['noised']['rss'])}", "—"])
    notes.append("noiseweb's wake-ups by thread (name: count), "
                 + " / ".join([page_name(o["path"]) + " open" for o in pages] + ["no page", "no browser"]) + ": "
                 + " / ".join(", ".join(f"{k} {v}" for k, v in sorted(w["by_thread"].items(), key=lambda x: -x[1]))
                              or "none" for w in (*pages, none, nob)) + ".")
    if "bfcache_kept" in idle:
        notes.append(f"With {page_name(face['path'])}'s tab navigated to about:blank (not closed), noiseweb "
                     + ("was still subscribed to noised 5 s later: Chromium keeps the page in its back/forward "
                        "cache with its WebSocket open, so a tab moved on counts as a page open."
                        if idle["bfcache_kept"] else "dropped its subscription within 5 s."))
    for o in pages:
        notes.append(f"Over {page_name(o['path'])}'s idle window DevTools counted {o['script']:.3f} s of script and "
                     f"{o['layout']:.3f} s of style and layout within {o['task']:.3f} s of tasks; noised switched "
                     f"context {o['noised_ctx']} times (one subscriber: noiseweb's, plus the bench's own).")
    return out, notes


def rows(c: dict, a: argparse.Namespace) -> tuple[list[list[str]], list[str]]:
    out, notes = [HEADER], []

    def add(part: tuple[list[list[str]], list[str]]) -> None:
        out.extend(part[0])
        notes.extend(part[1])

    add(weight_rows(c.get("weight", [])))
    if c.get("nav"):
        add(navigation_rows(c["nav"], "navigation to digits", NAV_TARGET))
    if c.get("iss_map"):
        add(navigation_rows(c["iss_map"], "navigation to the map drawn (land and station)", MAP_TARGET))
    for key, what in (("volume", "`noisectl volume N` on `/noise.html` (the `playback` event → the master volume's "
                                 "figure)"),
                      ("ringing", "an alarm ringing on `/` (the `alarm_ringing` event → the ringing screen shown)")):
        e = c.get(key)
        if not e:
            continue
        if e["samples"]:
            dom = [s["dom"] for s in e["samples"]]
            frame = [s["frame"] for s in e["samples"]]
            out.append([f"event to DOM: {what}, median / max of {len(dom)}"
                        + (f" ({e['missed']} not shown within 5 s)" if e["missed"] else ""),
                        "≤ 250 ms", f"{ms_pair(dom, 1e3)} (next frame {ms_pair(frame, 1e3)})",
                        verdict(statistics.median(dom) <= EVENT_TARGET)])
        else:
            why = ("the page opened no WebSocket" if e.get("no_websocket") else
                   "no ringing screen on the page" if e.get("absent") else "never shown within 5 s")
            out.append([f"event to DOM: {what}", "≤ 250 ms", why, "over"])
        if "clock" not in e:
            continue
        off, bound = e["clock"]
        notes.append(f"Event to DOM ({key}): the page's wall clock read {off * 1e3:+.1f} ms from Python's "
                     f"(± {bound * 1e3:.1f} ms, the read's own time), before the runs.")
    if c.get("idle"):
        add(idle_rows(c["idle"]))
    if c.get("relay"):
        add(relay_rows(c["relay"]))
    if c.get("tls"):
        t = c["tls"]
        out.append([f"the LAN mode: a TLS handshake ({t['tls']}, the chain verified against noiseweb's own authority), "
                    f"median / max of {t['runs']}", "—", f"{t['handshake']['median']:.1f} / {t['handshake']['worst']:.1f} ms", ""])
        out.append([f"… and the face's first page over it, from connect() to the last byte, median / max of {t['runs']}",
                    "≤ 300 ms", f"{t['first_page']['median']:.1f} / {t['first_page']['worst']:.1f} ms",
                    verdict(t['first_page']['worst'] <= TLS_TARGET)])
        notes.append(f"The LAN mode's figures are Python's ssl client on this machine (scripts/benchlib/web_tls.py); the same "
                     f"first page over the loopback page's plain HTTP: {t['plain_first_page']['median']:.1f} / "
                     f"{t['plain_first_page']['worst']:.1f} ms.")
    return out, notes


def relay_rows(r: dict) -> tuple[list[list[str]], list[str]]:
    """noiseweb's CPU per relayed command (each kind) and per relayed event, noised's beside it (issue 52)."""
    out, notes = [], []
    what = {"alarm_list": f"`alarm_list` ({r['alarms']} alarms)", "volume": "`volume` (the master volume)"}
    for kind, m in r["commands"].items():
        out.append([f"noiseweb CPU per command: `POST /api/command` {what.get(kind, kind)}, {m['count']} on one "
                    "kept-alive connection; noised's beside it", "lower is better",
                    f"{m['noiseweb_us']:.0f} µs (noised {m['noised_us']:.0f} µs)", "—"])
    e = r["events"]
    out.append([f"noiseweb CPU per relayed event: {e['count']} `playback` events (volume changes on noised's socket) "
                "to one `/ws`; noised's beside it", "lower is better",
                f"{e['noiseweb_us']:.0f} µs (noised {e['noised_us']:.0f} µs)", "—"])
    parts = [f"`{k}` {m['wall_us']:.0f} µs, {m['noiseweb_ctx']:.1f}" for k, m in r["commands"].items()]
    notes.append("The relay's wall time per item and noiseweb's context switches per item: "
                 + "; ".join(parts) + f"; events {e['wall_us']:.0f} µs, {e['noiseweb_ctx']:.1f}.")
    return out, notes


def method(a: argparse.Namespace, web_root: str) -> str:
    return f"""Measured by `make bench-web` (or `NOISECLOCK_BIN=.build/static/release python3 scripts/bench-web`;
`--web-root DIR` for other pages, `--quick` for a short check run, which does not write this file unless asked).
The script starts, in a temp dir, its own `noised --device null` (no audio is measured here) and `noiseweb` on a
free port (written to that config's `[web] listen`), and one headless Chromium (Debian's, through chromedriver and
Selenium) logged in through `noisectl web --no-open`, as the browser tests do (`Tests/integration/web_harness.py`,
`browser_harness.py`). Each page is opened in a fresh tab, the only one, with the cache off: every navigation loads
every file from noiseweb, and no earlier page lives on in the back/forward cache with its WebSocket. Pages from
{web_root}.
Before the browser opens, the pages get what a person's would have, with noisectl: the ISS's elements with their
epoch moved to now (`iss elements import`; the ISS alarm tests' set) and a `[location]` (`location set`, London),
as the ISS page's tests give them; a birth date (`life set`); two world clocks (`world add`).

- Page weight, for each of {", ".join(f"`{p}`" for p in PAGES)}:
  after the load event, `document.fonts.ready` and (but the face) the page showing the daemon's state
  (`body[data-loaded]`, its start-up requests answered), the navigation entry's `decodedBodySize` plus every
  resource entry's, each address once (uncompressed, headers not counted; KB = 1,000 bytes): `/iss` counts its map
  data (`js/iss-land.js`), and every page its start-up answers from `/api/`. Targets: the face ≤ 150 KB (issue
  40), every page ≤ 250 KB (issue 41).
- Navigation to digits: {a.navigations} navigations to `/`; the time of the page's `performance.mark("digits-shown")`
  if it sets one, else of `first-contentful-paint`, in ms from navigation start; the row says which. Beside it,
  a cross-check: a `MutationObserver` added before any of the page's scripts (`Page.addScriptToEvaluateOnNewDocument`)
  stamps when the digits element (`{a.digits_selector}`) first holds a digit (its callback runs at the end of the
  task that put the digit there, so after the rest of that task's start-up work) and the start of the next
  animation frame, the first that can paint them. Pass/over is the median's.
- Navigation to the ISS map: {a.navigations} navigations to `/iss`, timed the same way to the page's
  `performance.mark("iss-map-drawn")`, which `js/iss-map.js` sets the first time the station is placed on the map
  whose land is drawn (the first `/api/iss` answer); the cross-check watches `#map[data-drawn]` with the land's path
  and the station shown. Each navigation waits for the page's start-up requests (`body[data-loaded]`: the track
  and the passes) before the next. Target ≤ 500 ms (issue 41), the median's.
- Event to DOM: the bench subscribes to noised itself (`subscribe` on its socket) and a thread stamps each event
  with `time.time()` as it arrives; in the page a `MutationObserver` (installed with Selenium's `execute_script`)
  stamps `performance.timeOrigin + performance.now()` when the watched element changes as expected, and the start
  of the next animation frame. The difference is event to DOM, both on this machine's wall clock. {a.events} of each:
  `noisectl volume N` (a new N each time) with `/noise.html` open, watching the master volume's figure; an alarm
  2 s ahead (`noisectl alarm add +2s`) with `/` open, watching the ringing screen (`{a.ringing_selector}`) appear,
  then `noisectl dismiss`. Pass/over is the median's.
- Idle: each of {", ".join(f"`{p}`" for p in IDLE_PAGES)} open in turn for {a.idle_seconds:g} s, after its
  WebSocket is up and (but the face) it shows the daemon's state (`body[data-loaded]`): DevTools'
  `Performance.getMetrics` (`TaskDuration`: the page's main-thread tasks) before and after, as a share of one core
  (targets: the face ≤ 1 %, issue 40; the others ≤ 2 %, issue 41); beside it the CPU of Chromium's processes from
  /proc. noiseweb's wake-ups are the context switches of all its threads (`/proc/PID/task/*/status`, as the main
  bench's row 4c), over each window (≤ 1 /s), then over {a.idle_seconds:g} s with the last page's tab closed (its
  WebSocket closed, so noiseweb has dropped its subscription to noised; the browser still runs), then over
  {a.idle_seconds:g} s with the browser quit. VmRSS from /proc/PID/status at each window's end.
- noiseweb's CPU per relayed command and per relayed event (issue 52), after the idle windows: the browser gone, no
  WebSocket open, no page involved (`scripts/benchlib/web_relay.py`). A session of the bench's own (`noisectl web
  --no-open`'s sign-in: the cookie, and its key as `X-NoiseClock-Key`) posts {a.relay_commands} `alarm_list` (5
  alarms added first; the row says how many it lists) and then {a.relay_commands} `volume` (a new master volume each
  time) to `/api/command` over one kept-alive HTTP connection (Python's http.client), each when the last was
  answered, after 20 of each not counted. Then the tests' minimal WebSocket client opens `/ws` as a page does (the
  cookie, `?key=`, Host, Origin); a client of the bench's own on noised's socket changes the master volume
  {a.relay_events} times, each when the last was answered, after 20 not counted, and the window ends when the last
  of the {a.relay_events} `playback` events has come over the WebSocket. Each figure is the CPU noiseweb used over
  its window (every thread's `/proc/PID/task/*/schedstat`, in ns, sampled at both ends; /proc/PID/stat's utime+stime
  used instead when it is larger by more than its two-tick rounding) divided by the count; nothing is subtracted
  (the window holds the HTTP parsing, the gate, the relay to noised and back; for events, reading the daemon's line
  and writing the frame). noised's CPU over the same window is beside it, for scale: it includes answering the
  bench's own socket client and writing to the bench's own subscriber. `scripts/bench-web --only relay` measures
  these figures alone (no browser), to compare two builds.

"""


def section(rows_: list[list[str]], notes: list[str], head: str) -> str:
    text = f"{BEGIN}\n## The web page (`scripts/bench-web`)\n\n{head}{md_table(rows_)}\n"
    if notes:
        text += "\n" + "\n".join(f"- {n}" for n in notes) + "\n"
    return text + END + "\n"


def write_section(text: str) -> None:
    """Puts `text` below the main bench's marker: in place of this script's earlier section, else right after the
    marker (else, with no marker yet, after everything)."""
    old = DOC.read_text() if DOC.exists() else "# Performance\n\n" + MARKER + "\n"
    if BEGIN in old and END in old.split(BEGIN, 1)[1]:
        before, rest = old.split(BEGIN, 1)
        after = rest.split(END, 1)[1].lstrip("\n")
        new = before + text + ("\n" + after if after else "")
    elif MARKER in old:
        before, after = old.split(MARKER, 1)
        new = before + MARKER + "\n\n" + text + "\n" + after.lstrip("\n")
    else:
        new = old.rstrip("\n") + "\n\n" + text
    DOC.write_text(new)
