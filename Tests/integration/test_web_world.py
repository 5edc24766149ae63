"""The world page (docs/web.md, "The world page"), end to end: the real noised, noiseweb and noisectl, and the real
headless Chromium. The offsets are noiseweb's (NoiseTime, in Swift); the page only adds them to a clock. Each time
shown is checked against `noisectl world --json` at the same instant, and each hand's angle against the wall time
that instant reads in the zone's offset."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import browser_harness as BH
import harness as H
from test_web_pages import assert_clean_console, click, text_of

AT = 1732370400  # 2024-11-23T14:00:00Z
AT_ISO = "2024-11-23T14:00:00Z"
ZONES = ("Europe/Berlin", "Asia/Kolkata", "America/New_York")


@pytest.fixture
def web(make_daemon, make_web, testdata):
    return make_web(make_daemon(device="null"))


def world(web, *args):
    """`noisectl world ...` as a person runs it: no daemon needed, the same config.toml as noiseweb's."""
    r = H.noisectl("world", *args, env=web.daemon.env())
    assert r.returncode == 0, str(r)
    return r


def world_json(web, *args):
    r = H.noisectl("--json", "world", *args, env=web.daemon.env())
    assert r.returncode == 0, str(r)
    return json.loads(r.stdout)


def api_world(driver, query=""):
    """`/api/world` as the page reads it, with the page's session."""
    reply = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/world' + arguments[0], {headers: {'X-NoiseClock-Key': localStorage.getItem('noiseclock.key')}}).then(r => r.json()).then(done, e => done({ok: false, error: String(e)}));", query)
    assert reply["ok"], reply
    return reply["data"]


def expected_angles(unix: int, offset_seconds: int) -> dict:
    seconds = (unix + offset_seconds) % 86400
    h, m, s = seconds // 3600, seconds // 60 % 60, seconds % 60
    return {"hour": (h % 12) * 30 + m * 0.5 + s / 120, "minute": m * 6 + s * 0.1, "second": s * 6}


def angles(driver, scope: str) -> dict:
    return driver.execute_script(
        "return Object.fromEntries([...document.querySelectorAll(arguments[0] + ' [data-hand]')]"
        ".map(h => [h.dataset.hand, h.dataset.angle === undefined ? null : Number(h.dataset.angle)]));", scope)


def complication(driver) -> str:
    # An SVG element has no innerText: its textContent is what is drawn.
    return driver.execute_script("const c = document.querySelector('#complication');"
                                 "return c && !c.hasAttribute('hidden') ? c.textContent : '';")


def clock_zones(driver) -> list:
    return driver.execute_script("return [...document.querySelectorAll('#clocks li')].map(li => li.dataset.zone)")


def open_world(driver, web, query=""):
    BH.log_in(driver, web, "/world" + query)
    BH.wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-loaded]"), "the world page's first answer")


