"""The night screen (docs/web.md, "The night screen"), end to end: the real noised, noiseweb and noisectl, and the
real headless Chromium, with [clock] night set to a window around now. Every page, sampled from the moment its
navigation starts, never shows a pixel brighter than the cap (nor the touched face, nor its controls); the ringing
screen at night starts capped and rises no faster than the cap's transition allows; and the face's digits are
centred within 2 % in portrait and landscape, walking the burn-in shift's few pixels."""

from __future__ import annotations

import base64
import time
import tomllib
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import browser_harness as BH
from test_web_pages import ctl_json

PAGES = ("/", "/noise.html", "/alarms.html", "/mars", "/iss", "/life", "/world")
BRIGHTNESS = 25
CAP = round(255 * BRIGHTNESS / 100)  # the brightest red at night; green and blue are 0 (night_color #ff0000)
SLACK = 2  # the blend's rounding
RISE_SECONDS = 5  # NightLook.riseSeconds


@pytest.fixture
def web(make_daemon, make_web, testdata):
    web = make_web(make_daemon(device="null"))
    # Two hours either side of now, on the machine's (noiseweb's) clock: night whenever the test runs.
    now = time.time()
    window = "-".join(time.strftime("%H:%M", time.localtime(now + hours * 3600)) for hours in (-2, 2))
    web.set_clock(night=window, night_brightness=BRIGHTNESS)  # the hours: the browser's (12-hour, with AM/PM)
    return web


def capture(driver) -> bytes:
    """One frame as the screen shows it now (CDP waits for the next frame the compositor draws)."""
    return base64.b64decode(driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])


def assert_capped(frames: list[bytes], what: str) -> tuple[int, int, int]:
    brightest = [BH.brightest(frame) for frame in frames]
    worst = tuple(max(b[channel] for b in brightest) for channel in range(3))
    assert worst[0] <= CAP + SLACK and worst[1] <= SLACK and worst[2] <= SLACK, (what, worst, brightest)
    return worst


def night_reading(driver) -> dict:
    reply = driver.execute_async_script("""const done = arguments[arguments.length - 1];
        import('/js/link.js').then(link => link.reading('/api/night')).then(done)""")
    assert reply["ok"], reply
    return reply["data"]


def config_path(web) -> Path:
    return Path(web.daemon.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"


def loaded(driver) -> bool:
    return driver.execute_script("return document.readyState === 'complete' && "
                                 "document.documentElement.classList.contains('night')")


def test_every_page_is_dark_from_its_first_frame_at_night_and_a_touch_wakes_its_controls_capped(web, browser):
    BH.set_viewport(browser, 390, 844)
    BH.log_in(browser, web)
    BH.wait_for(browser, loaded, "the face at night")
    answer = night_reading(browser)
    assert answer["night"] and answer["cap"] == f"rgb({CAP} 0 0)" and answer["rise_seconds"] == RISE_SECONDS, answer
    sheet = browser.execute_async_script("""const done = arguments[arguments.length - 1];
        fetch('/css/night.css').then(async r => done([r.status, r.headers.get('Cache-Control'), await r.text()]))""")
    assert sheet[0] == 200 and "no-store" in sheet[1] and "html:not(.day)::after { opacity: 1; }" in sheet[2], sheet
    figures = {}
    # Each request slowed down, so a page takes a while to load and many frames are drawn on the way.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1})
    for path in PAGES + ("/",):
        # From the navigation's start: the frames while it loads, until its script has switched to the night's
        # class, and two more.
        browser.execute_cdp_cmd("Page.navigate", {"url": web.origin + path})
        frames, extra = [], 2
        while extra > 0 and len(frames) < 60:
            frames.append(capture(browser))
            if loaded(browser):
                extra -= 1
        figures[path] = (len(frames), assert_capped(frames, path))
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    # Touched in display mode: a hold brings the bar and its controls back, and they open the settings panel,
    # all at the night's brightness.
    browser.find_element(By.ID, "display-button").click()
    BH.wait_for(browser, lambda d: d.execute_script("return document.documentElement.dataset.display") == "on",
                "display mode")
    face = browser.find_element(By.ID, "face")
    ActionChains(browser).click_and_hold(face).perform()
    frames = [capture(browser)]
    BH.wait_for(browser, lambda d: d.execute_script("return document.documentElement.dataset.hold") == "ready",
                "the hold")
    ActionChains(browser).release(face).perform()
    BH.wait_for(browser, lambda d: d.execute_script("return document.documentElement.dataset.display") == "off",
                "the controls back")
    frames += [capture(browser) for _ in range(2)]
    browser.find_element(By.ID, "settings-button").click()
    BH.wait_for(browser, lambda d: d.find_element(By.ID, "settings").is_displayed(), "the settings panel")
    frames += [capture(browser) for _ in range(2)]
    figures["touched"] = (len(frames), assert_capped(frames, "the controls after a touch"))
    # The settings panel's Night screen saves [clock] night, which /api/night answers at once.
    Select(browser.find_element(By.ID, "setting-night")).select_by_value("sun")
    BH.wait_for(browser, lambda d: night_reading(d)["schedule"] == "sun", "night = \"sun\" saved and read")
    assert tomllib.loads(config_path(web).read_text())["clock"]["night"] == "sun"
    sun = night_reading(browser)
    assert sun["next_change"] > time.time() and sun.get("note"), sun  # no [location]: the zone's city, said
    Select(browser.find_element(By.ID, "setting-night")).select_by_value("hours")
    # Between times again: the two time fields still hold the window saved before.
    BH.wait_for(browser, lambda d: night_reading(d)["schedule"] == answer["schedule"], "the times saved again")
    BH.screenshot(browser, "night-settings-390x844")
    print("night frames (count, brightest RGB):", figures)


def test_the_ringing_screen_at_night_starts_capped_and_rises_over_seconds_never_at_once(web, browser):
    BH.set_viewport(browser, 390, 844)
    BH.log_in(browser, web)
    BH.wait_for(browser, loaded, "the face at night")
    # When the ringing screen's class arrives, in the page's own clock.
    browser.execute_script("""new MutationObserver(() => {
        const ringing = document.documentElement.classList.contains('alarm-ringing');
        if (ringing && !window.ringAt) window.ringAt = performance.now();
    }).observe(document.documentElement, {attributes: true})""")
    trigger = int(time.time()) + 3
    ctl_json(web.daemon, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), "--label", "Night")
    samples = []  # (seconds since the ring's class, brightest red), frames with the ringing screen on
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        frame = capture(browser)
        since = browser.execute_script("return window.ringAt ? (performance.now() - window.ringAt) / 1000 : null")
        red = BH.brightest(frame)[0]
        if since is None:
            assert red <= CAP + SLACK, ("before the ring", red)
            continue
        samples.append((since, red))
        if since > RISE_SECONDS + 1:
            break
    assert samples, "the ringing screen never came"
    # The first frames are the night look, and each is no brighter than a linear rise over RISE_SECONDS allows
    # (measured after the frame, so the bound is generous to a slow machine, never strict).
    for since, red in samples:
        allowed = CAP + (255 - CAP) * min(1, since / RISE_SECONDS) + SLACK
        assert red <= allowed, (since, red, allowed, samples)
    assert samples[0][1] <= CAP + (255 - CAP) * min(1, samples[0][0] / RISE_SECONDS) + SLACK
    assert samples[-1][1] > 200, ("the cap lifted", samples)  # and it does rise, to wake
    print("ringing at night (s, brightest red):", [(round(s, 2), r) for s, r in samples])


