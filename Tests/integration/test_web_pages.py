"""The mixer and alarms pages (docs/web.md, "The noise page", "The alarms page"), end to end: the real noised,
noiseweb and noisectl, and the real headless Chromium a person would use. What the page does is checked through
noisectl, and what noisectl does is waited for on the page."""

from __future__ import annotations

import datetime as dt
import re
import time

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import browser_harness as BH
import harness as H


@pytest.fixture
def web(make_daemon, make_web, testdata):
    return make_web(make_daemon(device="null"))


def ctl_ok(daemon, *args):
    r = daemon.ctl(*args)
    assert r.returncode == 0, str(r)
    return r


def ctl_json(daemon, *args):
    return ctl_ok(daemon, "--json", *args).json


def find(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css)


def text_of(driver, css):
    """The element's text as shown, or "" when it is not there (yet); read in one step, as an event may replace
    the element between a find and a read."""
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", css)


def click(driver, css):
    """Clicks the element, found again if an event replaced it between the find and the click."""
    def clicked(d):
        try:
            d.find_element(By.CSS_SELECTOR, css).click()
            return True
        except (NoSuchElementException, StaleElementReferenceException):
            return False
    BH.wait_for(driver, clicked, f"{css} to be clicked")


def set_range(driver, css, value):
    """Moves a slider as a drag ends: its value, an `input` and the `change` at release."""
    driver.execute_script("const s = document.querySelector(arguments[0]); s.value = arguments[1];"
                          "s.dispatchEvent(new Event('input', {bubbles: true}));"
                          "s.dispatchEvent(new Event('change', {bubbles: true}));", css, str(value))


def range_value(driver, css):
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.value : null;", css)


def assert_clean_console(driver, refusals=False):
    """No script error, no CSP violation. With ``refusals``, the daemon's refusals a test provoked (noiseweb
    answers them with HTTP 400, which Chromium logs as a failed load) are expected. The login lands on the front
    page first, and Chromium asks for its /favicon.ico (noiseweb has none): not these pages' doing."""
    problems = [m for m in BH.console(driver)
                if "/favicon.ico " not in m and not (refusals and "status of 400" in m)]
    assert not problems, problems


def open_page(driver, web, path):
    BH.log_in(driver, web, path)
    BH.wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "p.banner").get_attribute("hidden") is not None
                and d.find_elements(By.CSS_SELECTOR, "[data-loaded]"), f"{path} to show the daemon's state")


# ---------------------------------------------------------------- the noise page


def test_a_sound_played_in_the_terminal_shows_and_the_pages_stop_stops_it(web, browser):
    d = web.daemon
    open_page(browser, web, "/noise.html")
    toggle = '[data-sound="testloop"] .toggle'
    assert text_of(browser, toggle).startswith("Play")
    assert text_of(browser, '[data-sound="testloop2"]')  # the other category's sound is listed too

    ctl_ok(d, "play", "testloop")
    BH.wait_for(browser, lambda b: text_of(b, toggle).startswith("Stop"), "the page to show testloop playing")
    assert "Test loop" in text_of(browser, "#now-state")

    click(browser, toggle)
    d.wait_status(lambda s: not s["playing"], 10, "testloop to stop")
    BH.wait_for(browser, lambda b: text_of(b, toggle).startswith("Play"), "the page to show testloop stopped")
    assert_clean_console(browser)


def test_the_mixer_lists_the_noises_and_not_the_alarm_tones(web, browser):
    open_page(browser, web, "/noise.html")
    kinds = {s["id"]: s["kind"] for s in ctl_json(web.daemon, "sounds")["sounds"]}
    listed = browser.execute_script("return [...document.querySelectorAll('#catalog [data-sound]')].map(r => r.dataset.sound)")
    assert listed and sorted(listed) == sorted(i for i, kind in kinds.items() if kind == "loop"), (listed, kinds)
    assert "testalarm" not in listed and kinds["testalarm"] == "alarm"
    # The alarms page still offers the tone for an alarm.
    open_page(browser, web, "/alarms.html")
    assert "testalarm" in [o.get_attribute("value") for o in browser.find_elements(By.CSS_SELECTOR, "#f-sound option")]
    assert_clean_console(browser)


