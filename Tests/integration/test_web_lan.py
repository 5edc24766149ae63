"""The phone on the LAN (docs/web.md, "The phone on the LAN"), end to end: the real noised, noiseweb and noisectl,
the LAN mode on a second loopback address (127.0.0.2) over HTTPS with the certificate noiseweb made itself, checked
with Python's `cryptography`, trusted by a real headless Chromium through its NSS database (certutil), and paired
with the URL `noisectl web pair` prints, whose QR code is read back with zbarimg."""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import re
import shutil
import socket
import stat
import subprocess
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID
from selenium.webdriver.common.by import By

import browser_harness as BH
import harness as H
import web_harness as WH


@pytest.fixture
def lan(make_daemon, make_web):
    return make_web(make_daemon(device="null"), lan=True)


def lan_folder(web) -> Path:
    return Path(web.daemon.env_dirs["XDG_STATE_HOME"]) / "noiseweb"


def pair(web, *args) -> dict:
    r = H.noisectl("web", "pair", "--json", *args, env=web.daemon.env())
    assert r.returncode == 0, str(r)
    return json.loads(r.stdout)


def devices(web) -> list:
    r = H.noisectl("web", "devices", "--json", env=web.daemon.env())
    assert r.returncode == 0, str(r)
    return json.loads(r.stdout)["devices"]


def https(web, method: str, path: str, **kw) -> WH.Reply:
    return web.lan_request(method, path, **kw)


def paired_cookie(web, *args) -> str:
    """A paired device's cookie (`name=value`), through `noisectl web pair` and `/pair`."""
    url = pair(web, *args)["url"]
    r = https(web, "GET", url.removeprefix(web.lan_origin))
    assert r.status == 200, (r.status, r.body)
    cookie = r.header("Set-Cookie").split(";", 1)[0]
    web.keys[cookie] = WH.signed_in_key(r)
    return cookie


# ---------------------------------------------------------------- the certificate


def test_the_certificate_is_made_for_this_machine_by_an_authority_of_its_own(lan):
    folder = lan_folder(lan)
    authority = x509.load_pem_x509_certificate((folder / "ca.pem").read_bytes())
    server = x509.load_pem_x509_certificate((folder / "server.pem").read_bytes())

    constraints = authority.extensions.get_extension_for_class(x509.BasicConstraints)
    assert constraints.critical and constraints.value.ca and constraints.value.path_length == 0
    assert authority.extensions.get_extension_for_class(x509.KeyUsage).value.key_cert_sign
    assert authority.issuer == authority.subject
    assert (authority.not_valid_after_utc - authority.not_valid_before_utc).days >= 3650

    assert server.issuer == authority.subject
    authority.public_key().verify(server.signature, server.tbs_certificate_bytes, ec.ECDSA(server.signature_hash_algorithm))
    assert not server.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert ExtendedKeyUsageOID.SERVER_AUTH in server.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    names = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert names.get_values_for_type(x509.IPAddress) == [ipaddress.ip_address(WH.LAN_HOST)]
    assert names.get_values_for_type(x509.DNSName) == [socket.gethostname().split(".")[0].lower() + ".local"]
    # Apple's most for a server certificate (398 days); the loopback page is never behind it.
    assert (server.not_valid_after_utc - server.not_valid_before_utc).days <= 398

    fingerprint = hashlib.sha256(authority.public_bytes(Encoding.DER)).hexdigest()
    shown = pair(lan)["fingerprint"]
    assert shown.replace(":", "").lower() == fingerprint and re.fullmatch(r"([0-9A-F]{2}:){31}[0-9A-F]{2}", shown)
    assert shown in lan.log(), "noiseweb logs the same fingerprint at start"

    # GET /ca.crt: the same authority, DER, for a phone to install; open without pairing (it is public).
    r = https(lan, "GET", "/ca.crt")
    assert r.status == 200 and r.header("Content-Type") == "application/x-x509-ca-cert"
    assert hashlib.sha256(r.body).hexdigest() == fingerprint


