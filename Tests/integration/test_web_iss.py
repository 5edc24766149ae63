"""The ISS page (docs/web.md, "The ISS page"), end to end: the real noised, noiseweb and noisectl, and the real
headless Chromium. Every position on the page is Orbits', computed in noiseweb; each is checked against
`noisectl iss now --json` and `iss passes --json` at the same instant, as a user would import the elements
(`iss elements import`) and set the place (`location set`)."""

from __future__ import annotations

import datetime
import re
import zoneinfo

import pytest
from selenium.webdriver.common.by import By

import browser_harness as BH
import harness as H
from test_satellites import ISS
from test_web_pages import assert_clean_console, click, ctl_json, text_of

# 2024-01-01T16:39:23Z: the ISS over southern England, 4.7 h after its elements' epoch (test_satellites' set).
AT = 1704127163
AT_ISO = "2024-01-01T16:39:23Z"


@pytest.fixture
def web(make_daemon, make_web, testdata, tmp_path):
    daemon = make_daemon(device="null")
    # Made first: it writes config.toml's [web] anew, and `location set` then adds [location] to it.
    page = make_web(daemon)
    elements = tmp_path / "iss.tle"
    elements.write_text("\n".join(ISS) + "\n")
    # Commands that need no daemon take no --socket: run in the daemon's environment (its XDG folders) alone.
    for args in (("iss", "elements", "import", str(elements)), ("location", "set", "51.5074,-0.1278", "--name", "London")):
        r = H.noisectl(*args, env=daemon.env())
        assert r.returncode == 0, str(r)
    return page


def open_iss(driver, web, query: str):
    BH.log_in(driver, web, "/iss" + query)
    BH.wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-loaded] #map[data-drawn]"), "the map drawn")


def marker(driver, css: str) -> dict:
    return driver.execute_script(
        "const g = document.querySelector(arguments[0]);"
        "return {lat: Number(g.dataset.lat), lon: Number(g.dataset.lon), transform: g.getAttribute('transform'),"
        "        shown: getComputedStyle(g).display !== 'none' && g.getBoundingClientRect().width > 0};", css)


