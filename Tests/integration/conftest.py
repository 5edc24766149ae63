"""Fixtures for the NoiseClock integration suite.

Run with ``python3 -m pytest -q Tests/integration``.  Binaries come from
``$NOISECLOCK_BIN`` or ``<repo>/.build/debug``; tests that need them are
skipped (with the reason) when they are missing.  Needs pulseaudio,
pulseaudio-utils, libasound2-plugins, alsa-utils, lame, mpg123, numpy.
"""

from __future__ import annotations

import itertools
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness as H  # noqa: E402
import dbus_harness as DH  # noqa: E402
import web_harness as WH  # noqa: E402

_sink_counter = itertools.count(1)


def pytest_sessionfinish(session, exitstatus):
    H.kill_all_started()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


def _failed(request) -> bool:
    rep = getattr(request.node, "rep_call", None)
    return rep is None or rep.failed


# ---------------------------------------------------------------- binaries


@pytest.fixture(scope="session")
def _bins_state():
    return H.binaries_ready()


@pytest.fixture
def bins(_bins_state):
    ok, why = _bins_state
    if not ok:
        pytest.skip(why)
    return H.bin_dir()


# ---------------------------------------------------------------- audio stack


def _check_tools():
    missing = [t for t in ("pulseaudio", "pactl", "parec", "aplay", "lame", "mpg123")
               if shutil.which(t) is None]
    if missing:
        pytest.skip(f"missing tools: {', '.join(missing)}")


@pytest.fixture(scope="session")
def pulse():
    """One PulseAudio server for the session; each test gets its own sink."""
    _check_tools()
    srv = H.PulseServer()
    try:
        srv.start()
    except BaseException:
        print(srv.log())
        srv.stop()
        raise
    yield srv
    srv.stop()
    shutil.rmtree(srv.root, ignore_errors=True)


@pytest.fixture
def sink(pulse):
    """A fresh null sink for this test (daemons get it via PULSE_SINK)."""
    name = f"nc_t{next(_sink_counter)}"
    idx = pulse.load_null_sink(name)
    yield name
    pulse.unload_module(idx)


@pytest.fixture
def recorder(pulse, sink):
    rec = H.Recorder(pulse, f"{sink}.monitor")
    yield rec
    rec.stop()


# ---------------------------------------------------------------- test sounds


@dataclass
class TestData:
    __test__ = False
    dir: Path
    loop: H.TestSound     # 1.25 s band-limited noise loop
    loop2: H.TestSound    # 0.9 s, different noise
    alarm: H.TestSound

    @property
    def sounds(self):
        return [self.loop, self.loop2, self.alarm]


@pytest.fixture(scope="session")
def testdata():
    _check_tools()
    d = Path(tempfile.mkdtemp(prefix="ncdata-", dir="/tmp"))
    loop = H.make_loop_sound(d, "testloop", 1.25, seed=11, lo=80, hi=1500, level=0.12,
                             name="Test loop")
    loop2 = H.make_loop_sound(d, "testloop2", 0.9, seed=22, lo=150, hi=1200, level=0.10,
                              name="Second loop", category="other")
    alarm = H.make_loop_sound(d, "testalarm", 1.0, seed=33, lo=400, hi=2000, level=0.1,
                              kind="alarm", category="alarm", name="Test alarm")
    H.write_catalog(d, [
        {"id": s.id, "name": s.name, "category": s.category, "file": s.mp3.name,
         "kind": s.kind} for s in (loop, loop2, alarm)])
    yield TestData(d, loop, loop2, alarm)
    shutil.rmtree(d, ignore_errors=True)


# ---------------------------------------------------------------- daemons


