"""scripts/bench-web's set-up: a noised (`--device null`: no audio is measured here) and a noiseweb of its own in
a temp dir, one headless Chromium logged in to it, and a subscriber of our own on noised's socket that stamps each
event as it arrives.

The processes are the end-to-end tests' own helpers (Tests/integration: `harness.Daemon`, `web_harness.Web`,
`browser_harness.start_chromium` and `log_in`), imported rather than copied, so the bench starts noiseweb (its port
in `[web] listen` of that XDG_CONFIG_HOME's config.toml), opens Chromium and logs in exactly as the tests do."""

from __future__ import annotations

import os
import queue
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable, Optional

from .common import REPO, SetupError, read_text
from .stack import LineClient

TESTS = REPO / "Tests" / "integration"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import browser_harness as BH  # noqa: E402
import harness as H  # noqa: E402
import web_harness as WH  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# In the page: once the element matching `selector` passes the test (`text`: its text is `value`; `shown`: it is
# not hidden and has a box), stamp the moment on this machine's wall clock (performance.timeOrigin +
# performance.now(), the clock Python's time.time() reads), and the start of the next animation frame (the frame
# that paints the change). A MutationObserver, so the stamp is taken at the end of the task that made the change,
# not when someone polls; `already` says the condition held before anything happened (a broken measurement).
WATCH_JS = """
const [selector, kind, value] = arguments;
const test = () => {
  const e = document.querySelector(selector);
  if (!e) return false;
  if (kind === "text") return e.textContent.trim() === value;
  return !e.hidden && e.getClientRects().length > 0;
};
const w = window.__benchWatch = { seen: null, frame: null, already: test() };
if (w.already) return w;
const observer = new MutationObserver(() => {
  if (w.seen !== null || !test()) return;
  w.seen = performance.timeOrigin + performance.now();
  observer.disconnect();
  requestAnimationFrame(() => { w.frame = performance.timeOrigin + performance.now(); });
});
observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
return w;
"""

# The page's idea of "now" on the wall clock, to check it against Python's time.time().
PAGE_NOW_JS = "return performance.timeOrigin + performance.now();"


