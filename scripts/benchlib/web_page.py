"""The page's own figures: its weight (every byte it loaded, decoded) and the time from navigation to the digits
on screen. Each page is opened in a fresh tab with the cache off (web.WebStack.open): a first visit each time."""

from __future__ import annotations

import json
import statistics
from urllib.parse import urlsplit

from .web import WebStack

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

# Navigation timing of the page now open, in ms since navigation start: the page's own `digits-shown` mark if it
# sets one, first-contentful-paint, and (from the observer that NEW_DOCUMENT_JS installs before any of the page's
# scripts run) when the digits element first held a digit and the frame after.
TIMING_JS = """
const mark = performance.getEntriesByName("digits-shown")[0];
const fcp = performance.getEntriesByName("first-contentful-paint")[0];
const nav = performance.getEntriesByType("navigation")[0];
return { mark: mark ? mark.startTime : null, fcp: fcp ? fcp.startTime : null,
         digits: window.__benchDigits ?? null, digitsFrame: window.__benchDigitsFrame ?? null,
         response: nav.responseEnd, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
         hasDigits: !!document.querySelector(arguments[0]) };
"""

NEW_DOCUMENT_JS = """
(() => {
  const selector = %s;
  const test = () => { const e = document.querySelector(selector); return !!e && /[0-9]/.test(e.textContent); };
  const observer = new MutationObserver(() => {
    if (window.__benchDigits !== undefined || !test()) return;
    window.__benchDigits = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => { window.__benchDigitsFrame = performance.now(); });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})();
"""


def weight(stack: WebStack, path: str) -> dict:
    """The decoded bytes of everything `path` loaded, and the files, biggest first."""
    stack.open(path)
    files = stack.driver.execute_script(WEIGHT_JS)
    for f in files:
        f["name"] = urlsplit(f["name"]).path or "/"
    files.sort(key=lambda f: -f["bytes"])
    return {"path": path, "bytes": sum(f["bytes"] for f in files),
            "transfer": sum(f["transfer"] for f in files), "files": files}


def navigation(stack: WebStack, runs: int, digits_selector: str, say) -> dict:
    """`runs` fresh navigations to `/`, each timed by the page's `digits-shown` mark when it sets one, else by
    first-contentful-paint; with the observer's time to the first digit beside them."""
    def observe_digits() -> None:   # per tab, and each navigation has a tab of its own
        stack.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                     {"source": NEW_DOCUMENT_JS % json.dumps(digits_selector)})

    def timing(need: str):
        def read(driver):
            t = driver.execute_script(TIMING_JS, digits_selector)
            return t if t[need] is not None else None
        return read

    samples = []
    for i in range(runs):
        stack.open("/", observe_digits)
        # Paint entries are queued after the frame that paints: wait for the entry, not for a fixed time.
        t = stack.wait(timing("fcp"), 10)
        if t is None:
            say(f"navigation {i + 1}: no first-contentful-paint within 10 s")
            continue
        if t["digits"] is not None and t["digitsFrame"] is None:   # the frame after the digits is due
            t = stack.wait(timing("digitsFrame"), 5) or t
        samples.append(t)
    out = {"runs": runs, "samples": samples, "selector": digits_selector,
           "has_digits": any(s["hasDigits"] for s in samples)}
    if samples and all(s["mark"] is not None for s in samples):
        out["source"], key = "the page's `digits-shown` mark", "mark"
    else:
        out["source"], key = "first-contentful-paint (the page sets no `digits-shown` mark)", "fcp"
    out["values"] = [s[key] for s in samples]
    for name in ("fcp", "digits", "digitsFrame", "load"):
        out[name] = [s[name] for s in samples if s[name] is not None]
    return out


def median_max(values: list[float]) -> tuple[float, float]:
    return statistics.median(values), max(values)
