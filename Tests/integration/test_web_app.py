"""The web app on the home screen and offline (docs/web.md, "On the home screen, and offline"), end to end: the real
noised, noiseweb and noisectl, and the real headless Chromium. The manifest and the icons as noiseweb serves them
(each PNG's size read from its header), Chromium's own verdict on installing the app, the service worker
controlling the page, the face and a page visited before opening from its cache with noiseweb stopped and the banner
saying the daemon is unreachable, the API never cached, and the wake lock display mode takes on 127.0.0.1."""

from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from selenium.webdriver.common.by import By

import browser_harness as BH

PAGES = ("/", "/noise.html", "/alarms.html", "/mars", "/iss", "/life", "/world")


@pytest.fixture
def web(make_daemon, make_web, testdata):
    return make_web(make_daemon(device="null"))


@pytest.fixture
def app_browser(browser, web):
    """The worker's Chromium; afterwards this origin's service worker and caches are removed, so a later test whose
    noiseweb happens to get the same port starts with none."""
    yield browser
    browser.execute_cdp_cmd("Storage.clearDataForOrigin",
                            {"origin": web.origin, "storageTypes": "service_workers,cache_storage"})


def js(driver, script: str, *args):
    return driver.execute_script(script, *args)


def js_async(driver, body: str, *args):
    """Runs ``body`` (which may await) in the page and returns what it returns, or {"error": message}."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"(async (...args) => {{ {body} }})(...Array.from(arguments).slice(0, -1))"
        ".then(done, (e) => done({error: String(e)}));", *args)


def cached_paths(driver) -> list:
    """Every request kept in the page's origin's caches, as path and query, with the cache's name."""
    return js_async(driver, """
        const found = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) {
            const url = new URL(request.url);
            found.push([name, url.pathname + url.search]);
          }
        }
        return found;""")


def worker_ready(driver) -> bool:
    return js(driver, "return document.documentElement.dataset.serviceWorker") == "ready"


def open_face(driver, web) -> None:
    BH.log_in(driver, web)
    BH.wait_for(driver, lambda d: js(d, "return document.getElementById('digits').textContent"), "the digits")
    BH.wait_for(driver, worker_ready, "the service worker to be registered and active")


def banner(driver) -> str:
    return js(driver, "const b = document.querySelector('p.banner'); return b && !b.hidden ? b.textContent : ''")


def png_size(data: bytes) -> tuple:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", data[:16]
    return struct.unpack(">II", data[16:24])


class HeadLinks(HTMLParser):
    """The <link> and <meta> tags of a page's <head>, as attribute dictionaries."""

    def __init__(self):
        super().__init__()
        self.links, self.metas, self.in_head = [], [], False

    def handle_starttag(self, tag, attrs):
        if tag == "head":
            self.in_head = True
        elif self.in_head and tag == "link":
            self.links.append(dict(attrs))
        elif self.in_head and tag == "meta":
            self.metas.append(dict(attrs))

    def handle_endtag(self, tag):
        if tag == "head":
            self.in_head = False


# ---------------------------------------------------------------- the manifest and the icons


def test_the_manifest_and_every_icon_it_names_are_served_as_they_say_and_every_page_links_them(web):
    cookie = web.login()
    get = lambda path: web.request("GET", path, cookie=cookie)  # noqa: E731

    r = get("/manifest.webmanifest")
    assert r.status == 200 and r.header("Content-Type") == "application/manifest+json", (r.status, r.headers)
    manifest = json.loads(r.body)
    assert manifest["name"] == "NoiseClock" and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    assert manifest["background_color"] == manifest["theme_color"] == "#000000"

    sizes = set()
    for icon in manifest["icons"]:
        r = get(icon["src"])
        assert r.status == 200 and r.header("Content-Type") == icon["type"], (icon, r.status, r.headers)
        if icon["type"] == "image/png":
            width, height = png_size(r.body)
            assert icon["sizes"] == f"{width}x{height}", (icon, width, height)
            sizes.add(width)
        else:
            assert icon["type"] == "image/svg+xml" and icon["sizes"] == "any", icon
            svg = ET.fromstring(r.body)
            assert svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.get("viewBox") == "0 0 512 512", svg.attrib
    assert {192, 512} <= sizes, sizes  # what Chrome asks for to offer installing
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])

    # Every file needs the session, and a manifest is fetched without cookies unless the link asks for them.
    assert web.request("GET", "/manifest.webmanifest").status == 401

    for page in PAGES:
        r = get(page)
        assert r.status == 200, (page, r.status)
        head = HeadLinks()
        head.feed(r.body.decode())
        by_rel = {link["rel"]: link for link in head.links}
        assert by_rel["manifest"]["href"] == "/manifest.webmanifest", page
        assert by_rel["manifest"].get("crossorigin") == "use-credentials", page
        assert by_rel["icon"]["href"] == "/icon.svg", page
        touch = get(by_rel["apple-touch-icon"]["href"])
        assert touch.header("Content-Type") == "image/png" and png_size(touch.body) == (180, 180), page
        assert {"name": "theme-color", "content": "#000000"} in head.metas, (page, head.metas)


