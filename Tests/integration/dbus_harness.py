"""Private D-Bus buses and stand-ins for the D-Bus tests (test_desktop.py).

Each test gets its own ``dbus-daemon`` for the session bus and, when it needs logind, another for the "system"
bus (a session-style config: a real system bus needs root policy files). Real clients drive noised: ``playerctl``
and ``gdbus``. What cannot run here, logind and a notification server, is python-dbusmock's templates, run with
the system Python (``/usr/bin/python3``): Debian's python3-dbusmock and its ``dbus`` module live there, while the
tests may run under another Python.
"""

from __future__ import annotations

import ast
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Callable, Optional

import harness as H

SYSTEM_PYTHON = "/usr/bin/python3"

# Prints the calls a dbusmock object recorded, as JSON: [[method, [args...]], ...]. dbus-python's values are
# subclasses of Python's (dbus.String is a str, dbus.Byte an int), so json takes them as they are.
_GET_CALLS = r"""
import dbus, json, sys
bus = dbus.bus.BusConnection(sys.argv[1])
mock = dbus.Interface(bus.get_object(sys.argv[2], sys.argv[3]), "org.freedesktop.DBus.Mock")
print(json.dumps([[str(m), list(a)] for _, m, a in mock.GetCalls()]))
"""


_BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>{users}
  </policy>
