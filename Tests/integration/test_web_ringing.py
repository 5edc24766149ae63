"""The ringing screen and the snoozed alarm on the pages (docs/web.md, "The clock face", "The alarms page" and "Times
on every page"), end to end: the real noised, noiseweb and noisectl, and the real headless Chromium. Snooze and
Dismiss stay on a phone's screen with the longest note, the times follow config.toml's [clock] hour format, and a
snoozed alarm is dismissed ("I'm up") from the face and from the alarms page, staying on for its next day."""

from __future__ import annotations

import datetime as dt
import re
import time

import pytest
from selenium.webdriver.common.by import By

import browser_harness as BH
from test_web_pages import assert_clean_console, click, ctl_json, open_page, row, text_of

LEAD = 2  # seconds from adding an alarm to its ring
SIZES = ((320, 480), (480, 320), (360, 640), (640, 360))


@pytest.fixture
def web(make_daemon, make_web, testdata):
    return make_web(make_daemon(device="null"))


def ringing_soon(daemon, *options) -> int:
    """An alarm a few seconds ahead, at its time of day (so `--repeat` takes it), rung; its id."""
    trigger = int(time.time()) + LEAD
    alarm_id = ctl_json(daemon, "alarm", "add", time.strftime("%H:%M:%S", time.gmtime(trigger)), *options)["alarm"]["id"]
    daemon.wait_status(lambda s: alarm_id in [a["alarm"]["id"] for a in s["alarms"]["ringing"]], LEAD + 10,
                       f"alarm {alarm_id} ringing")
    return alarm_id


def screen_shows(driver, alarm_id) -> bool:
    return driver.execute_script("const s = document.getElementById('ringing');"
                                 "return Boolean(s && !s.hidden && s.dataset.alarmId === arguments[0])", str(alarm_id))


def wall_text(instant: dict, twelve: bool) -> str:
    """The daemon's instant on its wall clock, as the page should write it."""
    moment = dt.datetime.fromtimestamp(instant["unix"] + instant["offset_seconds"], dt.timezone.utc)
    if twelve:
        return f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"
    return moment.strftime("%H:%M")


def plain(text: str) -> str:
    """Intl puts a narrow no-break space before AM/PM: compared as a space."""
    return re.sub(r"\s", " ", text)


# ---------------------------------------------------------------- the longest note on a phone


def test_snooze_and_dismiss_stay_on_screen_with_the_longest_note_at_every_size_and_the_note_scrolls(web, browser):
    note = ("Take the blue folder, the keys, the umbrella and the letter for the office downstairs. " * 12)[:1000]
    alarm_id = ringing_soon(web.daemon, "--label", "Work", "--note", note)
    open_page(browser, web, "/alarms.html")
    BH.wait_for(browser, lambda d: screen_shows(d, alarm_id), "the ringing screen")
    assert browser.find_element(By.CSS_SELECTOR, "#ringing .ringing-note").text == note

    for width, height in SIZES:
        BH.set_viewport(browser, width, height)
        BH.wait_for(browser, lambda d: d.execute_script("return [innerWidth, innerHeight]") == [width, height],
                    f"the viewport {width}x{height}")
        for button in (".ringing-snooze", ".ringing-dismiss"):
            box = browser.execute_script("""const b = document.querySelector('#ringing ' + arguments[0]);
                const r = b.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height, hit: hit === b};""",
                                         button)
            assert box["left"] >= 0 and box["top"] >= 0 and box["right"] <= width and box["bottom"] <= height, \
                (width, height, button, box)
            assert box["height"] >= 44 and box["hit"], (width, height, button, box)  # big enough, and not covered
        # The note is shown (a few lines at least) and scrolls to its end inside the screen.
        shown = browser.execute_script("""const n = document.querySelector('#ringing .ringing-note');
            n.scrollTop = n.scrollHeight; const r = n.getBoundingClientRect();
            return {height: r.height, top: r.top, bottom: r.bottom, scrolls: n.scrollHeight > n.clientHeight,
                    scrolled: n.scrollTop > 0, overflow: getComputedStyle(n).overflowY,
                    line: parseFloat(getComputedStyle(n).lineHeight) || 20};""")
        assert shown["top"] >= 0 and shown["bottom"] <= height, (width, height, shown)
        assert shown["height"] >= shown["line"], (width, height, shown)
        assert shown["scrolls"] and shown["scrolled"] and shown["overflow"] == "auto", (width, height, shown)
        BH.screenshot(browser, f"ringing-note-{width}x{height}")

    click(browser, "#ringing .ringing-dismiss")
    web.daemon.wait_status(lambda s: s["alarms"]["ringing"] == [], 10, "the alarm dismissed from the small screen")
    assert_clean_console(browser)


# ---------------------------------------------------------------- the hour format