@pytest.fixture
def tmpdir_short(request):
    """A short temp dir (Unix socket paths must stay under 108 bytes).

    Removed afterwards; set NOISECLOCK_KEEP_TMP=1 to keep it when the test
    fails (daemon logs are printed on failure either way)."""
    d = Path(tempfile.mkdtemp(prefix="nc-", dir="/tmp"))
    yield d
    if _failed(request) and os.environ.get("NOISECLOCK_KEEP_TMP"):
        print(f"[kept temp dir {d}]")
    else:
        shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def make_daemon(bins, request, tmpdir_short):
    """Factory: ``make_daemon(**Daemon kwargs, start=True)``.

    Defaults: the test data dir; if the test uses the ``sink`` fixture, the
    shared PulseAudio server and that sink.  Every daemon is stopped at
    teardown; on failure its log is printed.
    """
    made: list[H.Daemon] = []
    counter = itertools.count(1)

    def make(start: bool = True, **kw) -> H.Daemon:
        if "data_dir" not in kw and "testdata" in request.fixturenames:
            kw["data_dir"] = request.getfixturevalue("testdata").dir
        if "sink" in request.fixturenames and "pulse" not in kw:
            kw["pulse"] = request.getfixturevalue("pulse")
            kw.setdefault("sink", request.getfixturevalue("sink"))
        root = kw.pop("root", None) or tmpdir_short / f"d{next(counter)}"
        d = H.Daemon(root, **kw)
        made.append(d)
        if start:
            d.start()
        return d

    yield make
    failed = _failed(request)
    for d in made:
        rc = d.stop()
        if failed:
            print(f"--- noised {d.command()} (exit {rc}) log tail ---")
            print(d.log()[-4000:])


@pytest.fixture
def make_web(bins, request):
    """Factory: ``make_web(daemon, **Web kwargs)`` starts the real noiseweb for that daemon (its HOME and XDG
    folders, a free port in its config.toml). Stopped at teardown; on failure its log is printed."""
    if not os.access(bins / "noiseweb", os.X_OK):
        pytest.skip(f"{bins / 'noiseweb'} does not exist (build it first)")
    made: list[WH.Web] = []

    def make(daemon: H.Daemon, start: bool = True, **kw) -> WH.Web:
        web = WH.Web(daemon, **kw)
        made.append(web)
        if start:
            web.start()
        return web

    yield make
    failed = _failed(request)
    for web in made:
        rc = web.stop()
        if failed:
            print(f"--- noiseweb {web.command()} (exit {rc}) log tail ---")
            print(web.log()[-4000:])


@pytest.fixture(scope="session")
def chromium():
    """One real headless Chromium per test worker (docs/testing.md), quit when the worker ends."""
    import browser_harness as BH
    driver = BH.start_chromium()
    yield driver
    driver.quit()


@pytest.fixture
def browser(chromium, request):
    """The worker's Chromium, cleared for this test: its cookies gone, the viewport back to 1280x720 and its console
    log emptied (Chromium keeps one log for the worker: an earlier test's page must not speak in this one). On
    failure the browser's console is printed."""
    import browser_harness as BH
    chromium.delete_all_cookies()
    BH.set_viewport(chromium, 1280, 720)
    BH.console(chromium)
    yield chromium
    if _failed(request):
        print("--- browser console ---")
        print("\n".join(BH.console(chromium)))
    chromium.get("about:blank")
    BH.console(chromium)


# ---------------------------------------------------------------- D-Bus (test_desktop.py)


@pytest.fixture
def session_bus(request):
    """A private session bus (dbus-daemon) for this test."""
    missing = DH.tools_missing()
    if missing:
        pytest.fail(f"the D-Bus tests need: {', '.join(missing)} (make test-deps installs them)")
    bus = DH.Bus("session").start()
    yield bus
    bus.stop()


@pytest.fixture
def system_bus(session_bus):
    """A second private bus standing in for the system bus (logind's)."""
    bus = DH.Bus("system").start()
    yield bus
    bus.stop()


@pytest.fixture
def logind(system_bus, request):
    mock = DH.Logind(system_bus).start()
    yield mock
    if _failed(request):
        print("--- logind mock log ---\n" + mock.log()[-3000:])
    mock.stop()


@pytest.fixture
def desktop_inhibitors(session_bus, request):
    """Starts the desktop's inhibitor services on the session bus: ``start(kind, refuse=None)``, kind "portal",
    "gnome-session" or "power-management" (dbus_templates/desktop_inhibitor.py). All are stopped at teardown."""
    started: list[DH.DesktopInhibitor] = []

    def start(kind: str, refuse=None) -> DH.DesktopInhibitor:
        mock = DH.DesktopInhibitor(session_bus, kind, refuse).start()
        started.append(mock)
        return mock

    yield start
    for mock in started:
        if _failed(request):
            print(f"--- {mock.kind} mock log ---\n" + mock.log()[-3000:])
        mock.stop()


@pytest.fixture
def notifications(session_bus, request):
    mock = DH.Notifications(session_bus).start()
    yield mock
    if _failed(request):
        print("--- notification server mock log ---\n" + mock.log()[-3000:])
    mock.stop()