</busconfig>
"""

# Lets every uid connect; without it only the uid the bus runs as may (dbus-daemon's default for a session bus).
_ALL_USERS = '\n    <allow user="*"/>'


def as_user(uid: Optional[int]) -> list[str]:
    """The argv prefix that runs a command as `uid` (nothing for the test's own), as test_socket_safety.py does."""
    return [] if uid is None else ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--"]


def tools_missing() -> list[str]:
    missing = [t for t in ("dbus-daemon", "gdbus", "playerctl") if shutil.which(t) is None]
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import dbusmock, dbus"], capture_output=True)
    if probe.returncode != 0:
        missing.append("python3-dbusmock (for /usr/bin/python3)")
    return missing


class Bus:
    """A private ``dbus-daemon`` on a Unix socket in a short /tmp folder, or at ``dir``/bus in a folder given (left
    in place on stop). ``user``: the uid it runs as (the test's own when None); its clients here (``call``) run as
    that uid too. ``all_users``: any uid may connect (the folder and socket are opened to all)."""

    def __init__(self, name: str = "session", dir: Optional[Path] = None, user: Optional[int] = None,
                 all_users: bool = False):
        self.own_dir = dir is None
        self.dir = Path(tempfile.mkdtemp(prefix=f"ncbus-{name[:3]}-", dir="/tmp")) if dir is None else Path(dir)
        self.path = self.dir / "bus"
        self.address = f"unix:path={self.path}"
        self.user, self.all_users = user, all_users
        self.config: Optional[Path] = None
        self.proc: Optional[subprocess.Popen] = None

    def start(self) -> "Bus":
        # A config of its own rather than the stock session one, which would start the machine's services on
        # demand (a notification daemon or playerctld installed here must not answer for the mocks). Outside the
        # bus's folder, readable by the uid it runs as.
        fd, name = tempfile.mkstemp(prefix="ncbus-", suffix=".conf", dir="/tmp")
        os.close(fd)
        self.config = Path(name)
        self.config.write_text(_BUS_CONFIG.format(users=_ALL_USERS if self.all_users else ""))
        os.chmod(self.config, 0o644)
        if self.all_users and self.own_dir:
            os.chmod(self.dir, 0o755)
        self.proc = H._register(subprocess.Popen(
            as_user(self.user) + ["dbus-daemon", f"--config-file={self.config}", f"--address={self.address}",
                                  "--nofork", "--print-address=1"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True))
        # It prints its address once it listens.
        line = self.proc.stdout.readline()
        assert line.startswith(self.address), f"dbus-daemon did not start: {line!r}"
        if self.all_users:
            os.chmod(self.path, 0o666)
        return self

    def gdbus(self, dest: str, path: str, method: str, *args: str, user: Optional[int] = None,
              timeout: float = 5) -> subprocess.CompletedProcess:
        """``gdbus call`` as `user` (else as the bus's own), whatever its outcome."""
        return subprocess.run(as_user(self.user if user is None else user)
                              + ["gdbus", "call", "--address", self.address, "--dest", dest, "--object-path", path,
                                 "--method", method, *args], capture_output=True, text=True, timeout=timeout)

    def call(self, dest: str, path: str, method: str, *args: str, timeout: float = 5) -> str:
        """``gdbus call``; returns its output (GVariant text)."""
        r = self.gdbus(dest, path, method, *args, timeout=timeout)
        assert r.returncode == 0, f"gdbus call {method} {args}: {r.stderr}"
        return r.stdout.strip()

    def has_owner(self, name: str) -> bool:
        return self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                         name) == "(true,)"

    def stop(self) -> None:
        H.stop_process(self.proc)
        if self.config is not None:
            self.config.unlink(missing_ok=True)
        if self.own_dir:
            shutil.rmtree(self.dir, ignore_errors=True)
        else:
            self.path.unlink(missing_ok=True)


class Mock:
    """A python-dbusmock template on a bus: its name, object and the calls it received."""

    def __init__(self, bus: Bus, template: str, name: str, path: str, system: bool = False,
                 user: Optional[int] = None, parameters: Optional[dict] = None, env: Optional[dict] = None,
                 log_name: Optional[str] = None):
        self.bus, self.template, self.name, self.path, self.system = bus, template, name, path, system
        self.user, self.parameters, self.env = user, parameters, env or {}
        self.log_path = bus.dir / f"{log_name or template}.log"
        self.proc: Optional[subprocess.Popen] = None

    def start(self) -> "Mock":
        env = dict(os.environ, **self.env)
        env["DBUS_SYSTEM_BUS_ADDRESS" if self.system else "DBUS_SESSION_BUS_ADDRESS"] = self.bus.address
        argv = as_user(self.user) + [SYSTEM_PYTHON, "-m", "dbusmock", "--template", self.template]
        argv += ["--system"] if self.system else []
        argv += ["--parameters", json.dumps(self.parameters)] if self.parameters else []
        with open(self.log_path, "ab") as log:
            # From "/": a checkout in a private folder (CI's fresh clone may be one) is no working folder for
            # another uid, and Python as that uid would not start in it.
            self.proc = H._register(subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT,
                                                     stdin=subprocess.DEVNULL, cwd="/"))
        H.wait_until(lambda: self.bus.has_owner(self.name), timeout=15, desc=f"{self.template} on the bus")
        return self

    def calls(self, method: Optional[str] = None) -> list[list]:
        """The calls received so far, oldest first: [method, [args...]]; only `method`'s when given."""
        r = subprocess.run([SYSTEM_PYTHON, "-c", _GET_CALLS, self.bus.address, self.name, self.path],
                           capture_output=True, text=True, timeout=10)
        assert r.returncode == 0, r.stderr
        return [c for c in json.loads(r.stdout) if method is None or c[0] == method]

    def emit(self, interface: str, member: str, signature: str, args: str) -> None:
        """Emits a signal from the mock's object; ``args`` is a GVariant array text, e.g. ``[<uint32 1>, <"x">]``."""
        self.bus.call(self.name, self.path, "org.freedesktop.DBus.Mock.EmitSignal", interface, member, signature, args)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self) -> None:
        H.stop_process(self.proc)


class Logind(Mock):
    INTERFACE = "org.freedesktop.login1.Manager"

    def __init__(self, bus: Bus):
        super().__init__(bus, "logind", "org.freedesktop.login1", "/org/freedesktop/login1", system=True)

    def inhibitors(self) -> list[tuple]:
        """(what, who, why, mode) of every inhibitor held now (the mock drops one when its descriptor closes)."""
        r = subprocess.run([SYSTEM_PYTHON, "-c", _LIST_INHIBITORS, self.bus.address], capture_output=True, text=True,
                           timeout=10)
        assert r.returncode == 0, r.stderr
        return [tuple(i) for i in json.loads(r.stdout)]

    def prepare_for_sleep(self, start: bool) -> None:
        self.emit(self.INTERFACE, "PrepareForSleep", "b", f"[<{'true' if start else 'false'}>]")