@pytest.mark.parametrize("hour_format", ["24h", "12h"])
def test_the_ringing_time_and_the_alarms_pages_times_follow_the_clock_hour_format(web, browser, hour_format):
    web.set_clock(format=hour_format)
    twelve = hour_format == "12h"
    later = ctl_json(web.daemon, "alarm", "add", "07:05", "--label", "Later")["alarm"]["id"]
    alarm_id = ringing_soon(web.daemon, "--label", "Bread")
    open_page(browser, web, "/alarms.html")
    BH.wait_for(browser, lambda d: screen_shows(d, alarm_id), "the ringing screen")
    [ringing] = web.daemon.status()["alarms"]["ringing"]
    assert plain(text_of(browser, "#ringing .ringing-time")) == wall_text(ringing["ringing_since"], twelve)

    click(browser, "#ringing .ringing-snooze")
    BH.wait_for(browser, lambda d: "Snoozed until" in text_of(d, row(alarm_id)), "the snooze on the list")
    assert plain(text_of(browser, f"{row(later)} .time")) == ("7:05 AM" if twelve else "07:05")
    [snoozed] = [a for a in ctl_json(web.daemon, "alarm", "list")["alarms"] if a["alarm"]["id"] == alarm_id]
    assert wall_text(snoozed["snoozed_until"], twelve) in plain(text_of(browser, f"{row(alarm_id)} .next"))
    assert_clean_console(browser)


# ---------------------------------------------------------------- a snoozed alarm's Dismiss


def test_a_snoozed_alarm_is_dismissed_from_the_face_and_stays_on_for_its_next_day(web, browser):
    alarm_id = ringing_soon(web.daemon, "--repeat", "daily", "--label", "Gym")
    BH.log_in(browser, web)
    BH.wait_for(browser, lambda d: screen_shows(d, alarm_id), "the ringing screen on the face")
    browser.find_element(By.CSS_SELECTOR, "#ringing .ringing-snooze").click()
    web.daemon.wait_status(lambda s: [a["alarm"]["id"] for a in s["alarms"]["snoozed"]] == [alarm_id], 10, "the snooze")
    dismiss = BH.wait_for(browser, lambda d: d.find_element(By.ID, "dismiss-snoozed").is_displayed()
                          and d.find_element(By.ID, "dismiss-snoozed"), "the face's Dismiss for the snoozed alarm")
    assert "(snoozed)" in browser.find_element(By.ID, "next-alarm").text
    BH.screenshot(browser, "face-snoozed")
    dismiss.click()
    status = web.daemon.wait_status(lambda s: s["alarms"]["snoozed"] == [], 10, "the snooze ended from the face")
    [alarm] = [a for a in ctl_json(web.daemon, "alarm", "list")["alarms"] if a["alarm"]["id"] == alarm_id]
    assert alarm["alarm"]["enabled"] and alarm["next_trigger"]["unix"] > time.time() + 3600, alarm  # tomorrow's
    assert status["alarms"]["ringing"] == []
    BH.wait_for(browser, lambda d: not d.find_element(By.ID, "dismiss-snoozed").is_displayed(), "the button to go")
    assert_clean_console(browser)


def test_a_snoozed_alarm_and_a_snoozed_timer_are_dismissed_from_the_alarms_page(web, browser):
    alarm_id = ringing_soon(web.daemon, "--repeat", "daily", "--label", "Work")
    assert web.daemon.ctl("snooze", "--for", "5").returncode == 0
    open_page(browser, web, "/alarms.html")
    BH.wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f"{row(alarm_id)} .dismiss"), "Dismiss on the row")
    assert "Snoozed until" in text_of(browser, row(alarm_id))
    click(browser, f"{row(alarm_id)} .dismiss")
    web.daemon.wait_status(lambda s: s["alarms"]["snoozed"] == [], 10, "the snooze ended from the list")
    BH.wait_for(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, f"{row(alarm_id)} .dismiss")
                and "Next:" in text_of(d, row(alarm_id)), "the row to show its next ring")
    [alarm] = [a for a in ctl_json(web.daemon, "alarm", "list")["alarms"] if a["alarm"]["id"] == alarm_id]
    assert alarm["alarm"]["enabled"], alarm

    timer = ctl_json(web.daemon, "timer", "1s", "--label", "Tea")["alarm"]["id"]
    web.daemon.wait_status(lambda s: [a["alarm"]["id"] for a in s["alarms"]["ringing"]] == [timer], 10, "the timer")
    assert web.daemon.ctl("snooze", "--for", "5").returncode == 0
    timer_row = f'li[data-timer="{timer}"]'
    BH.wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f"{timer_row} .dismiss"), "Dismiss on the timer")
    click(browser, f"{timer_row} .dismiss")
    web.daemon.wait_status(lambda s: s["alarms"]["snoozed"] == [] and s["alarms"]["ringing"] == [], 10,
                           "the timer's snooze ended")
    BH.wait_for(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, timer_row), "the timer gone from the list")
    assert_clean_console(browser)