def test_the_face_and_each_world_clock_show_the_instant_in_their_zones_and_the_complication_follows_the_select(web, browser):
    world(web, "add", *ZONES)
    web.set_clock(format="24h")  # as noisectl world writes times
    open_world(browser, web, f"?at={AT}")
    answer = api_world(browser, f"?at={AT}")
    assert answer["unix"] == AT
    here = answer["here"]

    assert angles(browser, "#dial") == expected_angles(AT, here["utc_offset_seconds"])
    seconds = (AT + here["utc_offset_seconds"]) % 86400
    assert text_of(browser, "#here-time") == f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"

    rows = {row["zone"]: row for row in world_json(web, "--at", AT_ISO)["zones"]}
    offsets = {zone["zone"]: zone["utc_offset_seconds"] for zone in answer["zones"]}
    assert clock_zones(browser) == list(ZONES)
    for zone in ZONES:
        card = f"#clocks li[data-zone='{zone}']"
        assert text_of(browser, f"{card} .time") == rows[zone]["time"], zone
        assert text_of(browser, f"{card} .offset") == rows[zone]["offset"], zone
        assert text_of(browser, f"{card} .date") == rows[zone].get("date", ""), zone
        expected = expected_angles(AT, offsets[zone])
        del expected["second"]
        assert angles(browser, card) == expected, zone

    # Frozen: the held instant does not tick on.
    assert browser.execute_script("return document.querySelector('#dial [data-hand=second]').dataset.angle") == "0"
    assert complication(browser) == "Berlin +1"
    Select(browser.find_element(By.CSS_SELECTOR, "#zone")).select_by_value("Asia/Kolkata")
    BH.wait_for(browser, lambda d: complication(d) == "Kolkata +5:30", "the complication on Kolkata")
    assert parse_qs(urlparse(browser.current_url).query)["zone"] == ["Asia/Kolkata"]
    assert answer["complications"][1] == "Kolkata +5:30"

    # The address keeps the choice: loaded again, the face shows Kolkata.
    browser.refresh()
    BH.wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-loaded]"), "the page again")
    assert complication(browser) == "Kolkata +5:30"
    assert browser.find_element(By.CSS_SELECTOR, "#zone").get_attribute("value") == "Asia/Kolkata"

    BH.screenshot(browser, "world-1280x720")
    for width, height in ((360, 640), (720, 1280)):
        BH.set_viewport(browser, width, height)
        BH.screenshot(browser, f"world-{width}x{height}")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        dial = browser.execute_script("return document.querySelector('#dial svg').getBoundingClientRect().width")
        assert dial >= 0.8 * min(width, height), (width, dial)
    assert_clean_console(browser)


def test_a_zone_removed_in_the_terminal_is_gone_at_the_next_load_and_another_days_date_shows(web, browser):
    world(web, "add", "Europe/Berlin", "Pacific/Kiritimati")
    open_world(browser, web, f"?at={AT}")
    assert clock_zones(browser) == ["Europe/Berlin", "Pacific/Kiritimati"]
    rows = {row["zone"]: row for row in world_json(web, "--at", AT_ISO)["zones"]}
    # Kiritimati (UTC+14) is already on the next day.
    assert rows["Pacific/Kiritimati"]["date"] == "Sun 24 Nov"
    assert text_of(browser, "#clocks li[data-zone='Pacific/Kiritimati'] .date") == "Sun 24 Nov"
    assert text_of(browser, "#clocks li[data-zone='Europe/Berlin'] .date") == ""

    world(web, "remove", "Europe/Berlin")
    browser.refresh()
    BH.wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-loaded]") and clock_zones(d) == ["Pacific/Kiritimati"],
                "Berlin gone after the reload")
    assert complication(browser).startswith("Kiritimati ")
    assert [o.get_attribute("value") for o in browser.find_elements(By.CSS_SELECTOR, "#zone option")] == ["Pacific/Kiritimati"]
    assert_clean_console(browser)


def test_with_no_saved_zones_the_page_says_how_to_add_them_and_has_no_complication(web, browser):
    open_world(browser, web, f"?at={AT}")
    assert text_of(browser, "#hint") == "No world clocks yet: add a zone below."
    assert complication(browser) == ""
    assert clock_zones(browser) == []
    assert not browser.find_element(By.CSS_SELECTOR, "#choose").is_displayed()
    # The face still tells the time here.
    here = api_world(browser, f"?at={AT}")["here"]
    assert angles(browser, "#dial") == expected_angles(AT, here["utc_offset_seconds"])
    assert_clean_console(browser)


def test_live_the_second_hand_turns(web, browser):
    world(web, "add", "Asia/Kolkata")
    open_world(browser, web)
    assert text_of(browser, "#frozen") == ""
    first = angles(browser, "#dial")["second"]
    assert first is not None
    BH.wait_for(browser, lambda d: angles(d, "#dial")["second"] != first, "the second hand to move")
    assert complication(browser) == api_world(browser)["complications"][0]
    assert_clean_console(browser)


def post_world(web, cookie, body: bytes):
    return web.request("POST", "/api/world", origin=web.origin, cookie=cookie, body=body,
                       headers={"Content-Type": "application/json", "X-NoiseClock": "1"})


