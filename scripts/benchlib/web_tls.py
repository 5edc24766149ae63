"""The LAN mode's TLS figure (issue 41: a handshake and the first page over the LAN address ≤ 300 ms): noised and
noiseweb with `[web] lan` on 127.0.0.2 (web_harness.Web(lan=True), as Tests/integration/test_web_lan.py starts
them), one device paired the way a phone pairs (`noisectl web pair`, then `/pair`), then `runs` fresh
connections, each timed from connect() to the TLS handshake done, and to the face's HTML read whole with the
device's cookie. Python's ssl is the client (TLS 1.3, P-256 as noiseweb's key), trusting only noiseweb's own
authority, so every run verifies the chain as a phone does. The loopback page's plain-HTTP first page is timed
beside it, the same way, for scale."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import ssl
import statistics
import tempfile
import time
from pathlib import Path

from .common import SetupError
from .web import H, WH


def _first_page(connect, host: str, cookie: str | None) -> tuple[float, float]:
    """(seconds to the connection being ready, seconds to the whole page), one fresh connection."""
    start = time.perf_counter()
    conn = connect()
    conn.connect()   # TCP, and for HTTPS the handshake with the chain verified
    ready = time.perf_counter()
    conn.putrequest("GET", "/", skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", host)
    if cookie:
        conn.putheader("Cookie", cookie)
    conn.endheaders()
    response = conn.getresponse()
    body = response.read()
    done = time.perf_counter()
    conn.close()
    if response.status != 200 or b"<html" not in body:
        raise SetupError(f"GET / answered {response.status}")
    return ready - start, done - start


def measure(bin_dir: Path, web_root: Path, runs: int = 50) -> dict:
    os.environ["NOISECLOCK_BIN"] = str(bin_dir)
    root = Path(tempfile.mkdtemp(prefix="nctls-", dir="/tmp"))
    daemon = H.Daemon(root, device="null")
    web = WH.Web(daemon, web_root=web_root, lan=True)
    try:
        try:
            daemon.start()
            web.start()
        except AssertionError as e:
            raise SetupError(str(e)) from None
        paired = H.noisectl("web", "pair", "--json", env=daemon.env())
        if paired.returncode != 0:
            raise SetupError(f"noisectl web pair failed: {paired.stderr}")
        url = json.loads(paired.stdout)["url"]
        context = ssl.create_default_context(cafile=str(Path(daemon.env_dirs["XDG_STATE_HOME"]) / "noiseweb" / "ca.pem"))
        lan_host = f"{WH.LAN_HOST}:{web.lan_port}"
        conn = http.client.HTTPSConnection(WH.LAN_HOST, web.lan_port, context=context, timeout=10)
        conn.request("GET", url.removeprefix(web.lan_origin), headers={"Host": lan_host})
        reply = conn.getresponse()
        reply.read()
        conn.close()
        cookie = (reply.getheader("Set-Cookie") or "").split(";", 1)[0]
        # 200: the sign-in's page refreshing to /#key=… (issue 51; docs/web.md); 303 before it.
        if reply.status not in (200, 303) or not cookie:
            raise SetupError(f"/pair answered {reply.status}")
        session = web.login()

        def https():
            return http.client.HTTPSConnection(WH.LAN_HOST, web.lan_port, context=context, timeout=10)

        def plain():
            return http.client.HTTPConnection("127.0.0.1", web.port, timeout=10)

        # One of each first, not counted: Python's own first-use costs (its ssl module's set-up) are not noiseweb's.
        _first_page(https, lan_host, cookie)
        _first_page(plain, web.host, f"noiseclock_session={session}")
        tls = [_first_page(https, lan_host, cookie) for _ in range(runs)]
        http_runs = [_first_page(plain, web.host, f"noiseclock_session={session}") for _ in range(runs)]
        tls_version = None
        with socket.create_connection((WH.LAN_HOST, web.lan_port)) as raw, \
                context.wrap_socket(raw, server_hostname=WH.LAN_HOST) as wrapped:
            tls_version = f"{wrapped.version()} {wrapped.cipher()[0]}"
        ms = lambda values: {"median": statistics.median(values) * 1000, "worst": max(values) * 1000}  # noqa: E731
        return {"runs": runs, "tls": tls_version, "handshake": ms([r[0] for r in tls]),
                "first_page": ms([r[1] for r in tls]), "plain_first_page": ms([r[1] for r in http_runs])}
    finally:
        web.stop()
        daemon.stop()
        shutil.rmtree(root, ignore_errors=True)
