"""The Mars page (docs/web.md, "The Mars page"), end to end: the real noised, noiseweb and noisectl, and the real
headless Chromium. Every value on the page is MarsTime's, computed in noiseweb; each is checked against
`noisectl mars --json` at the same instant."""

from __future__ import annotations

import math
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import browser_harness as BH
from test_web_pages import assert_clean_console, click, ctl_json, text_of

# Mars24's worked example A (2000-01-06 00:00 UTC), as docs/mars.md checks it.
EXAMPLE_A = 947116800
EXAMPLE_A_ISO = "2000-01-06T00:00:00Z"


@pytest.fixture
def web(make_daemon, make_web, testdata):
    return make_web(make_daemon(device="null"))


def clock_text(hours: float) -> str:
    """As MarsReading.clockText and the terminal panel write it: whole seconds cut."""
    seconds = math.floor(hours * 3600) % 86400
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def expected_rows(reading: dict) -> dict:
    rows = {"sol": str(reading["sol"]), "lmst": clock_text(reading["lmst_hours"]),
            "ltst": clock_text(reading["ltst_hours"]), "mtc": clock_text(reading["mtc_hours"]),
            "ls": f"{reading['ls_deg']:.3f}°", "season": f"northern {reading['season']}",
            "year": str(reading["mars_year"])}
    if reading.get("mission_sol") is not None:
        rows["mission"] = str(reading["mission_sol"])
    return rows


def card_rows(driver, place: str) -> dict:
    return driver.execute_script(
        "const card = document.querySelector(`#places li[data-place='${arguments[0]}']`);"
        "if (!card) return null;"
        "return Object.fromEntries([...card.querySelectorAll('dd[data-key]')].map(d => [d.dataset.key, d.textContent]));",
        place)


def open_mars(driver, web, query: str = ""):
    BH.log_in(driver, web, "/mars" + query)
    BH.wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-loaded] #places li"), "the Mars page's first reading")


def test_each_site_shows_what_noisectl_mars_computes_at_the_same_instant(web, browser):
    open_mars(browser, web, f"?at={EXAMPLE_A}&place=jezero&place=137.44E")
    for place, option in (("jezero", ("--site", "jezero")), ("137.44E", ("--lon", "137.44E"))):
        reading = ctl_json(web.daemon, "mars", *option, "--at", EXAMPLE_A_ISO)
        assert card_rows(browser, place) == expected_rows(reading), place
    jezero = ctl_json(web.daemon, "mars", "--site", "jezero", "--at", EXAMPLE_A_ISO)
    # The big clock is on the first site's LMST; Perseverance counts its mission sols from its landing.
    assert text_of(browser, "#big-name") == "Perseverance (Jezero crater)"
    assert text_of(browser, "#big-time") == clock_text(jezero["lmst_hours"])
    assert f"mission sol {jezero['mission_sol']}" in text_of(browser, "#big-sol")
    assert "2000-01-06T00:00:00" in text_of(browser, "#frozen")
    # The second site on the big clock, from its card's button; the address keeps the choice.
    click(browser, "#places li[data-place='137.44E'] button")
    BH.wait_for(browser, lambda d: text_of(d, "#big-time") == expected_rows(
        ctl_json(web.daemon, "mars", "--lon", "137.44E", "--at", EXAMPLE_A_ISO))["lmst"], "the big clock on 137.44E")
    assert parse_qs(urlparse(browser.current_url).query)["big"] == ["1"]
    BH.screenshot(browser, "mars-1280x720")
    BH.set_viewport(browser, 360, 640)
    BH.screenshot(browser, "mars-360x640")
    assert_clean_console(browser)