class Events:
    """noised's events as our own subscriber receives them, each stamped with time.time() on arrival, by a thread
    that does nothing but read (so a stamp is not late because the bench was busy elsewhere)."""

    def __init__(self, socket_path: Path):
        self.client = LineClient(socket_path, timeout=10.0)
        reply = self.client.request({"id": 1, "cmd": "subscribe"})
        if not reply.get("ok"):
            raise SetupError(f"subscribe was refused: {reply}")
        # No timeout from now on: the thread waits in recv() until an event comes or the socket is closed.
        self.client.sock.settimeout(None)
        self.queue: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._read, name="events", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                message = self.client.line()
                stamp = time.time()
                if "event" in message:
                    self.queue.put((stamp, message))
        except (OSError, ConnectionError, ValueError):
            return   # closed

    def drain(self) -> None:
        """Forgets the events received so far."""
        while True:
            try:
                self.queue.get_nowait()
            except queue.Empty:
                return

    def wait(self, match: Callable[[dict], bool], timeout: float) -> Optional[tuple[float, dict]]:
        """The first event (arrival time, message) for which `match` is true, skipping others; None on time-out."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                stamp, message = self.queue.get(timeout=left)
            except queue.Empty:
                return None
            if match(message):
                return stamp, message

    def close(self) -> None:
        self.client.close()


def sockets(pid: int) -> dict[str, int]:
    """How many sockets of each kind a process holds: `tcp` and `unix` (from its fds' inodes and /proc/net)."""
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if link.startswith("socket:["):
                inodes.add(link[8:-1])
    except OSError:
        pass
    count = {"tcp": 0, "unix": 0}
    for table, kind, column in (("tcp", "tcp", 9), ("tcp6", "tcp", 9), ("unix", "unix", 6)):
        for line in (read_text(f"/proc/{pid}/net/{table}") or "").splitlines()[1:]:
            fields = line.split()
            if len(fields) > column and fields[column] in inodes:
                count[kind] += 1
    return count


def descendants(pid: int) -> list[int]:
    """Every process under `pid` (children, their children, ...), from /proc's parent links."""
    parent: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                st = f.read()
        except OSError:
            continue
        parent[int(entry)] = int(st[st.rindex(")") + 2:].split()[1])
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += kids
        todo += kids
    return out


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


class WebStack:
    """noised + noiseweb in one temp dir, and (after `open_browser`) one headless Chromium logged in."""

    def __init__(self, bin_dir: Path, web_root: Path):
        os.environ["NOISECLOCK_BIN"] = str(bin_dir)   # the tests' helpers find the binaries here
        self.root = Path(tempfile.mkdtemp(prefix="ncweb-", dir="/tmp"))   # short: a socket path
        # The repo's catalog (sounds.json, sounds/), as scripts/bench's noised has; with no audio device.
        self.daemon = H.Daemon(self.root, device="null", data_dir=REPO)
        self.web = WH.Web(self.daemon, web_root=web_root)
        self.driver = None
        self.events: Optional[Events] = None

    def start(self) -> None:
        try:
            self.daemon.start()
            self.web.start()
        except AssertionError as e:   # the helpers' time-outs and early exits
            raise SetupError(str(e)) from None
        self.events = Events(self.daemon.socket)

    def seed(self) -> None:
        """What the pages show a person who uses them, set as a person would with noisectl: for `/iss`, the ISS's
        elements with their epoch moved to now (the ISS alarm tests' own file, `test_iss_alarms._elements_now`: the
        ISS page's tests' set is from 2024, too old for a live page) imported, and a `[location]`, as
        test_web_iss.py gives them; for `/life`, a birth date (else the page is a form); for `/world`, two zones."""
        from test_iss_alarms import _elements_now
        elements = self.root / "iss.tle"
        _elements_now(elements)
        env = self.daemon.env()   # noiseweb's config.toml and state: the same XDG folders
        for args, socket in ((("iss", "elements", "import", str(elements)), None),
                             (("location", "set", "51.5074,-0.1278", "--name", "London"), None),
                             (("life", "set", "--birth", "1990-01-01", "--years", "85"), self.daemon.socket),
                             (("world", "add", "Asia/Tokyo", "America/New_York"), None)):
            r = H.noisectl(*args, socket=socket, env=env)
            if r.returncode != 0:
                raise SetupError(f"`noisectl {' '.join(args)}` failed: {r}")

    @property
    def origin(self) -> str:
        return self.web.origin

    def open_browser(self) -> None:
        try:
            self.driver = BH.start_chromium()
        except Exception as e:   # selenium's WebDriverException: chromedriver or Chromium did not start
            raise SetupError(f"headless Chromium did not start: {e}") from None
        try:
            BH.log_in(self.driver, self.web)
        except AssertionError as e:
            raise SetupError(f"logging in through `noisectl web --no-open` failed: {e}") from None

    def browser_pids(self) -> list[int]:
        """Chromium's processes (everything under chromedriver but chromedriver itself)."""
        service = self.driver.service.process
        return [p for p in descendants(service.pid) if "chrom" in cmdline(p)]

    def renderer_pids(self) -> list[int]:
        return [p for p in self.browser_pids() if "--type=renderer" in cmdline(p)]

    def wait(self, condition: Callable, timeout: float = 10.0):
        """Polls condition(driver) until truthy; None (not an exception) on time-out: a figure that did not come
        is reported, not a broken set-up."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.01).until(condition)
        except Exception:
            return None

    @staticmethod
    def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
        """Polls condition() every 10 ms until true (True) or `timeout` s pass (False)."""
        end = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > end:
                return False
            time.sleep(0.01)
        return True

    def open(self, path: str, prepare: Optional[Callable[[], None]] = None) -> bool:
        """`path` in a fresh tab, the only one, after its load event (Selenium's get) and its fonts; `prepare` runs
        in the new tab before the navigation. The old tabs are closed, not navigated away from: Chromium keeps a page
        it navigates away from in its back/forward cache, WebSocket open (web_idle notes it), so noiseweb would still
        serve it. False when the old pages' subscription did not go within 10 s."""
        gone = self.blank()
        # The cache is per tab: every navigation loads every byte from noiseweb, a first visit.
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        if prepare is not None:
            prepare()
        self.driver.get(self.origin + path)
        self.driver.execute_async_script("document.fonts.ready.then(() => arguments[0]());")
        return gone

    def blank(self) -> bool:
        """One blank tab left, every page closed (Selenium needs a window); then waits until noiseweb has dropped
        its subscription to noised, which it does with the last page's WebSocket. False if it did not in 10 s."""
        old = self.driver.window_handles
        self.driver.switch_to.new_window("tab")
        blank = self.driver.current_window_handle
        for handle in old:
            self.driver.switch_to.window(handle)
            self.driver.close()
        self.driver.switch_to.window(blank)
        return self.wait_for(lambda: not self.subscribed())

    def subscribed(self) -> bool:
        """noiseweb holds its one subscription to noised (a Unix socket): it opens it with the first page's
        WebSocket and closes it with the last (docs/web.md, "Live")."""
        return sockets(self.web.proc.pid)["unix"] > 0

    def clock_offset(self, tries: int = 5) -> tuple[float, float]:
        """How far the page's wall clock (timeOrigin + now) is from Python's time.time(): the page's reading
        minus the middle of the call that took it, and that call's half-width (the bound). The smallest bound
        of `tries`."""
        best = None
        for _ in range(tries):
            t0 = time.time()
            page = self.driver.execute_script(PAGE_NOW_JS) / 1000.0
            t1 = time.time()
            pair = (page - (t0 + t1) / 2, (t1 - t0) / 2)
            if best is None or pair[1] < best[1]:
                best = pair
        return best

    def close(self, keep: bool) -> None:
        if self.events is not None:
            self.events.close()
        if self.driver is not None:
            try:
                self.driver.quit()
            except Exception:
                pass
            self.driver = None
        self.web.stop()
        self.daemon.stop()
        H.kill_all_started()
        if keep:
            print(f"[kept temp dir {self.root}]", file=sys.stderr)
        else:
            shutil.rmtree(self.root, ignore_errors=True)
