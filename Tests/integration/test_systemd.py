"""systemd integration without systemd as init: sd_notify readiness, status, watchdog and stopping on a
datagram NOTIFY_SOCKET the test owns, and socket activation through systemd-socket-activate."""

import os
import shutil
import signal
import socket
import subprocess
import time

import pytest

import harness as H


class NotifySocket:
    """A datagram socket standing in for systemd's notification socket; records every message with its time."""

    def __init__(self, address: str):
        self.address = address
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind("\0" + address[1:] if address.startswith("@") else address)
        self.messages: list[tuple[float, dict[str, str]]] = []

    def next(self, timeout: float) -> dict[str, str]:
        self.sock.settimeout(timeout)
        data = self.sock.recv(4096).decode()
        fields = dict(line.split("=", 1) for line in data.splitlines() if "=" in line)
        self.messages.append((time.monotonic(), fields))
        return fields

    def wait_for(self, key: str, timeout: float) -> dict[str, str]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise H.Timeout(f"no {key} within {timeout}s; got {[m for _, m in self.messages]}")
            try:
                fields = self.next(left)
            except socket.timeout:
                continue
            if key in fields:
                return fields

    def close(self):
        self.sock.close()


def _start(bins, root, notify_address, extra_env):
    dirs = H.make_env_dirs(root)
    env = H.base_env(dirs)
    env["NOTIFY_SOCKET"] = notify_address
    env.update(extra_env)
    sock = root / "s"
    log = open(root / "noised.log", "w")
    proc = subprocess.Popen([str(bins / "noised"), "--device", "null", "--socket", str(sock)], env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    return proc, sock, env


@pytest.mark.parametrize("abstract", [False, True], ids=["path", "abstract"])
def test_ready_status_watchdog_and_stopping(bins, tmpdir_short, abstract):
    address = f"@noiseclock-test-{os.getpid()}-{int(abstract)}" if abstract else str(tmpdir_short / "notify")
    notify = NotifySocket(address)
    proc, sock, env = _start(bins, tmpdir_short, address, {"WATCHDOG_USEC": "1000000"})
    try:
        notify.wait_for("READY", timeout=15)
        # Ready means the socket already answers.
        assert H.noisectl("status", socket=sock, env=env).returncode == 0
        # Status says what it does; it changes when something plays.
        assert any("STATUS" in m for _, m in notify.messages) or notify.wait_for("STATUS", 5)
        assert H.noisectl("play", "white", socket=sock, env=env).returncode == 0
        playing = notify.wait_for("STATUS", 5)
        while "playing white" not in playing["STATUS"]:
            playing = notify.wait_for("STATUS", 5)
        # WATCHDOG=1 at half of WATCHDOG_USEC (1 s): about every 0.5 s.
        first = time.monotonic()
        pings = []
        while len(pings) < 5:
            notify.wait_for("WATCHDOG", timeout=2)
            pings.append(time.monotonic())
        gaps = [b - a for a, b in zip(pings, pings[1:])]
        assert all(0.3 <= gap <= 0.8 for gap in gaps), gaps
        assert pings[-1] - first < 3.0
        proc.send_signal(signal.SIGTERM)
        stopping = notify.wait_for("STOPPING", timeout=10)
        assert stopping["STOPPING"] == "1"
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        notify.close()


def test_a_wedged_daemon_stops_pinging_the_watchdog(bins, tmpdir_short):
    """The test-only fault switch (NOISED_TEST_FAULTS=wedge, then SIGUSR2) blocks the player actor for good,
    as a deadlock would: the pings must stop, so systemd's WatchdogSec= would restart the daemon."""
    notify = NotifySocket(str(tmpdir_short / "notify"))
    proc, sock, env = _start(bins, tmpdir_short, str(tmpdir_short / "notify"),
                             {"WATCHDOG_USEC": "400000", "NOISED_TEST_FAULTS": "wedge"})
    try:
        notify.wait_for("READY", timeout=15)
        for _ in range(3):
            notify.wait_for("WATCHDOG", timeout=1)
        proc.send_signal(signal.SIGUSR2)
        H.wait_until(lambda: "wedging the player on purpose" in (tmpdir_short / "noised.log").read_text(),
                     timeout=5, desc="the fault switch to fire")
        # At most one ping already under way may still arrive; then none for 5 intervals (0.2 s each).
        wedged_at = time.monotonic()
        late = []
        while time.monotonic() - wedged_at < 1.0 + 0.2:
            try:
                fields = notify.next(0.05)
            except socket.timeout:
                continue
            if "WATCHDOG" in fields:
                late.append(time.monotonic() - wedged_at)
        assert len(late) <= 1 and all(t < 0.25 for t in late), f"pings after the wedge at {late}"
        assert proc.poll() is None, "wedged, not dead: the process is still there for systemd to kill"
        # Without the switch the signal is not trapped at all: see test_sigusr2_is_not_a_fault_switch_by_default.
    finally:
        proc.kill()
        proc.wait(5)
        notify.close()


def test_sigusr2_is_not_a_fault_switch_by_default(bins, tmpdir_short):
    notify = NotifySocket(str(tmpdir_short / "notify"))
    proc, sock, env = _start(bins, tmpdir_short, str(tmpdir_short / "notify"), {"WATCHDOG_USEC": "400000"})
    try:
        notify.wait_for("READY", timeout=15)
        proc.send_signal(signal.SIGUSR2)
        # SIGUSR2's default action ends the process; nothing in a normal daemon wedges on purpose.
        assert proc.wait(5) == -signal.SIGUSR2
        assert "wedging" not in (tmpdir_short / "noised.log").read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
        notify.close()


def test_no_watchdog_for_another_process(bins, tmpdir_short):
    notify = NotifySocket(str(tmpdir_short / "notify"))
    proc, sock, env = _start(bins, tmpdir_short, str(tmpdir_short / "notify"),
                             {"WATCHDOG_USEC": "200000", "WATCHDOG_PID": "1"})
    try:
        notify.wait_for("READY", timeout=15)
        # Let several would-be intervals (0.1 s each) pass, then look at everything that arrived.
        assert H.noisectl("status", socket=sock, env=env).returncode == 0
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            try:
                notify.next(deadline - time.monotonic())
            except socket.timeout:
                break
        assert not any("WATCHDOG" in m for _, m in notify.messages), notify.messages
    finally:
        proc.kill()
        proc.wait(5)
        notify.close()


def test_socket_activation_starts_the_daemon_on_first_use(bins, tmpdir_short):
    activate = shutil.which("systemd-socket-activate")
    assert activate, "systemd-socket-activate (Debian package systemd) is missing"
    dirs = H.make_env_dirs(tmpdir_short)
    env = H.base_env(dirs)
    sock = tmpdir_short / "activated"
    log = open(tmpdir_short / "activate.log", "w")
    # As docs/systemd.md says: -E passes the test's folders, which systemd-socket-activate would not.
    passed = [f"-E{name}" for name in sorted(dirs) if name != "HOME"]
    proc = subprocess.Popen([activate, "-l", str(sock), "--fdname=noised", *passed, str(bins / "noised"),
                             "--device", "null"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        H.wait_until(lambda: sock.exists(), timeout=10, desc="the listening socket")
        log_text = lambda: (tmpdir_short / "activate.log").read_text(errors="replace")
        assert "Execing" not in log_text(), "the daemon started before anyone connected"
        r = H.noisectl("--json", "status", socket=sock, env=env)
        assert r.returncode == 0, str(r)
        assert r.json["audio"]["device"] == "null"
        assert "passed by the service manager" in log_text()
        # Its alarms are in the test's XDG_STATE_HOME, not in HOME's default folder.
        assert (tmpdir_short / "state/noised/noised.sqlite").exists()
        assert not (tmpdir_short / "home/.local/state").exists()
        # The daemon did not create the socket, so it leaves it in place when it stops.
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
        assert sock.exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


def test_an_activation_environment_for_another_process_is_not_ours(bins, tmpdir_short):
    """LISTEN_PID names another process (a parent's leftover): noised adopts no descriptor and makes its own
    socket (libsystemd's sd_listen_fds_with_names checks the pid)."""
    notify = NotifySocket(str(tmpdir_short / "notify"))
    proc, sock, env = _start(bins, tmpdir_short, str(tmpdir_short / "notify"),
                             {"LISTEN_PID": "1", "LISTEN_FDS": "1", "LISTEN_FDNAMES": "noised"})
    try:
        notify.wait_for("READY", timeout=15)
        assert H.noisectl("status", socket=sock, env=env).returncode == 0
        log = (tmpdir_short / "noised.log").read_text()
        assert "passed by the service manager" not in log and f"listening on {sock}" in log, log
    finally:
        proc.kill()
        proc.wait(5)
        notify.close()


@pytest.mark.parametrize("matching", [True, False], ids=["journal", "not-the-journal"])
def test_journal_lines_carry_syslog_priorities(bins, tmpdir_short, matching):
    dirs = H.make_env_dirs(tmpdir_short)
    env = H.base_env(dirs)
    log_path = tmpdir_short / "stderr.log"
    log = open(log_path, "w")
    info = os.fstat(log.fileno())
    # systemd sets JOURNAL_STREAM to stderr's device:inode; a stale value (another stream) must be ignored.
    env["JOURNAL_STREAM"] = f"{info.st_dev}:{info.st_ino}" if matching else f"{info.st_dev}:{info.st_ino + 1}"
    sock = tmpdir_short / "s"
    proc = subprocess.Popen([str(bins / "noised"), "--device", "nonexistent_pcm_journal", "--socket", str(sock)],
                            env=env, stdout=log, stderr=log)
    try:
        H.wait_until(lambda: "listening on" in log_path.read_text(), timeout=15, desc="the daemon listening")
        assert H.noisectl("status", socket=sock, env=env).returncode == 0
        H.wait_until(lambda: "cannot open" in log_path.read_text(), timeout=10, desc="the device warning")
        lines = log_path.read_text().splitlines()
        listening = next(line for line in lines if "listening on" in line)
        warning = next(line for line in lines if "cannot open" in line)
        if matching:
            assert listening.startswith("<5>"), listening      # notice
            assert warning.startswith("<4>"), warning          # warning
            assert all(line[:3] in ("<2>", "<3>", "<4>", "<5>", "<6>", "<7>") for line in lines), lines
        else:
            assert not listening.startswith("<"), listening
            assert " notice " in listening and " warning " in warning, lines
    finally:
        proc.terminate()
        proc.wait(10)