_LIST_INHIBITORS = r"""
import dbus, json, sys
bus = dbus.bus.BusConnection(sys.argv[1])
manager = dbus.Interface(bus.get_object("org.freedesktop.login1", "/org/freedesktop/login1"),
                         "org.freedesktop.login1.Manager")
print(json.dumps([[str(x) for x in i[:4]] for i in manager.ListInhibitors()]))
"""


class Notifications(Mock):
    INTERFACE = "org.freedesktop.Notifications"

    def __init__(self, bus: Bus, user: Optional[int] = None):
        super().__init__(bus, "notification_daemon", self.INTERFACE, "/org/freedesktop/Notifications", user=user)

    def shown(self) -> list[dict]:
        """Every Notify call, with the id the mock answered (its ids count from 1 when nothing is replaced)."""
        shown, next_id = [], 1
        for _, a in self.calls("Notify"):
            app, replaces, icon, summary, body, actions, hints, timeout = a
            nid = replaces or next_id
            if not replaces:
                next_id += 1
            shown.append({"id": nid, "app": app, "summary": summary, "body": body,
                          "actions": dict(zip(actions[::2], actions[1::2])), "hints": hints, "timeout": timeout})
        return shown

    def closed(self) -> list[int]:
        return [a[0] for _, a in self.calls("CloseNotification")]

    def invoke(self, nid: int, action: str) -> None:
        self.emit(self.INTERFACE, "ActionInvoked", "us", f'[<uint32 {nid}>, <"{action}">]')


class DesktopInhibitor(Mock):
    """The desktop's own inhibitor service (dbus_templates/desktop_inhibitor.py): ``kind`` is "portal",
    "gnome-session" or "power-management"; ``refuse``: the error every Inhibit gets."""

    TEMPLATE = str(Path(__file__).resolve().parent / "dbus_templates" / "desktop_inhibitor.py")
    NAMES = {"portal": ("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop"),
             "gnome-session": ("org.gnome.SessionManager", "/org/gnome/SessionManager"),
             "power-management": ("org.freedesktop.PowerManagement", "/org/freedesktop/PowerManagement/Inhibit")}

    def __init__(self, bus: Bus, kind: str, refuse: Optional[str] = None):
        name, path = self.NAMES[kind]
        super().__init__(bus, self.TEMPLATE, name, path, parameters={"refuse": refuse} if refuse else None,
                         env={"NC_INHIBITOR": kind}, log_name=kind)
        self.kind = kind

    def _ask(self, method: str) -> list:
        out = self.bus.call(self.name, self.path, f"org.freedesktop.DBus.Mock.{method}")
        # gdbus prints ('…',): the JSON is the one string in it, with GVariant's quoting.
        return json.loads(ast.literal_eval(out)[0])

    def held(self) -> list[list]:
        """[key, reason] of each inhibitor held now."""
        return self._ask("Held")

    def received(self) -> list[list]:
        """Every Inhibit and release received: [method, [args...]]."""
        return self._ask("Log")


class Follower:
    """A long-running client (``playerctl --follow``) whose output lines are collected as they come."""

    def __init__(self, argv: list[str], env: dict[str, str]):
        self.lines: list[str] = []
        self._q: "queue.Queue[str]" = queue.Queue()
        self.proc = H._register(subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                                 stdin=subprocess.DEVNULL, text=True, bufsize=1))
        threading.Thread(target=lambda: [self._q.put(line.rstrip("\n")) for line in self.proc.stdout],
                         daemon=True).start()

    def wait_for(self, pred: Callable[[str], bool], timeout: float, desc: str, since: int = 0) -> str:
        """The first line from the ``since``-th on that ``pred`` accepts, awaited."""
        def seen():
            while not self._q.empty():
                self.lines.append(self._q.get())
            return next((line for line in self.lines[since:] if pred(line)), None)
        try:
            return H.wait_until(seen, timeout=timeout, desc=desc)
        except H.Timeout as e:
            raise H.Timeout(f"{e} (lines: {self.lines})") from None

    def stop(self) -> None:
        H.stop_process(self.proc)