def test_the_station_is_where_noisectl_puts_it_and_the_map_draws_round_it(web, browser):
    open_iss(browser, web, f"?at={AT}")
    now = ctl_json(web.daemon, "iss", "now", "--time", AT_ISO)
    station = marker(browser, "#station")
    assert abs(station["lat"] - now["latitude_deg"]) < 0.01 and abs(station["lon"] - now["longitude_deg"]) < 0.01, (station, now)
    assert station["shown"], station
    # Drawn where the land's projection puts that point: x = longitude + 180, y = 90 − latitude.
    assert station["transform"] == f"translate({round(now['longitude_deg'] + 180, 2)} {round(90 - now['latitude_deg'], 2)})"
    observer = marker(browser, "#observer")
    assert (observer["lat"], observer["lon"], observer["shown"]) == (51.5074, -0.1278, True)
    facts = text_of(browser, "#now")
    assert f"elevation {now['elevation_deg']:.1f}°" in facts and f"{now['altitude_km']:.0f} km" in facts, facts
    assert "sunlit" in facts and "London" in facts
    # The footprint, the night side and both halves of the track are drawn; the land too.
    for path in ("#land", "#footprint", "#night", "#track-back", "#track-ahead"):
        d = browser.execute_script("return document.querySelector(arguments[0]).getAttribute('d') || ''", path)
        assert d.startswith("M") and len(d) > 50, (path, d[:80])
    # The track's far end is one revolution ahead: a subpoint noisectl also gives for that instant.
    ahead_end = browser.execute_script(
        "const d = document.querySelector('#track-ahead').getAttribute('d'); const m = d.match(/([-0-9.]+) ([-0-9.]+)$/);"
        "return [Number(m[1]), Number(m[2])];")
    period = 86400 / 15.49815325
    steps = int(period // 30)
    later = ctl_json(web.daemon, "iss", "now", "--time", _iso(AT + steps * 30))
    assert abs(ahead_end[0] - (later["longitude_deg"] + 180)) < 0.02 and abs(ahead_end[1] - (90 - later["latitude_deg"])) < 0.02
    BH.screenshot(browser, "iss-1280x720")
    BH.set_viewport(browser, 360, 640)
    BH.screenshot(browser, "iss-360x640")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 360
    assert_clean_console(browser)


def _iso(unix: float) -> str:
    from datetime import datetime, timezone
    return datetime.fromtimestamp(unix, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def test_the_passes_are_noisectls_and_an_alarm_before_them_is_the_daemons(web, browser):
    open_iss(browser, web, f"?at={AT}")
    report = ctl_json(web.daemon, "iss", "passes", "--from", AT_ISO, "--days", "10")
    BH.wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#passes li"), "the passes")
    shown = browser.execute_script("return [...document.querySelectorAll('#passes li')].map(li => li.dataset.rise)")
    assert shown == [p["rise"]["utc"] for p in report["passes"][:12]]
    visible = browser.execute_script("return [...document.querySelectorAll('#passes li')].map(li => li.classList.contains('visible'))")
    assert visible == [p["visible"] for p in report["passes"][:12]]
    assert "London" in text_of(browser, "#passes-observer")

    before = browser.find_element(By.CSS_SELECTOR, "#pass-before")
    before.clear()
    before.send_keys("3")
    click(browser, "#pass-alarm button[type='submit']")
    BH.wait_for(browser, lambda d: "added" in text_of(d, "#pass-alarm-added") or text_of(d, "#pass-alarm-error"),
                "the page to answer")
    alarms = ctl_json(web.daemon, "alarm", "list")["alarms"]
    assert len(alarms) == 1, (alarms, text_of(browser, "#pass-alarm-error"))
    rule = alarms[0]["alarm"]["pass"]
    assert rule["satellite"] == 25544 and rule["visible_only"] is True and rule["lead_seconds"] == 180, rule
    assert_clean_console(browser)


def test_live_the_station_is_noisectls_at_each_second_and_noiseweb_is_asked_once_for_twenty(make_daemon, make_web, tmp_path,
                                                                                           browser):
    from test_iss_alarms import _elements_now
    daemon = make_daemon(device="null")
    page = make_web(daemon)
    elements = tmp_path / "iss-now.tle"
    _elements_now(elements)
    for args in (("iss", "elements", "import", str(elements)), ("location", "set", "51.5074,-0.1278", "--name", "London")):
        assert H.noisectl(*args, env=daemon.env()).returncode == 0
    open_iss(browser, page, "")
    read = ("return {utc: document.querySelector('#now dd[data-key=utc]').textContent,"
            " lat: Number(document.getElementById('station').dataset.lat), lon: Number(document.getElementById('station').dataset.lon)};")
    seen = [browser.execute_script(read)]
    for _ in range(2):
        BH.wait_for(browser, lambda d: d.execute_script(read)["utc"] != seen[-1]["utc"], "the next second shown")
        seen.append(browser.execute_script(read))
    for shown in seen:
        now = ctl_json(daemon, "iss", "now", "--time", shown["utc"].replace(" ", "T") + "Z")
        assert abs(shown["lat"] - now["latitude_deg"]) < 0.01 and abs(shown["lon"] - now["longitude_deg"]) < 0.01, (shown, now)
    # Three seconds shown, one request for the situations (twenty seconds of them): noiseweb was not woken each second.
    asked = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)"
                                   ".filter(n => new URL(n).pathname === '/api/iss')")
    assert len(asked) == 1 and "steps=20" in asked[0], asked


def test_the_passes_times_are_the_daemons_wall_clock_not_the_browsers(make_daemon, make_web, testdata, tmp_path, browser):
    # The daemon in Kolkata (+5:30), the browser in this machine's zone: the times must be Kolkata's, as
    # `noisectl iss passes` prints them in the daemon's zone.
    daemon = make_daemon(device="null", extra_env={"TZ": "Asia/Kolkata"})
    page = make_web(daemon)
    elements = tmp_path / "iss.tle"
    elements.write_text("\n".join(ISS) + "\n")
    for args in (("iss", "elements", "import", str(elements)), ("location", "set", "51.5074,-0.1278", "--name", "London")):
        assert H.noisectl(*args, env=daemon.env()).returncode == 0
    assert daemon.request("status")["data"]["alarms"]["time_zone"] == "Asia/Kolkata"
    page.set_clock(format="24h")  # the pass times in the face's hour format, here 24 h
    open_iss(browser, page, f"?at={AT}")
    rise = ctl_json(daemon, "iss", "passes", "--from", AT_ISO, "--days", "10")["passes"][0]["rise"]["utc"]
    instant = datetime.datetime.fromisoformat(rise.replace("Z", "+00:00"))
    kolkata = instant.astimezone(zoneinfo.ZoneInfo("Asia/Kolkata")).strftime("%H:%M")
    utc = instant.strftime("%H:%M")
    BH.wait_for(browser, lambda d: kolkata in text_of(d, "#passes li:first-child .when"), f"the first pass at {kolkata}")
    assert utc not in text_of(browser, "#passes li:first-child .when")