def test_a_sleep_timer_the_daemon_refuses_is_said_in_minutes_beside_its_field(web, browser):
    open_page(browser, web, "/noise.html")
    ctl_ok(web.daemon, "play", "testloop")
    BH.wait_for(browser, lambda b: b.find_element(By.CSS_SELECTOR, "#sleep-set").is_enabled(), "the timer's button")
    retype(browser, "#sleep-minutes", "0")
    click(browser, "#sleep-set")
    BH.wait_for(browser, lambda b: text_of(b, "#sleep-minutes-error"), "the refusal beside the minutes")
    # The daemon's "play: 'for' must be a number from 1 to 86400 seconds", in the form's unit and words.
    assert text_of(browser, "#sleep-minutes-error") == "The minutes must be a number of minutes from 1 to 1440."
    assert text_of(browser, "#sleep-error") == ""
    assert web.daemon.status()["sleep_timer"] is None
    assert_clean_console(browser, refusals=True)


def test_volumes_go_both_ways(web, browser):
    d = web.daemon
    ctl_ok(d, "play", "testloop", "--volume", "50")
    open_page(browser, web, "/noise.html")
    slider = '[data-sound="testloop"] input[type="range"]'
    BH.wait_for(browser, lambda b: range_value(b, slider) == "50", "the page to show testloop at 50")

    set_range(browser, slider, 35)
    d.wait_status(lambda s: [p["volume"] for p in s["playing"]] == [35], 10, "testloop's volume to be 35")
    set_range(browser, "#master", 60)
    d.wait_status(lambda s: s["master_volume"] == 60, 10, "the master volume to be 60")

    ctl_ok(d, "volume", "70", "--sound", "testloop")
    BH.wait_for(browser, lambda b: range_value(b, slider) == "70", "the page to show testloop at 70")
    ctl_ok(d, "volume", "25")
    BH.wait_for(browser, lambda b: range_value(b, "#master") == "25" and text_of(b, "#master-value") == "25",
                "the page to show the master volume 25")
    assert_clean_console(browser)


def test_saving_a_mix_with_nothing_playing_shows_the_daemons_words_then_a_mix_is_saved_played_and_removed(web, browser):
    d = web.daemon
    open_page(browser, web, "/noise.html")
    find(browser, "#mix-name").send_keys("night")
    click(browser, "#mix-form button[type=submit]")
    BH.wait_for(browser, lambda b: "nothing is playing" in text_of(b, "#mix-error"), "the daemon's refusal on the page")
    assert find(browser, "#mix-name").get_attribute("value") == "night"  # left as typed
    assert ctl_json(d, "mix", "list")["mixes"] == []

    ctl_ok(d, "play", "testloop", "--volume", "40")
    BH.wait_for(browser, lambda b: text_of(b, '[data-sound="testloop"] .toggle').startswith("Stop"), "testloop playing")
    click(browser, "#mix-form button[type=submit]")
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, '[data-mix="night"]'), "the saved mix listed")
    assert text_of(browser, "#mix-error") == ""
    assert ctl_json(d, "mix", "list")["mixes"] == [{"name": "night", "sounds": [{"id": "testloop", "volume": 40}]}]

    ctl_ok(d, "stop")
    d.wait_status(lambda s: not s["playing"], 10, "everything to stop")
    click(browser, '[data-mix="night"] button')  # Play
    d.wait_status(lambda s: [p["id"] for p in s["playing"]] == ["testloop"], 10, "the mix to play")
    click(browser, '[data-mix="night"] .remove')
    click(browser, '[data-mix="night"] .confirm-yes')
    BH.wait_for(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, '[data-mix="night"]'), "the mix to go")
    assert ctl_json(d, "mix", "list")["mixes"] == []
    assert_clean_console(browser, refusals=True)