def test_world_clocks_are_added_and_removed_on_the_page_as_noisectl_world_keeps_them(web, browser):
    web.set_clock(format="12h")  # every time on the page in the face's hour format
    world(web, "add", "Asia/Kolkata")
    open_world(browser, web, f"?at={AT}")
    field = browser.find_element(By.CSS_SELECTOR, "#world-zone")
    field.send_keys("Europe/Berln")  # a typo: refused beside the field, naming it, with the close name
    click(browser, "#world-add button[type='submit']")
    BH.wait_for(browser, lambda d: text_of(d, "#world-add-error"), "the refusal of the typo")
    words = text_of(browser, "#world-add-error")
    assert "'Europe/Berln'" in words and "Europe/Berlin" in words and "world.zones" not in words, words
    assert world_json(web)["zones"][0]["zone"] == "Asia/Kolkata" and len(world_json(web)["zones"]) == 1

    field.clear()
    field.send_keys("Europe/Berlin")
    click(browser, "#world-add button[type='submit']")
    BH.wait_for(browser, lambda d: clock_zones(d) == ["Asia/Kolkata", "Europe/Berlin"], "Berlin added on the page")
    assert [z["zone"] for z in world_json(web)["zones"]] == ["Asia/Kolkata", "Europe/Berlin"]  # saved for noisectl
    assert text_of(browser, "#world-add-error") == "" and field.get_attribute("value") == ""
    # 14:00 UTC is 3:00 PM in Berlin and 7:30 PM in Kolkata, in the 12-hour format.
    assert text_of(browser, "#clocks li[data-zone='Europe/Berlin'] .time") == "3:00 PM"
    assert text_of(browser, "#clocks li[data-zone='Asia/Kolkata'] .time") == "7:30 PM"
    BH.screenshot(browser, "world-added")

    click(browser, "#clocks li[data-zone='Asia/Kolkata'] .remove")
    click(browser, "#clocks li[data-zone='Asia/Kolkata'] .confirm-yes")
    BH.wait_for(browser, lambda d: clock_zones(d) == ["Europe/Berlin"], "Kolkata removed on the page")
    assert [z["zone"] for z in world_json(web)["zones"]] == ["Europe/Berlin"]
    assert_clean_console(browser, refusals=True)


def test_the_world_clocks_saved_over_the_api_are_checked_as_noisectl_world_add_checks_them(web):
    cookie = web.login()
    config = web.daemon.env_dirs["XDG_CONFIG_HOME"] + "/noised/config.toml"
    before = open(config, "rb").read()
    r = post_world(web, cookie, b'{"zones": ["Europe/Berlin", "Mars/Olympus_Mons"]}')
    assert r.status == 400 and r.json["error"]["code"] == "unknown_zone", r.body
    assert "'Mars/Olympus_Mons'" in r.json["error"]["message"], r.body
    for body, words in ((b'{"zones": "Europe/Berlin"}', "world.zones"), (b'{"zones": ["Europe/Berlin", "Europe/Berlin"]}', "twice"),
                        (b'{"zone": ["Europe/Berlin"]}', "[world] has no setting 'zone'")):
        r = post_world(web, cookie, body)
        assert r.status == 400 and words in r.json["error"]["message"], (body, r.body)
    assert open(config, "rb").read() == before  # nothing saved
    r = post_world(web, cookie, b'{"zones": ["Europe/Berlin", "Asia/Kolkata"]}')
    assert r.status == 200 and r.json["data"] == {"zones": ["Europe/Berlin", "Asia/Kolkata"]}, r.body
    assert [z["zone"] for z in world_json(web)["zones"]] == ["Europe/Berlin", "Asia/Kolkata"]
    r = web.request("POST", "/api/world", origin="http://evil.example", cookie=cookie, body=b'{"zones": []}',
                    headers={"Content-Type": "application/json", "X-NoiseClock": "1"})
    assert r.status == 403