@pytest.mark.parametrize("width,height", [(390, 844), (844, 390)])
def test_the_digits_are_centred_in_portrait_and_landscape_and_walk_the_burn_in_shift(web, browser, width, height):
    BH.set_viewport(browser, width, height)
    BH.log_in(browser, web)
    BH.wait_for(browser, lambda d: d.execute_script(
        "const f = document.getElementById('face'), c = document.getElementById('clock');"
        "return c.dataset.fitted === f.clientWidth + 'x' + f.clientHeight && document.fonts.status === 'loaded'"),
        "the face fitted")
    for display in (False, True):
        if display:
            browser.find_element(By.ID, "display-button").click()
            BH.wait_for(browser, lambda d: d.execute_script(
                "return document.documentElement.classList.contains('display-mode') && "
                "document.getElementById('clock').dataset.fitted === innerWidth + 'x' + innerHeight"),
                "display mode fitted to the screen")
        box = browser.execute_script("""const cells = [...document.querySelectorAll('#digits .cell')]
                .map(c => c.getBoundingClientRect());
            const face = document.getElementById('face').getBoundingClientRect();
            const shift = getComputedStyle(document.getElementById('clock')).translate;
            const ink = document.getElementById('digits').getBoundingClientRect();
            return {left: Math.min(...cells.map(b => b.left)), right: Math.max(...cells.map(b => b.right)),
                    top: ink.top, bottom: ink.bottom, face: [face.left, face.top, face.right, face.bottom], shift}""")
        fl, ft, fr, fb = box["face"]
        off_x = ((box["left"] + box["right"]) / 2 - (fl + fr) / 2) / (fr - fl)
        off_y = ((box["top"] + box["bottom"]) / 2 - (ft + fb) / 2) / (fb - ft)
        print(f"{width}x{height} display={display}: off-centre {off_x:+.2%} across, {off_y:+.2%} down; "
              f"shift {box['shift']}")
        assert abs(off_x) <= 0.02 and abs(off_y) <= 0.02, (width, height, display, box)
        BH.screenshot(browser, f"night-face-{'display-' if display else ''}{width}x{height}")
    # The shift: a pure function of the minute, a few pixels from the centre, one step a minute.
    shifts = browser.execute_async_script("""const done = arguments[arguments.length - 1];
        import('/js/face-clock.js').then(m => done([...Array(101).keys()].map(i => m.burnInShift(29000000 + i))))""")
    assert len({(s["x"], s["y"]) for s in shifts}) == 25
    assert all(abs(s["x"]) <= 4 and abs(s["y"]) <= 4 for s in shifts)
    assert all(max(abs(a["x"] - b["x"]), abs(a["y"] - b["y"])) <= 2 for a, b in zip(shifts, shifts[1:]))
