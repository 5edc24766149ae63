"""The peers: mpd (driven by mpc) and mpg123, on the bench's PulseAudio server.

Each uses its best output for PulseAudio (mpd's native `pulse` output, `mpg123 -o pulse`) and
plays unscaled: mpd with `mixer_type "none"` and replay gain off, mpg123 without -f, and the
bench's server has no volume-restoring module, so every stream is at 100 %."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from .common import SetupError, spawn, stop, tail, wait_until
from .stack import Stack

MPD_CONF = """music_directory "{music}"
db_file "{d}/db"
state_file "{d}/state"
pid_file "{d}/pid"
bind_to_address "{d}/socket"
auto_update "no"
replaygain "off"
zeroconf_enabled "no"
audio_output {{
  type "pulse"
  name "bench"
  mixer_type "none"
}}
"""


class Mpd:
    """One mpd in `dir` (its config, db, state and socket) playing the files in `music`."""

    def __init__(self, stack: Stack, name: str, music: Path):
        self.stack = stack
        self.dir = stack.root / name
        self.dir.mkdir(exist_ok=True)
        self.music = music
        self.sock = self.dir / "socket"
        self.conf = self.dir / "mpd.conf"
        self.conf.write_text(MPD_CONF.format(music=music, d=self.dir))
        self.log = self.dir / "mpd.log"
        self.proc = None

    def cmd(self) -> list[str]:
        # --no-daemon in our own session (spawn); its log goes to stderr, which spawn files.
        return ["mpd", "--no-daemon", "--stderr", str(self.conf)]

    def reset(self) -> None:
        """Empty state: no db, no state file (as a first start)."""
        for f in ("db", "state", "pid"):
            (self.dir / f).unlink(missing_ok=True)

    def start(self) -> None:
        self.proc = spawn(self.cmd(), self.stack.env, self.log, self.dir)

        def ready() -> bool:
            if self.proc.poll() is not None:
                raise SetupError(f"mpd exited with {self.proc.returncode}:\n" + tail(self.log))
            return self.sock.exists() and self.mpc("status", check=False).returncode == 0

        wait_until("mpd to answer `mpc status`", ready, 20)

    def mpc(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        r = subprocess.run(["mpc", "-h", str(self.sock), *args], env=self.stack.env,
                           capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        if check and r.returncode != 0:
            raise SetupError(f"mpc {' '.join(args)} failed ({r.returncode}): {r.stderr.strip()}\n"
                             + tail(self.log))
        return r

    def load_loop(self, name: str) -> None:
        """Queue only `name`, repeated on its own (repeat + single: a one-track loop)."""
        self.mpc("update", "--wait")
        self.mpc("clear")
        self.mpc("add", name)
        self.mpc("repeat", "on")
        self.mpc("single", "on")
        self.mpc("random", "off")
        self.mpc("consume", "off")

    def playing(self) -> bool:
        return "[playing]" in self.mpc("status").stdout

    def stop(self) -> None:
        stop(self.proc)
        self.proc = None

    @property
    def pid(self) -> int:
        return self.proc.pid


def music_dir(stack: Stack, files: list[Path]) -> Path:
    """A folder with copies of `files` (mpd's music_directory)."""
    d = stack.root / "music"
    d.mkdir(exist_ok=True)
    for f in files:
        shutil.copyfile(f, d / f.name)
    return d


def mpg123_cmd(output: str, path: Path) -> list[str]:
    """mpg123 looping `path` forever; `output` is "pulse" (native) or "alsa" (ALSA's pulse plugin)."""
    out = ["-o", "pulse"] if output == "pulse" else ["-o", "alsa", "-a", "pulse"]
    return ["mpg123", "-q", *out, "--loop", "-1", str(path)]


def start_mpg123(stack: Stack, output: str, path: Path, log: str = "mpg123.log") -> subprocess.Popen:
    return spawn(mpg123_cmd(output, path), stack.env, stack.root / log, stack.root)