def test_pause_resume_and_the_sleep_timer(web, browser):
    d = web.daemon
    ctl_ok(d, "play", "testloop")
    open_page(browser, web, "/noise.html")
    BH.wait_for(browser, lambda b: find(b, "#pause").text == "Pause", "Pause to be offered")
    click(browser, "#pause")
    d.wait_status(lambda s: s["state"] == "paused", 10, "the daemon to pause")
    BH.wait_for(browser, lambda b: find(b, "#pause").text == "Resume" and "Paused" in text_of(b, "#now-state"),
                "the page to show it paused")
    click(browser, "#pause")
    d.wait_status(lambda s: s["state"] == "playing", 10, "the daemon to play again")

    BH.wait_for(browser, lambda b: find(b, "#sleep-set").is_enabled(), "the sleep timer to be offered")
    minutes = find(browser, "#sleep-minutes")
    minutes.clear()
    minutes.send_keys("20")
    floor = find(browser, "#sleep-fade-to")
    floor.clear()
    floor.send_keys("10")
    click(browser, "#sleep-set")
    timer = d.wait_status(lambda s: s["sleep_timer"], 10, "a sleep timer")["sleep_timer"]
    assert 1100 < timer["remaining_seconds"] <= 1200 and timer["fade_to"] == 10, timer
    BH.wait_for(browser, lambda b: re.search(r"Everything fades to 10 % in (19:\d\d|20:00) \(at ",
                                             text_of(b, "#sleep-state")), "the page to count the timer down")
    ends = re.search(r"\(at (.+)\)", text_of(browser, "#sleep-state")).group(1)
    # +15 min (there only while a timer runs) moves the end, in the daemon and on the page.
    click(browser, "#sleep-extend")
    timer = d.wait_status(lambda s: s["sleep_timer"]["remaining_seconds"] > 1200, 10, "+15 min")["sleep_timer"]
    assert 2000 < timer["remaining_seconds"] <= 2100, timer
    BH.wait_for(browser, lambda b: re.search(r"Everything fades to 10 % in (34:\d\d|35:00) \(at ",
                                             text_of(b, "#sleep-state")),
                "the page to count down from the new end")
    assert re.search(r"\(at (.+)\)", text_of(browser, "#sleep-state")).group(1) != ends, "the end's time moved"
    click(browser, "#sleep-cancel")
    d.wait_status(lambda s: s["sleep_timer"] is None and s["playing"], 10, "the timer gone, the sound still on")
    BH.wait_for(browser, lambda b: text_of(b, "#sleep-state") == "No sleep timer.", "the page to show no timer")
    assert not find(browser, "#sleep-extend").is_displayed(), "+15 min gone with the timer"
    assert_clean_console(browser)


# ---------------------------------------------------------------- the alarms page


def alarms_in_cli(daemon):
    return [a["alarm"] for a in ctl_json(daemon, "alarm", "list")["alarms"] if a["alarm"]["fires_at"] is None]


def row(alarm_id):
    return f'li[data-alarm="{alarm_id}"]'


def set_time(driver, value):
    """The time field's value as the picker leaves it (typing into it depends on the browser's locale: 12 or 24
    hours), with the `input` and `change` events it sends."""
    set_range(driver, "#f-time", value)


def retype(driver, css, text):
    field = find(driver, css)
    field.clear()
    field.send_keys(text)


def test_an_alarm_added_on_the_page_has_the_fields_chosen(web, browser):
    d = web.daemon
    web.set_clock(format="24h")  # the list's times as the face's (docs/web.md, "Times on every page")
    open_page(browser, web, "/alarms.html")
    set_time(browser, "06:45")
    for day in ("mon", "wed", "fri"):
        click(browser, f'#f-days input[value="{day}"]')
    find(browser, "#f-label").send_keys("Gym")
    Select(find(browser, "#f-sound")).select_by_value("testalarm")
    set_range(browser, "#f-volume", 55)
    retype(browser, "#f-ramp", "45")
    retype(browser, "#f-snooze", "5")
    find(browser, "#f-note").send_keys("Bring the shoes")
    click(browser, "#f-submit")

    BH.wait_for(browser, lambda b: "Gym" in text_of(b, "#alarm-list li"), "the new alarm listed")
    [alarm] = alarms_in_cli(d)
    assert {k: alarm[k] for k in ("time", "repeat", "label", "sound", "volume", "ramp_seconds", "snooze_minutes",
                                  "note", "enabled")} == {
        "time": "06:45", "repeat": "mon,wed,fri", "label": "Gym", "sound": "testalarm", "volume": 55,
        "ramp_seconds": 45, "snooze_minutes": 5, "note": "Bring the shoes", "enabled": True}, alarm
    row_text = text_of(browser, row(alarm["id"]))
    assert "06:45" in row_text and "Mon, Wed, Fri" in row_text and "Next:" in row_text, row_text
    assert find(browser, "#f-label").get_attribute("value") == ""  # the form is ready for the next one
    assert_clean_console(browser)


