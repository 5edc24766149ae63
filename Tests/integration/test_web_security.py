"""noiseweb's security model, end to end (docs/web.md, "Security model"): the real noised, the real noiseweb and
the real noisectl web; each attack is made as a browser or another local user would make it, and shown refused."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess

import pytest

import web_harness as WH

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
       "connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


@pytest.fixture
def web(make_daemon, make_web, testdata):
    return make_web(make_daemon(device="null"))


def assert_security_headers(reply: WH.Reply) -> None:
    assert reply.header("Content-Security-Policy") == CSP, reply.headers
    assert reply.header("X-Content-Type-Options") == "nosniff"
    assert reply.header("Referrer-Policy") == "no-referrer"
    assert not [h for h in reply.headers if h.lower().startswith("access-control-")], reply.headers


# ---------------------------------------------------------------- logging in


def test_without_a_session_every_page_is_401_and_says_how_to_log_in(web):
    for path in ("/", "/index.html", "/js/face.js"):
        r = web.request("GET", path)
        assert r.status == 401, (path, r.status)
        assert b"noisectl web" in r.body and r.header("Content-Type") == "text/html; charset=utf-8"
        # Dark, for a night-stand screen, and nothing but text (no script, no style the CSP would have to allow).
        assert b'<meta name="color-scheme" content="dark">' in r.body and b"<script" not in r.body
        assert_security_headers(r)
    r = web.command_request("sounds", cookie="0" * 64)
    assert r.status == 401 and r.json["error"]["code"] == "session_required", r.body


def test_a_login_code_works_once_and_gives_a_strict_http_only_cookie(web):
    url = web.login_url()
    assert re.fullmatch(rf"http://127\.0\.0\.1:{web.port}/login\?code=[0-9a-f]{{64}}", url), url
    path = url.removeprefix(web.origin)
    r = web.request("GET", path)
    assert r.status == 200 and r.header("Location") is None and WH.signed_in_key(r), (r.status, r.body)
    cookie = r.header("Set-Cookie")
    assert re.fullmatch(r"noiseclock_session=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=/", cookie), cookie
    assert r.header("Cache-Control") == "no-store"
    session = cookie.split(";")[0].split("=")[1]

    page = web.request("GET", "/", cookie=session)
    assert page.status == 200 and page.header("Content-Type").startswith("text/html") and b"/js/face.js" in page.body
    assert_security_headers(page)
    script = web.request("GET", "/js/face.js", cookie=session)
    assert script.status == 200 and script.header("Content-Type").startswith("text/javascript")
    head = web.request("HEAD", "/", cookie=session)
    assert head.status == 200 and head.body == b"" and head.header("Content-Length") == str(len(page.body))

    again = web.request("GET", path)
    assert again.status == 403 and b"used already" in again.body
    # A code nobody made, and something that is not a code, let nobody in either.
    assert web.request("GET", "/login?code=" + "ab" * 32).status == 403
    assert web.request("GET", "/login?code=../../etc/passwd").status == 403


def test_an_old_code_is_refused(web):
    path = web.login_url().removeprefix(web.origin)
    code_file = web.state / "codes" / path.split("=")[1]
    old = code_file.stat().st_mtime - 121
    os.utime(code_file, (old, old))
    r = web.request("GET", path)
    assert r.status == 403 and b"older than 120 seconds" in r.body
    assert not code_file.exists()


def test_codes_are_private_to_the_user(web):
    path = web.login_url().removeprefix(web.origin)
    code_file = web.state / "codes" / path.split("=")[1]
    assert stat.S_IMODE(web.state.stat().st_mode) == 0o700
    assert stat.S_IMODE((web.state / "codes").stat().st_mode) == 0o700
    assert stat.S_IMODE(code_file.stat().st_mode) == 0o600
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        return
    # As another user (nobody), the code can be neither listed, nor read, nor made. The test's own folders above
    # are opened for passing through first, so what stops nobody is noiseweb's folder and nothing else.
    folder = web.state.parent
    while folder != folder.parent and folder.stat().st_uid == os.geteuid() and str(folder).startswith("/tmp/"):
        folder.chmod(stat.S_IMODE(folder.stat().st_mode) | 0o755)
        folder = folder.parent
    opened = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", "ls", str(web.state.parent)],
                            capture_output=True, text=True)
    assert opened.returncode == 0 and "noiseweb" in opened.stdout, opened
    as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    for command in (["ls", str(web.state / "codes")], ["cat", str(code_file)],
                    ["touch", str(web.state / "codes" / ("cd" * 32))]):
        r = subprocess.run(as_nobody + command, capture_output=True, text=True)
        assert r.returncode != 0 and "Permission denied" in r.stderr, (command, r)


# ---------------------------------------------------------------- Host and Origin


def test_another_host_name_is_misdirected(web):
    session = web.login()
    for host in ("evil.example", f"evil.example:{web.port}", "127.0.0.1"):
        r = web.request("GET", "/", host=host, cookie=session)
        assert r.status == 421, (host, r.status)
        assert_security_headers(r)
    # No Host at all is no HTTP/1.1 request (RFC 9112 §3.2): 400 before anything reads it.
    r = web.request("GET", "/", host=None, cookie=session)
    assert r.status == 400 and r.json["error"]["code"] == "bad_host_header", r.body
    assert_security_headers(r)
    assert web.request("GET", "/", host=f"localhost:{web.port}", cookie=session).status == 200


def test_a_websocket_from_another_site_is_refused_and_ours_gets_the_status(web):
    """The gate runs on the upgrade as on any request; a refused upgrade gets no 101 (NIO's upgrader answers a
    declined WebSocket handshake with 400 and closes: Hummingbird can only accept or decline one), and the same
    request as plain HTTP gets the gate's own refusal."""
    session = web.login()
    for cookie, origin, status, words in ((session, "http://evil.example", 403, b"another site"),
                                          (session, None, 403, b"another site"),
                                          (None, web.origin, 401, b"noisectl web")):
        refused = web.websocket(cookie=cookie, origin=origin)
        assert refused.status == 400, (origin, refused.head)
        refused.close()
        plain = web.request("GET", "/ws", origin=origin, cookie=cookie)
        assert plain.status == status and words in plain.body, (origin, plain.status, plain.body)
        assert_security_headers(plain)

    ours = web.websocket(cookie=session, origin=web.origin)
    assert ours.status == 101, ours.head
    first = ours.message()
    assert first["event"] == "status" and first["data"]["protocol"] == 1, first
    ours.close()