def test_the_same_certificate_is_kept_across_restarts(lan):
    before = {name: (lan_folder(lan) / name).read_bytes() for name in ("ca.pem", "server.pem")}
    lan.stop()
    lan.start()
    assert {name: (lan_folder(lan) / name).read_bytes() for name in before} == before
    assert lan.log().count("a new server certificate was made") == 1, "made at the first start only"


def test_keys_and_devices_are_private_to_the_user(lan):
    paired_cookie(lan)
    folder = lan_folder(lan)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for name in ("ca-key.pem", "server-key.pem", "devices.json"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.fail("this check needs root and setpriv to act as another user (the CI runs as root)")
    # Open the test's own folders above for passing through, so what stops nobody is noiseweb's folder alone.
    parent = folder.parent
    while parent != parent.parent and parent.stat().st_uid == os.geteuid() and str(parent).startswith("/tmp/"):
        parent.chmod(stat.S_IMODE(parent.stat().st_mode) | 0o755)
        parent = parent.parent
    as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    listed = subprocess.run(as_nobody + ["ls", str(folder.parent)], capture_output=True, text=True)
    assert listed.returncode == 0 and "noiseweb" in listed.stdout, listed
    for command in (["ls", str(folder)], ["cat", str(folder / "devices.json")], ["cat", str(folder / "ca-key.pem")]):
        r = subprocess.run(as_nobody + command, capture_output=True, text=True)
        assert r.returncode != 0 and "Permission denied" in r.stderr, (command, r)


# ---------------------------------------------------------------- pairing


def test_a_pairing_code_works_once_and_a_revoked_device_is_shut_out(lan):
    url = pair(lan, "--name", "night stand")["url"]
    assert url.startswith(f"{lan.lan_origin}/pair?code=")
    first = https(lan, "GET", url.removeprefix(lan.lan_origin),
                  headers={"User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36"})
    assert first.status == 200, first.body
    cookie = first.header("Set-Cookie")
    lan.keys[cookie.split(";", 1)[0]] = WH.signed_in_key(first)
    assert cookie.startswith("noiseclock_device=")
    assert {"Secure", "HttpOnly", "SameSite=Strict", "Path=/"} <= {part.strip() for part in cookie.split(";")}
    device = cookie.split(";", 1)[0]

    again = https(lan, "GET", url.removeprefix(lan.lan_origin))
    assert again.status == 403 and b"unknown or was used already" in again.body
    assert "Set-Cookie" not in again.headers

    listed = devices(lan)
    assert [d["name"] for d in listed] == ["night stand"] and "token" not in listed[0] and "key" not in listed[0]
    assert https(lan, "GET", "/api/clock", cookie=device).status == 200

    # Unnamed, the device is named by its browser.
    paired_cookie(lan)
    assert [d["name"] for d in devices(lan)][1] == "a browser"

    r = H.noisectl("web", "revoke", listed[0]["id"], env=lan.daemon.env())
    assert r.returncode == 0 and "Revoked 1 device" in r.stdout, str(r)
    refused = https(lan, "GET", "/api/clock", cookie=device)
    assert refused.status == 401 and refused.json["error"]["code"] == "device_not_paired"
    assert len(devices(lan)) == 1

    unknown = H.noisectl("web", "revoke", "ffffffff", env=lan.daemon.env())
    assert unknown.returncode == 1 and "no paired device has the id 'ffffffff'" in unknown.stderr
    assert len(devices(lan)) == 1, "a refused revoke changes nothing"


def test_an_old_pairing_code_is_refused(lan):
    url = pair(lan)["url"]
    code = url.rsplit("=", 1)[1]
    code_file = Path(lan.daemon.env_dirs["XDG_RUNTIME_DIR"]) / "noiseweb" / "pair" / code
    made = code_file.stat().st_mtime
    os.utime(code_file, (made - 601, made - 601))
    r = https(lan, "GET", url.removeprefix(lan.lan_origin))
    assert r.status == 403 and b"older than 600 seconds" in r.body
    assert devices(lan) == []


def test_the_lan_address_refuses_what_the_loopback_page_refuses(lan):
    device = paired_cookie(lan)
    lan_host = f"{WH.LAN_HOST}:{lan.lan_port}"
    # DNS rebinding: another name, or the loopback page's name, is not this listener's.
    for host in ("evil.example", f"127.0.0.1:{lan.lan_port}", f"127.0.0.1:{lan.port}"):
        assert https(lan, "GET", "/", host=host, cookie=device).status == 421, host
    command = json.dumps({"cmd": "sounds"}).encode()
    json_headers = {"Content-Type": "application/json", "X-NoiseClock": "1"}
    # An Origin must be this listener's own, https included: the page over plain HTTP is another origin.
    for origin in ("http://evil.example", f"http://{lan_host}", f"https://evil.example:{lan.lan_port}"):
        r = https(lan, "POST", "/api/command", origin=origin, cookie=device, headers=json_headers, body=command)
        assert r.status == 403 and r.json["error"]["code"] == "bad_origin", origin
    ok = https(lan, "POST", "/api/command", origin=f"https://{lan_host}", cookie=device, headers=json_headers, body=command)
    assert ok.status == 200 and ok.json["ok"], ok.body
    text = https(lan, "POST", "/api/command", origin=f"https://{lan_host}", cookie=device,
                 headers={"Content-Type": "text/plain", "X-NoiseClock": "1"}, body=command)
    assert text.status == 415
    # The loopback page's session is not a paired device, and each listener has its own way in.
    session = lan.login()
    assert https(lan, "GET", "/api/clock", cookie=f"noiseclock_session={session}").status == 401
    assert https(lan, "GET", "/login?code=" + "ab" * 32).status == 404
    assert lan.request("GET", "/pair?code=" + "ab" * 32).status == 404
    # No plain HTTP on the LAN port: a request in the clear gets no HTTP answer.
    with socket.create_connection((WH.LAN_HOST, lan.lan_port), timeout=5) as plain:
        plain.sendall(f"GET / HTTP/1.1\r\nHost: {lan_host}\r\n\r\n".encode())
        try:
            answer = plain.recv(4096)
        except ConnectionResetError:
            answer = b""
    assert not answer.startswith(b"HTTP/"), answer[:40]


def test_the_qr_code_reads_back_as_the_link(lan):
    r = H.noisectl("web", "pair", env=lan.daemon.env())
    assert r.returncode == 0, str(r)
    lines = r.stdout.splitlines()
    url = next(line for line in lines if line.startswith("https://"))
    assert url.startswith(f"{lan.lan_origin}/pair?code=")
    art = [line for line in lines if line and set(line) <= set(" ▀▄█")]
    assert len(art) > 10
    # Each character is two modules, one above the other; drawn, a module is dark. Scaled up for the reader.
    rows = []
    for line in art:
        rows.append([c in "▀█" for c in line])
        rows.append([c in "▄█" for c in line])
    scale = 4
    width = max(len(row) for row in rows)
    pbm = [f"P1\n{width * scale} {len(rows) * scale}\n"]
    for row in rows:
        bits = " ".join("1" if (x < len(row) and row[x]) else "0" for x in range(width) for _ in range(scale))
        pbm.extend([bits + "\n"] * scale)
    image = lan.daemon.root / "pair-qr.pbm"
    image.write_text("".join(pbm))
    decoded = subprocess.run(["zbarimg", "--raw", "-q", str(image)], capture_output=True, text=True)
    assert decoded.returncode == 0, decoded
    assert decoded.stdout.strip() == url
    assert lan.daemon.env_dirs["XDG_STATE_HOME"] and any("SHA-256 fingerprint" in line for line in lines)


def test_pair_turns_the_lan_mode_on_and_says_to_restart_noiseweb(make_daemon, make_web):
    web = make_web(make_daemon(device="null"))
    config = Path(web.daemon.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
    port = WH.free_port()
    r = H.noisectl("web", "pair", "--lan", f"{WH.LAN_HOST}:{port}", env=web.daemon.env())
    assert r.returncode == 1, str(r)
    assert f'[web] lan = "{WH.LAN_HOST}:{port}" was saved' in r.stdout
    assert "Restart it" in r.stderr and "noisectl web pair" in r.stderr
    assert f'lan = "{WH.LAN_HOST}:{port}"' in config.read_text()
    assert not (Path(web.daemon.env_dirs["XDG_RUNTIME_DIR"]) / "noiseweb" / "pair").exists() or \
        not any((Path(web.daemon.env_dirs["XDG_RUNTIME_DIR"]) / "noiseweb" / "pair").iterdir()), "no code is made"
    same = H.noisectl("web", "pair", "--lan", f"127.0.0.1:{web.port}", env=web.daemon.env())
    assert same.returncode == 1 and "cannot share a port" in same.stderr
    assert f'lan = "{WH.LAN_HOST}:{port}"' in config.read_text(), "a refused address is not saved"

    web.stop()
    web.lan_port, web.lan_origin = port, f"https://{WH.LAN_HOST}:{port}"
    web.start()
    shown = pair(web)
    assert shown["url"].startswith(f"https://{WH.LAN_HOST}:{port}/pair?code=")
    none = H.noisectl("web", "devices", env=web.daemon.env())
    assert none.returncode == 0 and "No device is paired" in none.stdout


def test_a_lan_address_that_cannot_be_bound_leaves_the_loopback_page_serving(make_daemon, make_web):
    web = make_web(make_daemon(device="null"), start=False)
    config = Path(web.daemon.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
    # 192.0.2.1 (TEST-NET-1) is no address of this machine: the bind fails, as after a network change took it.
    address = f"192.0.2.1:{WH.free_port()}"
    config.write_text(config.read_text() + f'lan = "{address}"\n')
    web.start()
    H.wait_until(lambda: f"cannot listen on {address}" in web.log(), 10, 0.05, "noiseweb to say the LAN address failed")
    assert "the LAN mode is off until noiseweb restarts" in web.log()
    assert web.proc.poll() is None, "noiseweb goes on"
    session = web.login()
    assert web.request("GET", "/api/clock", cookie=session).status == 200


# ---------------------------------------------------------------- in the browser


@pytest.fixture
def trusting_browser(lan):
    """A Chromium of this test's own whose NSS database trusts this noiseweb's authority (as a phone does once the
    person installs it): the page loads with no certificate warning, as a secure context."""
    if shutil.which("certutil") is None:
        pytest.fail("certutil (Debian: libnss3-tools) is missing; make test-deps installs it")
    home = lan.daemon.root / "browser-home"
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run(["certutil", "-N", "--empty-password", "-d", f"sql:{nssdb}"], check=True)
    subprocess.run(["certutil", "-A", "-n", "NoiseClock test CA", "-t", "C,,", "-i", str(lan_folder(lan) / "ca.pem"),
                    "-d", f"sql:{nssdb}"], check=True)
    driver = BH.start_chromium(env={**os.environ, "HOME": str(home)})
    yield driver
    driver.quit()


def test_a_phone_pairs_over_https_and_gets_the_face_as_a_secure_context(lan, trusting_browser):
    driver = trusting_browser
    url = pair(lan, "--name", "test phone")["url"]
    driver.get(url)
    BH.wait_for(driver, lambda d: d.execute_script("return document.getElementById('clock').dataset.fitted"),
                "the face's digits to be drawn over HTTPS")
    assert driver.current_url == lan.lan_origin + "/"
    assert driver.execute_script("return window.isSecureContext") is True
    assert driver.execute_script("return document.cookie") == "", "the device's cookie is HttpOnly"
    assert [d["name"] for d in devices(lan)] == ["test phone"]
    # The WebSocket over TLS (wss://) brings the daemon's status: the banner is hidden once it came.
    BH.wait_for(driver, lambda d: d.execute_script("return document.querySelector('p.banner').hidden"), "the live link")
    # Display mode asks for the wake lock, which exists only in a secure context.
    driver.find_element(By.TAG_NAME, "body").send_keys("f")
    BH.wait_for(driver, lambda d: d.execute_script("return document.documentElement.dataset.wakeLock") not in (None, "off"),
                "the wake lock to be asked for")
    assert driver.execute_script("return document.documentElement.dataset.wakeLock") != "unsupported"
    BH.screenshot(driver, "lan-face-paired")

    # The same code a second time: refused, in words.
    driver.get(url)
    assert "unknown or was used already" in driver.find_element(By.TAG_NAME, "body").text

    # Revoked while its page is open: the next event closes its socket instead of reaching it, and the page says why.
    driver.get(lan.lan_origin + "/")
    BH.wait_for(driver, lambda d: d.execute_script("return document.querySelector('p.banner').hidden"), "the live link again")
    H.noisectl("web", "revoke", "--all", env=lan.daemon.env())
    assert H.noisectl("volume", "40", socket=lan.daemon.socket).returncode == 0
    BH.wait_for(driver, lambda d: "not paired" in d.find_element(By.CSS_SELECTOR, "p.banner").text, "the banner to say so")
    BH.screenshot(driver, "lan-revoked-banner")
    driver.get(lan.lan_origin + "/")
    assert "not paired" in driver.find_element(By.TAG_NAME, "body").text
    BH.screenshot(driver, "lan-revoked")


def test_a_pairing_that_cannot_be_saved_leaves_its_code_good(lan):
    """Issue 51, F18: the code was spent before the device was saved, so a full disk cost the person the code."""
    url = pair(lan)["url"]
    saved = lan_folder(lan) / "devices.json"
    saved.mkdir()  # a folder where the list goes: saving it fails, as on a full disk
    r = https(lan, "GET", url.removeprefix(lan.lan_origin))
    assert r.status == 500 and b"could not be saved" in r.body, r.body
    saved.rmdir()
    again = https(lan, "GET", url.removeprefix(lan.lan_origin))
    assert again.status == 200 and WH.signed_in_key(again), again.body
    assert len(devices(lan)) == 1
    # And now it is spent.
    assert https(lan, "GET", url.removeprefix(lan.lan_origin)).status == 403


def test_a_device_cookie_without_its_key_opens_nothing(lan):
    """Issue 51, F2 on the LAN: a device's cookie alone (caught by a server on another port of this host) is not the
    device."""
    device = paired_cookie(lan)
    assert https(lan, "GET", "/api/clock", cookie=device).status == 200
    alone = https(lan, "GET", "/api/clock", cookie=device, key=None)
    assert alone.status == 401 and alone.json["error"]["code"] == "key_required", alone.body
    assert "pair" in alone.json["error"]["message"]


def test_a_paired_device_gets_the_pages_commands_and_nothing_else(lan):
    """Issue 51, F4 (and 52's 'a paired device's import refused'): a phone on the LAN may send what the pages send,
    never a path on this machine nor the store's recovery."""
    device = paired_cookie(lan)
    origin = lan.lan_origin
    json_headers = {"Content-Type": "application/json", "X-NoiseClock": "1"}
    for cmd, args in (("import", {"path": "/etc/shadow"}), ("store_recover", None)):
        body = json.dumps({"cmd": cmd, "args": args} if args else {"cmd": cmd}).encode()
        r = https(lan, "POST", "/api/command", origin=origin, cookie=device, headers=json_headers, body=body)
        assert r.status == 403 and r.json["error"]["code"] == "not_allowed_here", (cmd, r.body)
    ok = https(lan, "POST", "/api/command", origin=origin, cookie=device, headers=json_headers,
               body=json.dumps({"cmd": "sounds"}).encode())
    assert ok.status == 200 and ok.json["ok"], ok.body