def test_an_alarm_from_the_terminal_is_switched_duplicated_edited_and_removed_on_the_page(web, browser):
    d = web.daemon
    open_page(browser, web, "/alarms.html")
    # The first alarm is the next one, so `next_alarm` tells the page (docs/web.md: an alarm that does not change
    # the next one reaches an open page only with the next event or reload).
    first = ctl_json(d, "alarm", "add", "07:00", "--repeat", "weekdays", "--label", "Work")["alarm"]["id"]
    BH.wait_for(browser, lambda b: "Work" in text_of(b, row(first)), "the terminal's alarm on the page")

    click(browser, row(first) + " .switch")
    H.wait_until(lambda: alarms_in_cli(d)[0]["enabled"] is False, 10, 0.05, "the alarm to be off")
    BH.wait_for(browser, lambda b: b.execute_script("return document.querySelector(arguments[0]).ariaChecked",
                                                    row(first) + " .switch") == "false",
                "the switch to show it off")

    click(browser, row(first) + " .duplicate")
    H.wait_until(lambda: len(alarms_in_cli(d)) == 2, 10, 0.05, "a copy")
    original, copy = sorted(alarms_in_cli(d), key=lambda a: a["id"])
    assert {**copy, "id": original["id"]} == original, (original, copy)
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, row(copy["id"])), "the copy on the page")

    click(browser, row(copy["id"]) + " .edit")
    assert find(browser, "#f-label").get_attribute("value") == "Work"
    assert find(browser, '#f-days input[value="tue"]').is_selected()
    set_time(browser, "08:15")
    retype(browser, "#f-label", "Late shift")
    click(browser, '#f-days input[value="sat"]')
    click(browser, "#f-submit")
    H.wait_until(lambda: {a["id"]: a for a in alarms_in_cli(d)}[copy["id"]]["label"] == "Late shift", 10, 0.05,
                 "the edit")
    edited = {a["id"]: a for a in alarms_in_cli(d)}
    assert (edited[copy["id"]]["time"], edited[copy["id"]]["repeat"]) == ("08:15", "mon,tue,wed,thu,fri,sat")
    assert edited[first] == original  # the other one untouched
    BH.wait_for(browser, lambda b: "Late shift" in text_of(b, row(copy["id"])), "the edit on the page")

    click(browser, row(copy["id"]) + " .remove")
    click(browser, row(copy["id"]) + " .confirm-no")  # Keep: nothing happens
    assert len(alarms_in_cli(d)) == 2
    click(browser, row(copy["id"]) + " .remove")
    click(browser, row(copy["id"]) + " .confirm-yes")
    H.wait_until(lambda: [a["id"] for a in alarms_in_cli(d)] == [first], 10, 0.05, "the copy removed")
    BH.wait_for(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, row(copy["id"])), "the copy gone from the page")
    assert_clean_console(browser)


