"""noiseweb for the end-to-end tests: the real process beside a real noised, an HTTP client that sets every header
itself (a browser's Host and Origin, or an attacker's), and a minimal WebSocket client (RFC 6455: the handshake and
unmasked text frames from the server), so the tests need no package beyond Python's own."""

from __future__ import annotations

import base64
import http.client
import json
import os
import re
import socket
import ssl
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import harness as H

WEB_ROOT = H.REPO / "web"
# The LAN mode's address in the tests: a second loopback address, which Linux answers without any set-up.
LAN_HOST = "127.0.0.2"


# A request's ``key=KEPT``: the sign-in's key the harness kept for the request's cookie.
KEPT = object()


def signed_in_key(r: "Reply") -> str:
    """The key a sign-in's page hands on: it refreshes to ``/#key=KEY`` (docs/web.md, "Security model")."""
    match = re.search(rb'<meta http-equiv="refresh" content="0; url=/#key=([0-9a-f]{64})">', r.body)
    assert match, r.body
    return match.group(1).decode()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def json(self):
        return json.loads(self.body)

    def header(self, name: str) -> Optional[str]:
        return self.headers.get(name)


def exchange(conn: http.client.HTTPConnection, method: str, path: str, *, host: Optional[str], origin: Optional[str],
             cookie: Optional[str], headers: Optional[dict], body: Optional[bytes]) -> Reply:
    """One request on `conn` with exactly these headers (None: not sent), and its answer; the connection closed."""
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for name, value in (("Host", host), ("Origin", origin), ("Cookie", cookie), *(headers or {}).items()):
            if value is not None:
                conn.putheader(name, value)
        if body is not None:
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        response = conn.getresponse()
        return Reply(response.status, response.headers, response.read())
    finally:
        conn.close()


