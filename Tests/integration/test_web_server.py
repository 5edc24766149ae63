"""noiseweb as a service (docs/web.md, "Units" and "The clock settings"): started by the socket systemd passes
(through systemd-socket-activate, as noiseweb.socket does), and the face's [clock] settings read and saved in the
user's config.toml through /api/clock, the file's other lines kept, a bad value refused with nothing saved."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

import harness as H
import web_harness as WH


@pytest.fixture
def web(make_daemon, make_web, testdata):
    return make_web(make_daemon(device="null"))


def config_path(web: WH.Web) -> Path:
    return Path(web.daemon.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"


def post_clock(web: WH.Web, cookie: str, body: bytes) -> WH.Reply:
    return web.request("POST", "/api/clock", origin=web.origin, cookie=cookie, body=body,
                       headers={"Content-Type": "application/json", "X-NoiseClock": "1"})


def test_the_clock_settings_are_config_tomls_clock_table(web):
    cookie = web.login()
    config = config_path(web)
    config.write_text(config.read_text() + "\n# my own note\n[clock]\nseconds = true   # keep me\ncolor = \"red\"\n")
    r = web.request("GET", "/api/clock", cookie=cookie)
    assert r.status == 200, r.body
    data = r.json["data"]
    assert data["seconds"] is True and data["color"] == "red"
    assert data["glow"] == 0 and data["weight"] == 300 and data["font"] == "" and data["now_playing"] is True
    assert "warning" not in r.json

    r = post_clock(web, cookie, json.dumps({"glow": 40, "color": "#ff8800", "design": "monospaced"}).encode())
    assert r.status == 200, r.body
    assert r.json["data"]["glow"] == 40 and r.json["data"]["color"] == "#ff8800" and r.json["data"]["seconds"] is True
    text = config.read_text()
    assert "# my own note" in text and "seconds = true   # keep me" in text and f'listen = "{web.host}"' in text
    assert "glow = 40" in text and 'color = "#ff8800"' in text and 'design = "monospaced"' in text
    # The daemon reads the saved file as valid, as noisectl clock's saves are.
    check = subprocess.run([str(H.bin_dir() / "noised"), "--check-config", str(config)], capture_output=True, text=True,
                           timeout=20)
    assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.parametrize("body,words", [
    ({"glow": 140}, "clock.glow: must be an integer 0 to 100 (percent); got 140"),
    ({"weight": 450}, "in steps of 100"),
    ({"font": "x;}body{"}, "is not a font family's name"),
    ({"zones": ["Europe/Berlin"]}, "[clock] has no setting 'zones'"),
    ({"glow": None}, "give a string, a number, true or false"),
])
def test_a_bad_setting_is_refused_in_words_and_nothing_is_saved(web, body, words):
    cookie = web.login()
    before = config_path(web).read_bytes()
    r = post_clock(web, cookie, json.dumps(body).encode())
    assert r.status == 400, r.body
    assert r.json["error"]["code"] == "invalid_setting" and words in r.json["error"]["message"], r.json
    assert config_path(web).read_bytes() == before


def test_a_config_with_problems_is_not_saved_over(web):
    cookie = web.login()
    config = config_path(web)
    config.write_text(config.read_text() + "\n[clock]\nglow = \"bright\"\n")
    before = config.read_bytes()
    r = web.request("GET", "/api/clock", cookie=cookie)
    assert r.status == 200 and r.json["data"]["glow"] == 0 and "clock.glow" in r.json["warning"], r.body
    r = post_clock(web, cookie, b'{"seconds": true}')
    assert r.status == 409 and r.json["error"]["code"] == "config_unusable", r.body
    assert "fix it first" in r.json["error"]["message"]
    assert config.read_bytes() == before


@pytest.mark.parametrize("body,words", [
    ({"latitude": 91}, "location.latitude"),
    ({"longitude": "east"}, "location.longitude"),
    ({"glow": 40}, "[location] has no setting 'glow'"),
])
def test_the_location_is_saved_as_noisectl_location_set_saves_it_and_a_bad_one_refused(web, body, words):
    cookie = web.login()
    before = config_path(web).read_bytes()
    r = web.request("POST", "/api/location", origin=web.origin, cookie=cookie, body=json.dumps(body).encode(),
                    headers={"Content-Type": "application/json", "X-NoiseClock": "1"})
    assert r.status == 400 and r.json["error"]["code"] == "invalid_setting" and words in r.json["error"]["message"], r.body
    assert config_path(web).read_bytes() == before
    r = web.request("POST", "/api/location", origin=web.origin, cookie=cookie,
                    body=b'{"latitude": 48.8566, "longitude": 2.3522, "name": "Paris"}',
                    headers={"Content-Type": "application/json", "X-NoiseClock": "1"})
    assert r.status == 200 and r.json["data"]["name"] == "Paris", r.body
    shown = H.noisectl("--json", "location", env=web.daemon.env()).json
    assert (shown["latitude"], shown["longitude"], shown["name"]) == (48.8566, 2.3522, "Paris"), shown
    assert web.request("GET", "/api/location", cookie=cookie).json["data"]["latitude"] == 48.8566
    r = web.request("POST", "/api/location", origin="http://evil.example", cookie=cookie, body=b'{"latitude": 1}',
                    headers={"Content-Type": "application/json", "X-NoiseClock": "1"})
    assert r.status == 403


def test_changing_the_settings_is_refused_cross_site(web):
    cookie = web.login()
    before = config_path(web).read_bytes()
    r = web.request("POST", "/api/clock", origin="http://evil.example", cookie=cookie, body=b'{"glow": 10}',
                    headers={"Content-Type": "application/json", "X-NoiseClock": "1"})
    assert r.status == 403
    r = web.request("POST", "/api/clock", origin=web.origin, cookie=cookie, body=b'{"glow": 10}',
                    headers={"Content-Type": "text/plain"})
    assert r.status == 403
    assert config_path(web).read_bytes() == before


def test_systemd_passes_the_socket_and_noiseweb_serves_on_it(make_daemon, make_web, testdata, tmp_path):
    activate = shutil.which("systemd-socket-activate")
    assert activate, "systemd-socket-activate (Debian package systemd) is missing"
    daemon = make_daemon(device="null")
    # Configured elsewhere on purpose: the socket systemd passes wins, and its address is the Host accepted.
    web = make_web(daemon, start=False)
    port = WH.free_port()
    passed = [f"-E{name}" for name in sorted(daemon.env_dirs) if name != "HOME"]
    log_path = tmp_path / "activate.log"
    with open(log_path, "w") as log:
        proc = H._register(subprocess.Popen(
            [activate, "-l", f"127.0.0.1:{port}", "--fdname=noiseweb", *passed, *web.command()],
            env=daemon.env(), stdout=log, stderr=subprocess.STDOUT))
    try:
        web.port, web.host = port, f"127.0.0.1:{port}"
        web.origin = f"http://{web.host}"
        H.wait_until(lambda: "Listening on" in log_path.read_text(errors="replace"), 10, 0.05, "the passed socket")
        assert "Execing" not in log_path.read_text(), "noiseweb started before anyone connected"
        # noisectl web, told the passed socket's address, makes the first connection itself (is noiseweb there?),
        # which starts noiseweb; it logs in with the code noisectl web wrote.
        configured = web_configured_port(web)
        config_path(web).write_text(config_path(web).read_text().replace(f"127.0.0.1:{configured}", f"127.0.0.1:{port}"))
        url = web.login_url()
        assert url.startswith(web.origin + "/login?code="), url
        r = web.request("GET", url.removeprefix(web.origin))
        assert r.status == 200, (r.status, r.body, log_path.read_text())
        text = log_path.read_text(errors="replace")
        assert f"listening on http://127.0.0.1:{port}" in text, text
        # Host names the passed socket's address; the configured port is not this server's.
        assert web.request("GET", "/", host=f"127.0.0.1:{configured}").status == 421
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0, log_path.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()


def web_configured_port(web: WH.Web) -> int:
    text = config_path(web).read_text()
    return int(text.split('listen = "127.0.0.1:', 1)[1].split('"', 1)[0])


def test_an_unchanged_file_is_answered_304_with_no_bytes(make_daemon, make_web, testdata):
    """Issue 52: the page's files carry a validator (ETag); a browser asking again for one it holds gets 304 and no
    bytes."""
    web = make_web(make_daemon(device="null"))
    session = web.login()
    first = web.request("GET", "/js/link.js", cookie=session)
    tag = first.header("ETag")
    assert first.status == 200 and first.body and tag and tag.startswith('"'), first.headers
    again = web.request("GET", "/js/link.js", cookie=session, headers={"If-None-Match": tag})
    assert again.status == 304 and again.body == b"" and again.header("ETag") == tag, (again.status, again.headers)
    assert web.request("GET", "/js/link.js", cookie=session, headers={"If-None-Match": '"other"'}).status == 200
    # A file served without a session is still refused, validator or not.
    assert web.request("GET", "/js/link.js", headers={"If-None-Match": tag}).status == 401