def test_an_alarm_the_daemon_refuses_is_said_in_the_forms_words_beside_its_field_and_keeps_the_form(web, browser):
    d = web.daemon
    open_page(browser, web, "/alarms.html")
    # No time: said under the time, in the form's words, not as the protocol's "'' is not a time of day".
    click(browser, "#f-submit")
    BH.wait_for(browser, lambda b: text_of(b, "#f-time-error"), "the refusal under the time")
    assert text_of(browser, "#f-time-error") == "Choose the time it rings, e.g. 07:00."
    assert find(browser, "#f-time").get_attribute("aria-invalid") == "true"
    assert text_of(browser, "#form-error") == ""

    set_time(browser, "07:30")
    find(browser, "#f-label").send_keys("Too slow")
    retype(browser, "#f-ramp", "900" + Keys.ENTER)  # submitted from the keyboard
    BH.wait_for(browser, lambda b: text_of(b, "#f-ramp-error"), "the refusal under the ramp")
    words = text_of(browser, "#f-ramp-error")
    assert words.startswith("The ramp must be a number from 0 to 600 seconds"), words
    assert "ramp_seconds" not in words and "alarm_add" not in words, words
    assert text_of(browser, "#f-time-error") == "" and text_of(browser, "#form-error") == ""
    assert browser.switch_to.active_element.get_attribute("id") == "f-ramp"
    BH.screenshot(browser, "alarms-field-refused")
    assert find(browser, "#f-label").get_attribute("value") == "Too slow"
    assert find(browser, "#f-ramp").get_attribute("value") == "900"
    assert find(browser, "#f-time").get_attribute("value") == "07:30"
    assert alarms_in_cli(d) == []

    # A timer's refusal is in minutes, as its form asks, not in the protocol's seconds.
    retype(browser, "#t-minutes", "0")
    click(browser, "#timer-form button[type=submit]")
    BH.wait_for(browser, lambda b: text_of(b, "#t-minutes-error"), "the refusal under the minutes")
    assert text_of(browser, "#t-minutes-error") == "The minutes must be a number of minutes from 1 to 1440."
    assert_clean_console(browser, refusals=True)


def test_timers_started_and_cancelled_both_ways(web, browser):
    d = web.daemon
    open_page(browser, web, "/alarms.html")
    retype(browser, "#t-minutes", "10")
    find(browser, "#t-label").send_keys("Tea")
    click(browser, "#timer-form button[type=submit]")
    H.wait_until(lambda: [t["alarm"]["label"] for t in ctl_json(d, "timer", "list")["timers"]] == ["Tea"], 10, 0.05,
                 "the page's timer in the daemon")
    [tea] = ctl_json(d, "timer", "list")["timers"]
    assert 590 <= tea["alarm"]["fires_at"] - time.time() <= 600, tea
    BH.wait_for(browser, lambda b: "rings in" in text_of(b, f'li[data-timer="{tea["alarm"]["id"]}"]'),
                "the timer counting down on the page")

    # A sooner timer from the terminal is the next alarm: its event brings it to the page.
    egg = ctl_json(d, "timer", "3m", "--label", "Egg")["alarm"]["id"]
    BH.wait_for(browser, lambda b: "Egg" in text_of(b, f'li[data-timer="{egg}"]'), "the terminal's timer on the page")
    assert text_of(browser, "#timers li").startswith("Egg")  # soonest first

    click(browser, f'li[data-timer="{tea["alarm"]["id"]}"] .cancel')
    H.wait_until(lambda: [t["alarm"]["id"] for t in ctl_json(d, "timer", "list")["timers"]] == [egg], 10, 0.05,
                 "Tea cancelled")
    BH.wait_for(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, f'li[data-timer="{tea["alarm"]["id"]}"]'),
                "Tea gone from the page")
    assert_clean_console(browser)


def test_noised_restarting_under_the_page_and_the_alarm_it_missed(web, browser):
    d = web.daemon
    trigger = int(time.time()) + 3
    aid = ctl_json(d, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), "--label", "Bread")["alarm"]["id"]
    open_page(browser, web, "/alarms.html")
    BH.wait_for(browser, lambda b: "Bread" in text_of(b, row(aid)), "the alarm listed")

    d.stop()
    BH.wait_for(browser, lambda b: "noised is not running" in text_of(b, "p.banner"), "the banner to say noised is down")
    # Found more than the grace (1 s here) after its trigger, the alarm is recorded missed when noised starts.
    config = web.daemon.env_dirs["XDG_CONFIG_HOME"] + "/noised/config.toml"
    with open(config, "a") as f:
        f.write('\n[alarms]\nmissed_grace = "1s"\n')
    H.wait_until(lambda: time.time() > trigger + 2, 10, 0.05, "the trigger and the grace to pass while noised is down")
    d.start()

    BH.wait_for(browser, lambda b: find(b, "p.banner").get_attribute("hidden") is not None, "the banner to go")
    BH.wait_for(browser, lambda b: "Bread" in text_of(b, "#missed"), "the missed alarm on the page")
    assert "not running" in text_of(browser, "#missed")
    assert "Bread" in text_of(browser, row(aid))  # the list is shown again
    assert [m["reason"] for m in ctl_json(d, "alarm", "missed")["missed"]] == ["late"]

    click(browser, "#missed-clear")
    H.wait_until(lambda: ctl_json(d, "alarm", "missed")["missed"] == [], 10, 0.05, "the missed alarms forgotten")
    BH.wait_for(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, "#missed li"), "the list emptied")
    assert_clean_console(browser, refusals=True)