def test_the_saved_site_comes_first_and_the_clock_runs(web, browser):
    config = Path(web.daemon.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
    config.write_text(config.read_text() + '[mars]\nsite = "gale"\n')
    open_mars(browser, web)
    assert browser.execute_script("return [...document.querySelectorAll('#places li')].map(li => li.dataset.place)") == ["gale"]
    assert text_of(browser, "#big-name") == "Curiosity (Gale crater)"
    first = text_of(browser, "#big-time")
    # A Mars second is 1.027 Earth seconds: the clock moves on within a few ticks.
    BH.wait_for(browser, lambda d: text_of(d, "#big-time") != first, "the big clock to tick")
    assert text_of(browser, "#frozen") == ""
    assert_clean_console(browser)


def test_sites_are_added_from_the_library_and_removed_and_a_bad_longitude_is_refused_in_words(web, browser):
    open_mars(browser, web, f"?at={EXAMPLE_A}")
    browser.find_element(By.CSS_SELECTOR, "#site-search").send_keys("gale")
    BH.wait_for(browser, lambda d: d.execute_script("return [...document.querySelectorAll('#sites li')].map(li => li.dataset.site)")
                == ["curiosity"], "the search to find Gale")
    click(browser, "#sites li[data-site='curiosity'] button")
    BH.wait_for(browser, lambda d: card_rows(d, "curiosity") is not None, "Gale's card")
    assert card_rows(browser, "curiosity") == expected_rows(ctl_json(web.daemon, "mars", "--site", "gale", "--at", EXAMPLE_A_ISO))
    assert parse_qs(urlparse(browser.current_url).query)["place"] == ["airy-0", "curiosity"]

    search = browser.find_element(By.CSS_SELECTOR, "#site-search")
    search.clear()
    search.send_keys("400E")
    BH.wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#add-longitude").is_displayed(), "the longitude button")
    click(browser, "#add-longitude")
    BH.wait_for(browser, lambda d: "77.45E" in text_of(d, "#library-error"), "the refusal in words")
    assert browser.execute_script("return document.querySelectorAll('#places li').length") == 2

    click(browser, "#places li[data-place='curiosity'] button[aria-label^='Remove']")
    BH.wait_for(browser, lambda d: card_rows(d, "curiosity") is None, "Gale's card removed")
    assert parse_qs(urlparse(browser.current_url).query)["place"] == ["airy-0"]
    assert_clean_console(browser, refusals=True)


def test_a_mars_alarm_added_on_the_page_is_the_daemons(web, browser):
    open_mars(browser, web, "?place=jezero")
    time_field = browser.find_element(By.CSS_SELECTOR, "#alarm-time")
    browser.execute_script("arguments[0].value = '06:30'", time_field)
    Select(browser.find_element(By.CSS_SELECTOR, "#alarm-place")).select_by_value("jezero")
    browser.find_element(By.CSS_SELECTOR, "#alarm-solar").click()
    browser.find_element(By.CSS_SELECTOR, "#alarm-label").send_keys("Jezero dawn")
    click(browser, "#alarm-form button[type='submit']")
    BH.wait_for(browser, lambda d: "added" in text_of(d, "#alarm-added"), "the page to say the alarm was added")
    alarms = ctl_json(web.daemon, "alarm", "list")["alarms"]
    assert len(alarms) == 1, alarms
    alarm = alarms[0]["alarm"]
    # Every sol is the Mars clock's `daily` (docs/protocol.md).
    assert alarm["label"] == "Jezero dawn" and alarm["time"] == "06:30" and alarm["repeat"] == "daily", alarm
    assert alarm["mars"]["site"] == "perseverance" and alarm["mars"]["solar"] is True, alarm
    assert f"Alarm {alarm['id']} added" in text_of(browser, "#alarm-added")
    assert_clean_console(browser)


def test_live_a_minute_of_readings_comes_in_one_request_each_noisectls(web, browser):
    open_mars(browser, web, "?place=jezero")
    mtc = lambda d: (card_rows(d, "jezero") or {}).get("mtc")  # noqa: E731
    seen = [mtc(browser)]
    for _ in range(2):
        BH.wait_for(browser, lambda d: mtc(d) != seen[-1], "the Mars clock to move on")
        seen.append(mtc(browser))
    asked = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)"
                                   ".filter(n => new URL(n).pathname === '/api/mars')")
    assert len(asked) == 1 and "steps=60" in asked[0], asked
    # What such a request answers: a reading for each whole second, each noisectl's at that second.
    reply = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/mars?place=jezero&at=947116800.7&steps=3', {headers: {'X-NoiseClock-Key': localStorage.getItem('noiseclock.key')}}).then(r => r.json()).then(done);")
    assert reply["ok"] and reply["data"]["from"] == EXAMPLE_A and len(reply["data"]["steps"]) == 3, reply
    for index, step in enumerate(reply["data"]["steps"]):
        iso = f"2000-01-06T00:00:0{index}Z"
        assert step["unix"] == EXAMPLE_A + index
        assert expected_rows(step["places"][0]["reading"]) == expected_rows(ctl_json(web.daemon, "mars", "--site", "jezero", "--at", iso))
    refused = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/mars?steps=61', {headers: {'X-NoiseClock-Key': localStorage.getItem('noiseclock.key')}}).then(r => r.json().then(j => done([r.status, j])));")
    assert refused[0] == 400 and "'steps' must be a whole number 1 to 60" in refused[1]["error"]["message"], refused