def test_chromium_finds_the_app_installable(web, app_browser):
    open_face(app_browser, web)
    manifest = app_browser.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["url"] == web.origin + "/manifest.webmanifest" and manifest["errors"] == [], manifest
    reply = app_browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})
    assert reply["installabilityErrors"] == [], reply
    BH.screenshot(app_browser, "app-installable-face")


# ---------------------------------------------------------------- the service worker


def test_the_service_worker_activates_and_controls_the_page_after_a_reload(web, app_browser):
    open_face(app_browser, web)
    assert js(app_browser, "return window.isSecureContext")  # 127.0.0.1 is one: the worker may run
    app_browser.refresh()
    BH.wait_for(app_browser, lambda d: js(d, "const c = navigator.serviceWorker.controller;"
                                            "return c && c.state === 'activated' ? c.scriptURL : null"),
                "the worker to control the reloaded page")
    assert js(app_browser, "return navigator.serviceWorker.controller.scriptURL") == web.origin + "/sw.js"
    # The reload itself was answered through the worker, and the face still draws under it.
    assert js(app_browser, "return performance.getEntriesByType('navigation')[0].workerStart") > 0
    BH.wait_for(app_browser, lambda d: js(d, "return document.getElementById('digits').textContent"), "the digits")
    BH.wait_for(app_browser, lambda d: banner(d) == "" and js(d, "return document.getElementById('banner').hidden"),
                "the link to be up (no banner)")
    assert BH.console(app_browser) == []  # no CSP violation, no failed fetch, nothing logged


def test_with_noiseweb_stopped_the_face_and_a_page_seen_before_open_from_the_cache_and_say_so(web, app_browser):
    open_face(app_browser, web)
    # One visit is enough: the page hands the worker the files it loaded before the worker ran.
    BH.wait_for(app_browser, lambda d: {"/", "/js/face.js", "/js/link.js", "/css/face.css"}
                <= {path for _, path in cached_paths(d)}, "the face's files to be kept")
    app_browser.get(web.origin + "/world")
    BH.wait_for(app_browser, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-loaded]"), "the world page")

    assert web.stop() is not None and web.proc.poll() is not None
    app_browser.get(web.origin + "/")
    BH.wait_for(app_browser, lambda d: js(d, "return document.getElementById('digits')?.textContent"),
                "the face's digits, from the cache")
    BH.wait_for(app_browser, lambda d: "Daemon unreachable" in banner(d), "the banner to say the daemon is unreachable")
    assert "noiseweb cannot be reached" in banner(app_browser), banner(app_browser)
    # Nothing live came with it: the page's own request for the settings fails.
    probe = js_async(app_browser, "try { await fetch('/api/clock'); return 'answered'; } catch (e) { return 'failed'; }")
    assert probe == "failed"
    BH.screenshot(app_browser, "app-offline-face")

    app_browser.get(web.origin + "/world")
    BH.wait_for(app_browser, lambda d: "Daemon unreachable" in banner(d), "the world page's banner, offline")
    assert app_browser.title == "World · NoiseClock"
    assert app_browser.find_element(By.CSS_SELECTOR, 'nav.pages a[aria-current="page"]').text == "World"

    # A page never opened was never kept: offline it is the browser's own error, not a page of ours.
    app_browser.get(web.origin + "/mars")
    assert app_browser.title != "Mars · NoiseClock"
    assert not app_browser.find_elements(By.CSS_SELECTOR, "nav.pages")


def test_the_api_and_the_login_are_never_kept(web, app_browser):
    open_face(app_browser, web)
    app_browser.refresh()  # now under the worker: /api/clock and /ws are asked for past it, if at all
    BH.wait_for(app_browser, lambda d: js(d, "return navigator.serviceWorker.controller !== null"), "the worker")
    BH.wait_for(app_browser, lambda d: js(d, "return document.getElementById('banner').hidden"), "the link")
    asked = js(app_browser, "return performance.getEntriesByType('resource').map(r => new URL(r.name).pathname)")
    assert "/api/clock" in asked, asked  # the face did read its settings on this load
    BH.wait_for(app_browser, lambda d: "/js/face.js" in {path for _, path in cached_paths(d)}, "the face's files kept")

    kept = cached_paths(app_browser)
    assert {name for name, _ in kept} == {"noiseclock-files-v1"}, kept
    paths = [path for _, path in kept]
    # The night screen's style sheet changes with the time of day: never kept either (docs/web.md).
    assert "/css/night.css" in asked, asked
    assert not [p for p in paths if p.startswith(("/api", "/ws", "/login", "/pair", "/ca.crt", "/css/night.css"))], paths
    assert js_async(app_browser, "return (await caches.match('/api/clock')) === undefined") is True


# ---------------------------------------------------------------- the wake lock


def test_display_mode_holds_the_wake_lock_on_127_0_0_1(web, app_browser):
    open_face(app_browser, web)
    app_browser.find_element(By.ID, "display-button").click()
    BH.wait_for(app_browser, lambda d: js(d, "return document.documentElement.dataset.wakeLock") not in (None, "off"),
                "the wake lock to be answered")
    assert js(app_browser, "return document.documentElement.dataset.wakeLock") == "held"