def test_noiseweb_restarting_under_the_page_ends_its_session_in_words(web, browser):
    open_page(browser, web, "/noise.html")
    web.stop()
    web.start()
    # Sessions live in noiseweb's memory: the page's socket closes, and asking why gets the new noiseweb's 401.
    BH.wait_for(browser, lambda b: "noiseweb restarted" in text_of(b, "p.banner") and "noisectl web" in text_of(b, "p.banner"),
                "the banner to say the session ended")


def test_changes_in_the_terminal_that_leave_the_next_alarm_alone_still_reach_the_pages(web, browser):
    """The daemon's `alarms_changed` and `mixes` events: an alarm added, edited and removed behind the next one,
    and a mix saved and removed, each shown on an open page without reloading it."""
    d = web.daemon
    ctl_ok(d, "alarm", "add", "tomorrow", "06:00", "--label", "Soon")
    open_page(browser, web, "/alarms.html")
    BH.wait_for(browser, lambda b: "Soon" in text_of(b, "#alarm-list"), "the first alarm listed")
    next_before = ctl_json(d, "status")["alarms"]["next"]["alarm"]["id"]
    later = ctl_json(d, "alarm", "add", "07:00", "--date", time.strftime("%Y-%m-%d", time.localtime(time.time() + 9 * 86400)),
                     "--label", "Later")["alarm"]["id"]
    assert ctl_json(d, "status")["alarms"]["next"]["alarm"]["id"] == next_before  # the next alarm did not change
    BH.wait_for(browser, lambda b: "Later" in text_of(b, row(later)), "the later alarm on the page")
    ctl_ok(d, "alarm", "edit", str(later), "--label", "Much later")
    BH.wait_for(browser, lambda b: "Much later" in text_of(b, row(later)), "the edit on the page")
    ctl_ok(d, "alarm", "remove", str(later))
    BH.wait_for(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, row(later)), "the removal on the page")

    open_page(browser, web, "/noise.html")
    ctl_ok(d, "play", "testloop", "--volume", "30")
    ctl_ok(d, "mix", "save", "terminal")
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, '[data-mix="terminal"]'), "the mix saved elsewhere")
    ctl_ok(d, "mix", "remove", "terminal")
    BH.wait_for(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, '[data-mix="terminal"]'), "the mix removed elsewhere")
    assert_clean_console(browser)


def test_a_sound_imported_in_the_terminal_reaches_both_pages(web, browser, testdata):
    d = web.daemon
    open_page(browser, web, "/alarms.html")
    assert "Bell" not in text_of(browser, "#f-sound")
    ctl_ok(d, "sounds", "import", str(testdata.alarm.mp3), "--id", "bell", "--name", "Bell", "--kind", "alarm")
    BH.wait_for(browser, lambda b: "Bell" in text_of(b, "#f-sound"), "the catalog event to bring the tone to the form")

    open_page(browser, web, "/noise.html")
    assert not browser.find_elements(By.CSS_SELECTOR, '[data-sound="bell"]')  # a tone: not a noise of the mixer
    ctl_ok(d, "sounds", "import", str(testdata.loop.mp3), "--id", "hum", "--name", "Hum", "--category", "mine")
    BH.wait_for(browser, lambda b: "Hum" in text_of(b, '[data-sound="hum"]'), "the catalog event to bring the loop")
    assert_clean_console(browser)