def test_a_cross_site_post_is_refused(web):
    session = web.login()
    body = b'{"cmd": "play", "args": {"sounds": ["testloop"]}}'
    # What a form or fetch on another site can send without a preflight: text/plain, no custom header.
    r = web.request("POST", "/api/command", origin="http://evil.example", cookie=session, body=body,
                    headers={"Content-Type": "text/plain"})
    assert r.status == 403 and r.json["error"]["code"] == "bad_origin", r.body
    # The same from our own origin but as a simple request still is no command.
    r = web.request("POST", "/api/command", origin=web.origin, cookie=session, body=body,
                    headers={"Content-Type": "text/plain", "X-NoiseClock": "1"})
    assert r.status == 415 and r.json["error"]["code"] == "not_json", r.body
    r = web.request("POST", "/api/command", origin=web.origin, cookie=session, body=body,
                    headers={"Content-Type": "application/json"})
    assert r.status == 403 and r.json["error"]["code"] == "missing_header", r.body
    assert r.header("Cache-Control") == "no-store"
    assert web.daemon.status()["playing"] == []


# ---------------------------------------------------------------- commands and files


def test_a_command_is_relayed_and_noisectl_agrees(web):
    session = web.login()
    r = web.command_request("play", {"sounds": ["testloop"]}, cookie=session)
    assert r.status == 200 and r.json["ok"] is True, r.body
    assert [s["id"] for s in web.daemon.status()["playing"]] == ["testloop"]
    sounds = web.command_request("sounds", cookie=session)
    assert sounds.status == 200 and "testloop" in [s["id"] for s in sounds.json["data"]["sounds"]], sounds.body
    # The daemon's refusal passes through with its code and message.
    refused = web.command_request("play", {"sounds": ["no-such-sound"]}, cookie=session)
    assert refused.status == 400 and refused.json["ok"] is False, refused.body
    assert refused.json["error"]["code"] == "unknown_sound" and "no-such-sound" in refused.json["error"]["message"]
    assert_security_headers(refused)
    assert web.command_request("stop", cookie=session).status == 200


def test_only_files_under_the_web_root_are_served(make_daemon, make_web, testdata, tmp_path):
    root = tmp_path / "web"
    shutil.copytree(WH.WEB_ROOT, root)
    (root / "secret.html").symlink_to("/etc/passwd")
    (root / ".hidden.css").write_text("x")
    web = make_web(make_daemon(device="null"), web_root=root)
    session = web.login()
    for path in ("/secret.html", "/../../etc/passwd", "/%2e%2e/etc/passwd", "/.hidden.css", "/nothing.html"):
        r = web.request("GET", path, cookie=session)
        # A '..' segment is refused by the gate itself (400 bad_path); the rest find no such file.
        assert r.status == (400 if "/../" in path else 404), (path, r.status, r.body[:200])
        assert b"root:" not in r.body
        assert_security_headers(r)
    assert web.request("GET", "/css/face.css", cookie=session).header("Content-Type").startswith("text/css")


# ---------------------------------------------------------------- the daemon's life


def test_noised_going_away_and_coming_back(web):
    session = web.login()
    page = web.websocket(cookie=session, origin=web.origin)
    assert page.message()["event"] == "status"
    web.daemon.stop()
    down = page.message_named("daemon_down")
    assert "not running" in down["data"]["message"] or "closed" in down["data"]["message"], down
    r = web.command_request("sounds", cookie=session)
    assert r.status == 503 and r.json["error"]["code"] == "daemon_unreachable", r.body
    assert "noised is not running" in r.json["error"]["message"]

    web.daemon.start()
    assert page.message_named("daemon_up")["event"] == "daemon_up"
    assert page.message_named("status")["data"]["protocol"] == 1
    assert web.command_request("sounds", cookie=session).status == 200
    page.close()