class Web:
    """One real ``noiseweb`` for a daemon: its HOME and XDG folders (so ``noisectl web`` finds the same codes folder
    and the same ``[web] listen``), a free port written to config.toml."""

    def __init__(self, daemon: H.Daemon, web_root: Path = WEB_ROOT, port: Optional[int] = None, lan: bool = False):
        self.daemon = daemon
        self.port = port or free_port()
        self.web_root = web_root
        self.log_path = daemon.root / "noiseweb.log"
        self.proc: Optional[subprocess.Popen] = None
        config = Path(daemon.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
        config.parent.mkdir(parents=True, exist_ok=True)
        # The LAN mode on a second loopback address (docs/web.md, "The phone on the LAN"): HTTPS beside the page's HTTP.
        self.lan_port = free_port() if lan else None
        self.lan_origin = f"https://{LAN_HOST}:{self.lan_port}" if lan else None
        config.write_text(f'[web]\nlisten = "127.0.0.1:{self.port}"\n'
                          + (f'lan = "{LAN_HOST}:{self.lan_port}"\n' if lan else ""))
        self.host = f"127.0.0.1:{self.port}"
        self.origin = f"http://{self.host}"
        self.state = Path(daemon.env_dirs["XDG_RUNTIME_DIR"]) / "noiseweb"
        # Each sign-in's key, by its cookie (``login``).
        self.keys: dict[str, str] = {}

    def set_clock(self, **settings) -> None:
        """Appends a ``[clock]`` table to config.toml (``format="24h"``…): what a page reads when it loads."""
        config = Path(self.daemon.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
        lines = "".join(f"{key} = {json.dumps(value)}\n" for key, value in settings.items())
        config.write_text(config.read_text() + "\n[clock]\n" + lines)

    def command(self) -> list[str]:
        return [str(H.bin_dir() / "noiseweb"), "--socket", str(self.daemon.socket), "--web-root", str(self.web_root)]

    def start(self, timeout: float = 15.0) -> "Web":
        with open(self.log_path, "ab") as log:
            self.proc = H._register(subprocess.Popen(self.command(), env=self.daemon.env(), stdin=subprocess.DEVNULL,
                                                     stdout=log, stderr=subprocess.STDOUT))

        def listening():
            if self.proc.poll() is not None:
                raise AssertionError(f"noiseweb exited with {self.proc.returncode}:\n{self.log()}")
            log = self.log()
            return f"listening on http://{self.host}" in log and (not self.lan_origin or f"listening on {self.lan_origin}" in log)
        H.wait_until(listening, timeout, 0.05, "noiseweb to listen")
        return self

    def stop(self) -> Optional[int]:
        return H.stop_process(self.proc)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    # ------------------------------------------------------------ logging in

    def login_url(self) -> str:
        """``noisectl web --no-open``: its one line, the URL."""
        r = H.noisectl("web", "--no-open", env=self.daemon.env())
        assert r.returncode == 0, str(r)
        lines = r.stdout.splitlines()
        assert len(lines) == 1, r.stdout
        return lines[0]

    def login(self) -> str:
        """A session cookie's value, through ``noisectl web`` and ``/login``; its key (the redirect's ``#key=``) is
        kept, and sent with every request that names this cookie unless the request says otherwise."""
        url = self.login_url()
        r = self.request("GET", url.removeprefix(self.origin))
        assert r.status == 200, (r.status, r.body)
        cookie = r.header("Set-Cookie").split(";", 1)[0].split("=", 1)[1]
        self.keys[cookie] = signed_in_key(r)
        return cookie

    def key_header(self, cookie: Optional[str], key) -> dict:
        """``X-NoiseClock-Key``: ``key`` if given (None: not sent), else the one kept for ``cookie``."""
        chosen = self.keys.get(cookie) if key is KEPT else key
        return {} if chosen is None else {"X-NoiseClock-Key": chosen}

    # ------------------------------------------------------------ HTTP

    def request(self, method: str, path: str, *, host: Optional[str] = "", origin: Optional[str] = None,
                cookie: Optional[str] = None, headers: Optional[dict] = None, body: Optional[bytes] = None,
                key=KEPT) -> Reply:
        """One request, every header as given: ``host`` "" means the right one, None none at all; ``key`` the
        sign-in's key header (``KEPT``, the default: the one kept for ``cookie``; None: none)."""
        return exchange(http.client.HTTPConnection("127.0.0.1", self.port, timeout=10), method, path,
                        host=self.host if host == "" else host, origin=origin,
                        cookie=None if cookie is None else f"noiseclock_session={cookie}",
                        headers={**self.key_header(cookie, key), **(headers or {})}, body=body)

    def lan_request(self, method: str, path: str, *, host: Optional[str] = "", origin: Optional[str] = None,
                    cookie: Optional[str] = None, headers: Optional[dict] = None, body: Optional[bytes] = None,
                    key=KEPT) -> Reply:
        """One request over TLS to the LAN address, trusting only noiseweb's own authority (its ``ca.pem``), every
        header as given; ``cookie`` is the whole ``Cookie`` value, ``key`` as ``request``'s."""
        headers = {**self.key_header(cookie, key), **(headers or {})}
        context = ssl.create_default_context(cafile=str(Path(self.daemon.env_dirs["XDG_STATE_HOME"]) / "noiseweb" / "ca.pem"))
        return exchange(http.client.HTTPSConnection(LAN_HOST, self.lan_port, timeout=10, context=context), method, path,
                        host=f"{LAN_HOST}:{self.lan_port}" if host == "" else host, origin=origin, cookie=cookie,
                        headers=headers, body=body)

    def command_request(self, cmd: str, args: Optional[dict] = None, *, cookie: str) -> Reply:
        """A command as the page sends it."""
        body = json.dumps({"cmd": cmd, "args": args} if args is not None else {"cmd": cmd}).encode()
        return self.request("POST", "/api/command", origin=self.origin, cookie=cookie, body=body, key=KEPT,
                            headers={"Content-Type": "application/json", "X-NoiseClock": "1"})

    def websocket(self, *, cookie: Optional[str], origin: Optional[str], path: str = "/ws", key=KEPT) -> "WebSocket":
        """``key`` as ``request``'s, but sent as the page sends it, in the query."""
        chosen = self.key_header(cookie, key).get("X-NoiseClock-Key")
        return WebSocket(self, cookie=cookie, origin=origin, path=path if chosen is None else f"{path}?key={chosen}")


class WebSocket:
    """The client side of one WebSocket to ``/ws``: ``status`` is the handshake's HTTP status (101 when upgraded)."""

    def __init__(self, web: Web, *, cookie: Optional[str], origin: Optional[str], path: str = "/ws"):
        self.sock = socket.create_connection(("127.0.0.1", web.port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {web.host}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin is not None:
            lines.append(f"Origin: {origin}")
        if cookie is not None:
            lines.append(f"Cookie: noiseclock_session={cookie}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.head = head.decode(errors="replace")
        self.status = int(self.head.split(" ", 2)[1]) if self.head else 0

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the WebSocket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def message(self, timeout: float = 10.0) -> dict:
        """The next text message, as JSON (pings are answered by nobody: the server's auto-ping is slower than any test)."""
        self.sock.settimeout(timeout)
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x1:
                return json.loads(payload)
            if opcode == 0x8:
                raise ConnectionError("the server closed the WebSocket")

    def message_named(self, event: str, timeout: float = 15.0) -> dict:
        """Reads messages until one named ``event``."""
        while True:
            m = self.message(timeout)
            if m.get("event") == event:
                return m

    def close(self) -> None:
        self.sock.close()