def test_skip_and_undo_skip_on_the_page_and_from_the_terminal(web, browser):
    d = web.daemon
    open_page(browser, web, "/alarms.html")
    first = ctl_json(d, "alarm", "add", "07:00", "--repeat", "weekdays", "--label", "Work")["alarm"]["id"]
    once = ctl_json(d, "alarm", "add", "06:00", "--label", "Train")["alarm"]["id"]
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, row(once)), "both alarms on the page")
    assert not browser.find_elements(By.CSS_SELECTOR, row(once) + " .skip"), "a once alarm has no Skip"

    click(browser, row(first) + " .skip")
    H.wait_until(lambda: ctl_json(d, "alarm", "show", str(first))["skips"] is not None, 10, 0.05, "the skip")
    BH.wait_for(browser, lambda b: "skips " in text_of(b, row(first) + " .next"), "the skipped day on the page")
    assert browser.find_elements(By.CSS_SELECTOR, row(first) + " .unskip")

    click(browser, row(first) + " .unskip")
    H.wait_until(lambda: ctl_json(d, "alarm", "show", str(first))["skips"] is None, 10, 0.05, "the skip undone")
    BH.wait_for(browser, lambda b: "skips " not in text_of(b, row(first) + " .next"), "the page without it")

    # A skip from the terminal reaches the open page (alarms_changed).
    ctl_ok(d, "alarm", "skip", str(first))
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, row(first) + " .unskip"), "Undo skip on the page")
    assert_clean_console(browser)


def test_test_on_the_page_rings_as_a_test_with_stop_test_and_changes_nothing(web, browser):
    d = web.daemon
    open_page(browser, web, "/alarms.html")
    alarm = ctl_json(d, "alarm", "add", "07:00", "--repeat", "weekdays", "--label", "Work")["alarm"]["id"]
    before = ctl_json(d, "alarm", "show", str(alarm))
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, row(alarm) + " .test"), "Test on the row")

    click(browser, row(alarm) + " .test")
    BH.wait_for(browser, lambda b: b.execute_script(
        "const s = document.getElementById('ringing'); return s && !s.hidden;"), "the ringing screen for the test")
    assert text_of(browser, "#ringing .ringing-kicker") == "TEST OF THE ALARM"  # shown in capitals (ringing.css)
    assert text_of(browser, "#ringing .ringing-label") == "Work"
    assert not find(browser, "#ringing .ringing-snooze").is_displayed(), "a test has nothing to snooze"
    stop = find(browser, "#ringing .ringing-dismiss")
    assert stop.text == "Stop test" and browser.switch_to.active_element == stop
    assert d.status()["alarms"]["ringing"] == [], "a test is not a ringing alarm"

    click(browser, "#ringing .ringing-dismiss")
    BH.wait_for(browser, lambda b: b.execute_script("return document.getElementById('ringing').hidden;"),
                "the ringing screen to go")
    r = d.ctl("--json", "dismiss")
    assert r.returncode == 1 and r.json["error"]["code"] == "not_ringing", "Stop test did not end the test: " + str(r)
    assert ctl_json(d, "alarm", "show", str(alarm)) == before, "a test changed the alarm"
    assert_clean_console(browser)


def test_pause_and_end_pause_on_the_page_and_from_the_terminal(web, browser):
    d = web.daemon
    open_page(browser, web, "/alarms.html")
    first = ctl_json(d, "alarm", "add", "07:15", "--repeat", "daily", "--label", "Gym")["alarm"]["id"]
    once = ctl_json(d, "alarm", "add", "06:15", "--label", "Bus")["alarm"]["id"]
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, row(once)), "both alarms on the page")
    assert not browser.find_elements(By.CSS_SELECTOR, row(once) + " .pause"), "a once alarm has no Pause"

    # Pause asks for the first day it rings again in the row; the daemon gets that date.
    until = (dt.date.today() + dt.timedelta(days=9)).isoformat()
    click(browser, row(first) + " .pause")
    field = browser.find_element(By.CSS_SELECTOR, row(first) + " .pause-until")
    browser.execute_script("arguments[0].value = arguments[1]", field, until)
    click(browser, row(first) + " .pause-form .confirm-yes")
    H.wait_until(lambda: ctl_json(d, "alarm", "show", str(first))["paused_until"] == until, 10, 0.05, "the pause")
    BH.wait_for(browser, lambda b: "paused until " in text_of(b, row(first) + " .next"), "the date on the page")

    click(browser, row(first) + " .unpause")
    H.wait_until(lambda: ctl_json(d, "alarm", "show", str(first))["paused_until"] is None, 10, 0.05, "pause ended")
    BH.wait_for(browser, lambda b: "paused until " not in text_of(b, row(first) + " .next"), "the page without it")

    # A pause from the terminal reaches the open page (alarms_changed).
    ctl_ok(d, "alarm", "pause", str(first), "--until", until)
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, row(first) + " .unpause"), "End pause on the page")
    assert_clean_console(browser)


