"""The pages' own figures: each page's weight (every byte it loaded, decoded), and the time from navigation to
what a page is for on screen (the face's digits, the ISS page's map). Each page is opened in a fresh tab with the
cache off (web.WebStack.open): a first visit each time."""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from typing import Optional
from urllib.parse import urlsplit

from .web import WebStack

# Every page, weighed (issue 41: each ≤ 250 KB; the face's ≤ 150 KB is issue 40's), and those whose idle cost is
# measured (the face, issue 40; issue 41's pages), each with what it shows once its start-up requests are answered
# (`body[data-loaded]`; the face has none: its digits need no request).
LOADED = "body[data-loaded]"
PAGES = {"/": None, "/noise.html": LOADED, "/alarms.html": LOADED, "/mars": LOADED, "/iss": LOADED, "/life": LOADED,
         "/world": LOADED}
IDLE_PAGES = {p: PAGES[p] for p in ("/", "/mars", "/iss", "/life", "/world")}

# Everything the page loaded, after its load event and its fonts: the document's decoded body and each resource's
# (`decodedBodySize`: as the files are, uncompressed; `transferSize` adds the headers). The WebSocket is not a
# resource entry; a data: URL loads nothing.
WEIGHT_JS = """
const nav = performance.getEntriesByType("navigation")[0];
const files = [{ name: nav.name, bytes: nav.decodedBodySize, transfer: nav.transferSize }];
for (const r of performance.getEntriesByType("resource")) {
  files.push({ name: r.name, bytes: r.decodedBodySize, transfer: r.transferSize });
}
return files;
"""

# Navigation timing of the page now open, in ms since navigation start: the page's own mark (arguments[0]) if it
# sets one, first-contentful-paint, and (from the observer that NEW_DOCUMENT_JS installs before any of the page's
# scripts run) when the watched element (arguments[1]) was first shown and the frame after.
TIMING_JS = """
const mark = performance.getEntriesByName(arguments[0])[0];
const fcp = performance.getEntriesByName("first-contentful-paint")[0];
const nav = performance.getEntriesByType("navigation")[0];
return { mark: mark ? mark.startTime : null, fcp: fcp ? fcp.startTime : null,
         shown: window.__benchShown ?? null, shownFrame: window.__benchShownFrame ?? null,
         response: nav.responseEnd, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
         present: !!document.querySelector(arguments[1]) };
"""

# Stamps the first moment the element matching the selector (the first %s) passes the test (the second: a JS
# expression of the element `e`), at the end of the task that made it so, and the start of the next frame.
NEW_DOCUMENT_JS = """
(() => {
  const selector = %s;
  const test = () => { const e = document.querySelector(selector); return !!e && (%s); };
  const observer = new MutationObserver(() => {
    if (window.__benchShown !== undefined || !test()) return;
    window.__benchShown = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => { window.__benchShownFrame = performance.now(); });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();
"""


@dataclass(frozen=True)
class Shown:
    """What a navigation to `path` is timed to: the page's own `performance.mark(mark)` at that moment, and as a
    cross-check the element `selector` passing `test` (a JS expression of the element `e`); `what` says it in the
    table. `settled`: an element the page shows once its start-up requests are done, waited for before the next
    navigation (so a request of the tab just closed is not still running in noiseweb beside it)."""
    path: str
    mark: str
    selector: str
    test: str
    what: str
    settled: Optional[str] = None


def face_digits(selector: str) -> Shown:
    """The face's digits (issue 40): `digits-shown`, and the digits element holding a digit."""
    return Shown("/", "digits-shown", selector, "/[0-9]/.test(e.textContent)",
                 f"the digits element (`{selector}`) holding a digit")


# The ISS page's map (issue 41): its land and the station both drawn (iss-map.js's drawSituation, the first time).
ISS_MAP = Shown("/iss", "iss-map-drawn", "#map[data-drawn]",
                "!!document.getElementById('land').getAttribute('d') && !document.getElementById('station')"
                ".hasAttribute('hidden')",
                "the map marked drawn (`#map[data-drawn]`) with the land's path and the station placed",
                settled=LOADED)


def weight(stack: WebStack, path: str, settled: Optional[str]) -> dict:
    """The decoded bytes of everything `path` loaded (once `settled` is shown: its start-up requests to /api/
    answered), and the files, biggest first."""
    stack.open(path)
    loaded = settled is None or stack.wait(lambda d: d.find_elements("css selector", settled), 10) is not None
    # Each address once: a page that asks again each second (/iss, /mars) has no heavier load for it.
    files = list({f["name"]: f for f in reversed(stack.driver.execute_script(WEIGHT_JS))}.values())
    for f in files:
        f["name"] = urlsplit(f["name"]).path or "/"
    files.sort(key=lambda f: -f["bytes"])
    return {"path": path, "bytes": sum(f["bytes"] for f in files), "loaded": loaded,
            "api": sum(f["bytes"] for f in files if f["name"].startswith("/api/")),
            "transfer": sum(f["transfer"] for f in files), "files": files}


def navigation(stack: WebStack, runs: int, target: Shown, say) -> dict:
    """`runs` fresh navigations to `target.path`, each timed by the page's `target.mark` when it sets one, else by
    first-contentful-paint; with the observer's time to the element shown beside them."""
    def observe() -> None:   # per tab, and each navigation has a tab of its own
        stack.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                     {"source": NEW_DOCUMENT_JS % (json.dumps(target.selector), target.test)})

    def timing(need: str):
        def read(driver):
            t = driver.execute_script(TIMING_JS, target.mark, target.selector)
            return t if t[need] is not None else None
        return read

    samples = []
    for i in range(runs):
        stack.open(target.path, observe)
        # Paint entries are queued after the frame that paints: wait for the entry, not for a fixed time.
        t = stack.wait(timing("fcp"), 10)
        if t is None:
            say(f"navigation {i + 1} to {target.path}: no first-contentful-paint within 10 s")
            continue
        if t["shownFrame"] is None:   # the element, or the frame after it, is still to come
            t = stack.wait(timing("shownFrame"), 5) or stack.driver.execute_script(TIMING_JS, target.mark,
                                                                                    target.selector)
        if target.settled and not stack.wait(lambda d: d.find_elements("css selector", target.settled), 10):
            say(f"navigation {i + 1} to {target.path}: `{target.settled}` not shown within 10 s")
        samples.append(t)
    out = {"path": target.path, "runs": runs, "samples": samples, "selector": target.selector, "what": target.what,
           "mark_name": target.mark, "present": any(s["present"] for s in samples)}
    if samples and all(s["mark"] is not None for s in samples):
        out["source"], key = f"the page's `{target.mark}` mark", "mark"
    else:
        out["source"], key = f"first-contentful-paint (the page sets no `{target.mark}` mark)", "fcp"
    out["values"] = [s[key] for s in samples]
    for name in ("fcp", "shown", "shownFrame", "load"):
        out[name] = [s[name] for s in samples if s[name] is not None]
    return out


def median_max(values: list[float]) -> tuple[float, float]:
    return statistics.median(values), max(values)
