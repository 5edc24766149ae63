"""The bench's own audio stack: a private PulseAudio server with a null sink, and noised on it.

Everything lives in one temp dir (HOME and the XDG dirs point into it), so nothing outside is
touched and every player (noised, mpd, mpg123, parec) talks to the same sink."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional

from .common import REPO, SetupError, read_text, spawn, stop, stop_all, tail, wait_until


class LineClient:
    """A raw connection to a noised socket: newline-delimited JSON, the hello read first."""

    def __init__(self, path: Path, timeout: float = 10.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        try:
            self.sock.connect(str(path))
        except OSError:
            self.sock.close()
            raise
        self.pending = b""
        hello = self.line()
        if hello.get("event") != "hello":
            self.close()
            raise SetupError(f"{path} did not greet with hello: {hello}")

    def line(self, timeout: Optional[float] = None) -> dict:
        if timeout is not None:
            self.sock.settimeout(max(0.001, timeout))
        while b"\n" not in self.pending:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("the daemon closed the connection")
            self.pending += chunk
        text, self.pending = self.pending.split(b"\n", 1)
        return json.loads(text)

    def send(self, request: dict) -> None:
        self.sock.sendall(json.dumps(request, separators=(",", ":")).encode() + b"\n")

    def request(self, request: dict) -> dict:
        self.send(request)
        while True:
            reply = self.line()
            if "event" not in reply:
                return reply

    def close(self) -> None:
        self.sock.close()


class Stack:
    def __init__(self, bin_dir: Path):
        self.bin_dir = bin_dir
        self.noised_bin = bin_dir / "noised"
        self.noisectl_bin = bin_dir / "noisectl"
        self.root = Path(tempfile.mkdtemp(prefix="ncbench-", dir="/tmp"))  # short: socket paths
        self.native = self.root / "native"
        self.sock = self.root / "noised.sock"
        self.pa: Optional[subprocess.Popen] = None
        self.daemon: Optional[subprocess.Popen] = None
        # noised's --log-level from its next start; row 9 sets "debug" for the play path's hops (sound.py).
        self.log_level: Optional[str] = None
        dirs = {"HOME": "home", "XDG_RUNTIME_DIR": "run", "XDG_DATA_HOME": "data",
                "XDG_CONFIG_HOME": "config", "XDG_STATE_HOME": "state", "XDG_CACHE_HOME": "cache"}
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("PULSE_", "XDG_", "NOISED_"))}
        for k, d in dirs.items():
            p = self.root / d
            p.mkdir(mode=0o700)
            env[k] = str(p)
        (self.root / "config" / "pulse").mkdir()
        (self.root / "config" / "pulse" / "client.conf").write_text("autospawn = no\n")
        env["PULSE_SERVER"] = f"unix:{self.native}"
        env.setdefault("LC_ALL", "C.UTF-8")
        self.env = env

    def fresh_env(self, name: str) -> dict[str, str]:
        """The stack's environment with empty state and config dirs of its own (a daemon that has
        never run: no alarms, no config file)."""
        env = dict(self.env)
        for key in ("XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            d = self.root / f"{name}-{key.split('_')[1].lower()}"
            shutil.rmtree(d, ignore_errors=True)
            d.mkdir(mode=0o700)
            env[key] = str(d)
        return env

    # PulseAudio
    def start_pulse(self) -> None:
        # Only the native protocol and the null sink: no stream-restore or volume modules, so every
        # stream plays at 100 % (unscaled) and the sink's monitor holds exactly what was written.
        cfg = self.root / "server.pa"
        cfg.write_text(
            f"load-module module-native-protocol-unix socket={self.native} auth-anonymous=1\n"
            "load-module module-null-sink sink_name=bench rate=44100 channels=2 format=s16le\n"
            "set-default-sink bench\n")
        self.pa = spawn(["pulseaudio", "-n", "-F", str(cfg), "--daemonize=no",
                         "--exit-idle-time=-1", "--use-pid-file=no", "--system=no",
                         "--log-target=stderr"],
                        self.env, self.root / "pulseaudio.log", self.root)

        def ready() -> bool:
            if self.pa.poll() is not None:
                raise SetupError(f"pulseaudio exited with {self.pa.returncode}:\n"
                                 + self.log("pulseaudio.log"))
            return self.pactl("info").returncode == 0

        wait_until("PulseAudio to answer `pactl info`", ready, 20)

    def pactl(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["pactl", *args], env=self.env, capture_output=True, text=True,
                              timeout=10, stdin=subprocess.DEVNULL)

    def sink_inputs(self) -> int:
        r = self.pactl("list", "short", "sink-inputs")
        return len([l for l in r.stdout.splitlines() if l.strip()]) if r.returncode == 0 else 0

    # noised
    def daemon_cmd(self, sock: Path) -> list[str]:
        level = ["--log-level", self.log_level] if self.log_level else []
        return [str(self.noised_bin), "--device", "pulse", "--socket", str(sock), "--data-dir", str(REPO), *level]

    def configure_folder(self, folder: Path) -> None:
        """Every *.mp3 in `folder` becomes a loop of noised's (id: the file name, lower-cased)."""
        d = self.root / "config" / "noised"
        d.mkdir(exist_ok=True)
        (d / "config.toml").write_text(f'[sounds]\nfolders = ["{folder}"]\n')

    def start_daemon(self) -> None:
        log = self.root / "noised.log"
        seen = len(read_text(log) or "")   # the log is appended to: look only past an earlier run's lines
        self.daemon = spawn(self.daemon_cmd(self.sock), self.env, log, self.root)

        def ready() -> bool:
            if self.daemon.poll() is not None:
                raise SetupError(f"noised exited with {self.daemon.returncode}:\n"
                                 + self.log("noised.log"))
            return "listening on" in (read_text(log) or "")[seen:]

        wait_until("noised to log 'listening on'", ready, 20)
        r = self.ctl("status")
        if r.returncode != 0:
            raise SetupError(f"noisectl status failed ({r.returncode}): {r.stderr.strip()}")

    def forget_decoded_sounds(self) -> None:
        """Deletes the decoded sounds noised keeps on disk, as before the first play of any sound."""
        shutil.rmtree(self.root / "cache" / "noised" / "decoded", ignore_errors=True)

    def restart_daemon(self) -> None:
        """A fresh noised on the same state: its decoded-sound memory cache is empty again."""
        stop(self.daemon)
        self.start_daemon()

    def ctl(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.noisectl_bin), "--socket", str(self.sock), *args],
                              env=self.env, capture_output=True, text=True, timeout=20,
                              stdin=subprocess.DEVNULL)

    def ctl_ok(self, *args: str) -> str:
        r = self.ctl(*args)
        if r.returncode != 0:
            raise SetupError(f"noisectl {' '.join(args)} failed ({r.returncode}): {r.stderr.strip()}"
                             + self.daemon_gone())
        return r.stdout

    def status(self) -> dict:
        r = self.ctl("--json", "status")
        if r.returncode != 0:
            raise SetupError(f"noisectl --json status failed ({r.returncode}): {r.stderr.strip()}"
                             + self.daemon_gone())
        return json.loads(r.stdout)

    def log(self, name: str) -> str:
        return tail(self.root / name)

    def daemon_gone(self) -> str:
        """Why a request failed, if it is because noised is gone."""
        if self.daemon is not None and self.daemon.poll() is not None:
            return (f"\nnoised exited with {self.daemon.returncode}; its log ends:\n"
                    + self.log("noised.log"))
        return ""

    def close(self, keep: bool) -> None:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)   # a second Ctrl-C must not skip the clean-up
        stop_all()
        if keep:
            print(f"[kept temp dir {self.root}]", file=sys.stderr)
        else:
            shutil.rmtree(self.root, ignore_errors=True)