def test_skip_holidays_from_the_form_and_the_days_off_in_the_row(web, browser):
    """docs/alarms.md, "Holidays": the form's box sets skip_holidays, the row says which rings it passes over and
    why. The holidays file is named in the running daemon's config: noised watches it and reads the file at once."""
    d = web.daemon
    today = dt.datetime.now().date()  # the daemon's clock is the machine's zone, as this process's
    days = [today + dt.timedelta(days=n) for n in (1, 2)]
    holidays = d.root / "holidays.ics"
    holidays.write_text("\r\n".join(
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//NoiseClock tests//EN"]
        + [line for n, day in enumerate(days) for line in (
            "BEGIN:VEVENT", f"UID:{n}@test", f"DTSTART;VALUE=DATE:{day:%Y%m%d}", f"SUMMARY:Day off {n + 1}",
            "END:VEVENT")]
        + ["END:VCALENDAR", ""]))
    config = d.root / "config" / "noised" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(config.read_text() + f'\n[alarms]\nholidays = "{holidays}"\n' if config.exists()
                      else f'[alarms]\nholidays = "{holidays}"\n')
    H.wait_until(lambda: (d.status()["alarms"]["holidays"] or {}).get("events") == 2, 10, 0.05, "the file read")

    open_page(browser, web, "/alarms.html")
    set_time(browser, "00:00")  # today's has passed: tomorrow's and the day after's are the next two rings
    for day in ("mon", "tue", "wed", "thu", "fri", "sat", "sun"):
        click(browser, f'#f-days input[value="{day}"]')
    find(browser, "#f-label").send_keys("Early")
    click(browser, "#f-holidays")
    click(browser, "#f-submit")
    BH.wait_for(browser, lambda b: "Early" in text_of(b, "#alarm-list li"), "the new alarm listed")
    [alarm] = alarms_in_cli(d)
    assert alarm["skip_holidays"] is True and alarm["repeat"] == "daily", alarm
    words = text_of(browser, row(alarm["id"]) + " .next")
    assert "skips " in words and ": Day off 1" in words and ": Day off 2" in words, words

    click(browser, row(alarm["id"]) + " .edit")
    assert find(browser, "#f-holidays").is_selected(), "the form shows the alarm's setting"
    click(browser, "#f-holidays")
    click(browser, "#f-submit")
    H.wait_until(lambda: alarms_in_cli(d)[0]["skip_holidays"] is False, 10, 0.05, "the edit")
    BH.wait_for(browser, lambda b: "Day off" not in text_of(b, row(alarm["id"]) + " .next"), "the row without them")
    assert_clean_console(browser)


# ---------------------------------------------------------------- screenshots


@pytest.mark.parametrize("page", ["noise", "alarms"])
def test_screenshots(web, browser, page):
    d = web.daemon
    ctl_ok(d, "play", "testloop", "--volume", "60", "--for", "45m")
    ctl_ok(d, "mix", "save", "night")
    ctl_ok(d, "alarm", "add", "07:00", "--repeat", "weekdays", "--label", "Work", "--sound", "testalarm")
    ctl_ok(d, "alarm", "add", "09:30", "--repeat", "weekends", "--label", "Long lie-in", "--disabled")
    ctl_ok(d, "timer", "25m", "--label", "Tea")
    for width, height in ((1280, 720), (360, 640), (720, 1280)):
        BH.set_viewport(browser, width, height)
        open_page(browser, web, f"/{page}.html")
        # Nothing wider than the viewport: every control reachable without sideways scrolling.
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        BH.screenshot(browser, f"{page}-{width}x{height}")
    assert_clean_console(browser)