def test_a_bad_lead_is_refused_in_words_and_no_elements_says_how_to_import(web, browser, make_daemon, make_web):
    open_iss(browser, web, f"?at={AT}")
    before = browser.find_element(By.CSS_SELECTOR, "#pass-before")
    before.clear()
    before.send_keys("600")
    click(browser, "#pass-alarm button[type='submit']")
    BH.wait_for(browser, lambda d: text_of(d, "#pass-before-error"), "the refusal beside the minutes")
    # In the form's unit (minutes), not the protocol's 'pass_before' in seconds.
    assert text_of(browser, "#pass-before-error") == "The minutes before must be a number of minutes from 0 to 120."
    assert ctl_json(web.daemon, "alarm", "list")["alarms"] == []
    assert_clean_console(browser, refusals=True)

    bare = make_web(make_daemon(device="null"))
    browser.delete_all_cookies()
    BH.log_in(browser, bare, "/iss")
    BH.wait_for(browser, lambda d: "iss elements import" in text_of(d, "#iss-error"), "the page to say how to import elements")


def iss_requests(driver) -> list:
    """The page's requests for the station (`/api/iss`), each `[start ms, name]`, from its resource timing."""
    return driver.execute_script("return performance.getEntriesByType('resource')"
                                 ".filter(e => new URL(e.name).pathname === '/api/iss').map(e => [e.startTime, e.name])")


def test_old_elements_are_said_in_one_line_and_asked_about_again_later_not_each_second(web, browser):
    # The fixture's elements are from 2024-01-01: far too old for now, so noiseweb answers 409 (no_elements).
    BH.log_in(browser, web, "/iss")
    BH.wait_for(browser, lambda d: "days old" in text_of(d, "#iss-error"), "the old elements said")
    line = text_of(browser, "#iss-error")
    assert re.fullmatch(r"The ISS's orbit data is \d+ days old: import fresh data with noisectl iss elements import FILE "
                        r"\(a TLE file such as CelesTrak's stations\.txt\)\.", line), line
    lines = browser.execute_script("""const range = document.createRange();
        range.selectNodeContents(document.getElementById('iss-error'));
        return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size""")
    assert lines == 1, lines
    BH.screenshot(browser, "iss-old-elements")
    # The next request comes after the first wait (4 s), not a second later; and the wait after it is longer.
    BH.wait_for(browser, lambda d: len(iss_requests(d)) >= 2, "the page to ask again", timeout=15)
    first, second = iss_requests(browser)[:2]
    assert second[0] - first[0] >= 3900, (first, second)
    BH.wait_for(browser, lambda d: d.execute_script("return document.body.dataset.askAgainSeconds") == "8", "a longer wait")
    assert not browser.execute_script("return performance.getEntriesByType('resource')"
                                      ".some(e => new URL(e.name).pathname === '/api/iss/passes')")


def test_the_devices_location_is_saved_after_a_confirm_and_the_compass_turns_with_its_heading(web, browser):
    open_iss(browser, web, f"?at={AT}")
    origin = browser.execute_script("return location.origin")
    try:
        browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation", "sensors"], "origin": origin})
        browser.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 48.85661, "longitude": 2.35222, "accuracy": 50})
        click(browser, "#use-location")
        BH.wait_for(browser, lambda d: "48.8566, 2.3522" in text_of(d, "#location-confirm"), "the confirm step")
        # Nothing is saved before the person says so.
        assert H.noisectl("--json", "location", env=web.daemon.env()).json["latitude"] == 51.5074
        click(browser, "#location-confirm .confirm-yes")
        BH.wait_for(browser, lambda d: marker(d, "#observer")["lat"] == 48.8566, "the observer moved to the new place")
        shown = H.noisectl("--json", "location", env=web.daemon.env()).json
        assert (shown["latitude"], shown["longitude"]) == (48.8566, 2.3522), shown
        # What the station looks like from there is noisectl's from there.
        seen = ctl_json(web.daemon, "iss", "now", "--time", AT_ISO)
        BH.wait_for(browser, lambda d: f"elevation {seen['elevation_deg']:.1f}°" in text_of(d, "#now"), "the look from Paris")

        # North up without a compass; with one, the needle turns by the device's heading.
        needle = lambda d: float(d.find_element(By.CSS_SELECTOR, "#needle").get_attribute("data-angle"))
        assert abs(needle(browser) - round(seen["azimuth_deg"], 1)) < 0.11
        assert "north is up" in text_of(browser, "#compass-text")
        # A turn of 90° about the vertical (alpha 90: the device's top toward the west, heading 270°). Chromium
        # connects a page to the sensor as it loads: the override is set first, then the page loaded again.
        browser.execute_cdp_cmd("Emulation.setSensorOverrideEnabled", {"enabled": True, "type": "absolute-orientation"})
        s = 2 ** -0.5
        browser.execute_cdp_cmd("Emulation.setSensorOverrideReadings",
                                {"type": "absolute-orientation", "reading": {"quaternion": {"x": 0, "y": 0, "z": s, "w": s}}})
        browser.refresh()
        BH.wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-loaded] #map[data-drawn]"), "the map again")
        expected = (seen["azimuth_deg"] - 270) % 360
        BH.wait_for(browser, lambda d: abs(needle(d) - round(expected, 1)) < 0.6, "the needle turned by the heading")
        assert "facing 270°" in text_of(browser, "#compass-text")
    finally:
        browser.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
        browser.execute_cdp_cmd("Emulation.setSensorOverrideEnabled", {"enabled": False, "type": "absolute-orientation"})
    assert_clean_console(browser)


def _orientation(alpha: float, beta: float) -> dict:
    """The absolute-orientation sensor's quaternion for DeviceOrientation's alpha (about z) then beta (about x)."""
    import math
    ca, sa = math.cos(math.radians(alpha) / 2), math.sin(math.radians(alpha) / 2)
    cb, sb = math.cos(math.radians(beta) / 2), math.sin(math.radians(beta) / 2)
    return {"x": ca * sb, "y": sa * sb, "z": sa * cb, "w": ca * cb}


def hud(driver) -> dict:
    return driver.execute_script(
        "const s = document.querySelector('#hud-station'), a = document.querySelector('#hud-arrow');"
        "return {right: Number(s.dataset.right), up: Number(s.dataset.up), station: !s.hasAttribute('hidden'),"
        "        arrow: !a.hasAttribute('hidden'), text: document.querySelector('#hud-text').textContent};")


@pytest.mark.parametrize("pitch_up,inside", [(False, False), (True, True)])
def test_the_view_places_the_station_by_the_devices_heading_and_pitch(web, browser, pitch_up, inside):
    seen = ctl_json(web.daemon, "iss", "now", "--time", AT_ISO)
    # The device turned to the station's azimuth, held level (beta 90) or raised to its elevation.
    alpha = (360 - seen["azimuth_deg"]) % 360
    beta = 90 + (seen["elevation_deg"] if pitch_up else 0)
    open_iss(browser, web, f"?at={AT}")
    try:
        browser.execute_cdp_cmd("Emulation.setSensorOverrideEnabled", {"enabled": True, "type": "absolute-orientation"})
        browser.execute_cdp_cmd("Emulation.setSensorOverrideReadings",
                                {"type": "absolute-orientation", "reading": {"quaternion": _orientation(alpha, beta)}})
        browser.refresh()
        BH.wait_for(browser, lambda d: "facing north" not in hud(d)["text"] and hud(d)["text"], "the view turned by the device")
        view = hud(browser)
        assert abs(view["right"]) < 1, view
        if inside:
            assert abs(view["up"]) < 1 and view["station"] and not view["arrow"] and view["text"].startswith("ahead"), view
        else:
            # 81° up is above a window 40° high: an arrow at its edge instead, and words saying how far.
            assert abs(view["up"] - seen["elevation_deg"]) < 1 and view["arrow"] and not view["station"], view
            assert f"{round(seen['elevation_deg'])}° higher" in view["text"], view
        BH.screenshot(browser, "iss-view-" + ("on-it" if inside else "level"))
    finally:
        browser.execute_cdp_cmd("Emulation.setSensorOverrideEnabled", {"enabled": False, "type": "absolute-orientation"})
    assert_clean_console(browser)


def test_fresh_elements_show_at_once_when_the_link_comes_back_not_at_the_end_of_the_wait(web, browser, tmp_path):
    from test_iss_alarms import _elements_now
    BH.log_in(browser, web, "/iss")
    BH.wait_for(browser, lambda d: "days old" in text_of(d, "#iss-error"), "the old elements said")
    # Waits of 4 s, then 8, then 16: the third is longer than noised's restart below takes.
    BH.wait_for(browser, lambda d: d.execute_script("return document.body.dataset.askAgainSeconds") == "16",
                "the third refusal's wait", timeout=20)
    last_refused = iss_requests(browser)[-1][0]
    fresh = tmp_path / "iss-now.tle"
    _elements_now(fresh)
    assert H.noisectl("iss", "elements", "import", str(fresh), env=web.daemon.env()).returncode == 0
    web.daemon.stop()
    BH.wait_for(browser, lambda d: "noised is not running" in text_of(d, "p.banner"), "the banner to say noised is down")
    asked = len(iss_requests(browser))
    web.daemon.start()
    # The status that comes with the link asks again at once: the station is drawn from the fresh elements.
    BH.wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-loaded] #map[data-drawn]"),
                "the map drawn from the fresh elements", timeout=8)
    assert text_of(browser, "#iss-error") == ""
    # Asked when the link came back, well before the 16 s were up.
    assert iss_requests(browser)[asked][0] < last_refused + 16_000, (last_refused, iss_requests(browser))
