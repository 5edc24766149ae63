"""The clock face page (/, docs/web.md "The clock face"), end to end: the real noised, noiseweb and noisectl, and a
real headless Chromium driven as a person drives it. The digits against Python's clock, their cells' boxes across
a change, the fit in three viewports, display mode by a long press, the ringing screen on a real alarm, and the
[clock] settings round-tripping through config.toml (noiseweb's /api/clock) and noisectl clock."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import tomllib
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import browser_harness as BH
import harness as H


@pytest.fixture
def web(make_daemon, make_web, testdata):
    return make_web(make_daemon(device="null"))


def config_path(web) -> Path:
    return Path(web.daemon.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"


def clock_table(web) -> dict:
    return tomllib.loads(config_path(web).read_text()).get("clock", {})


def write_clock(web, lines: str) -> None:
    """Appends a [clock] table to the config.toml noiseweb's fixture wrote (its [web] listen line stays)."""
    path = config_path(web)
    path.write_text(path.read_text() + "\n[clock]\n" + lines)


def js(driver, script: str, *args):
    return driver.execute_script(script, *args)


def digits(driver) -> str:
    return js(driver, "return document.getElementById('digits').textContent")


def cell_boxes(driver) -> list:
    """The cells' boxes without the burn-in shift (which moves them all a few px at each new minute)."""
    return js(driver, """const [x, y] = (getComputedStyle(document.getElementById('clock')).translate + ' 0 0')
            .split(' ').map(v => parseFloat(v) || 0);
        return [...document.querySelectorAll('#digits .cell, #clock')].map(el => {
        const r = el.getBoundingClientRect(); return [r.left - x, r.top - y, r.width, r.height]; })""")


def expected_text(moment: dt.datetime, twelve: bool, seconds: bool) -> str:
    if twelve:
        text = f"{moment.hour % 12 or 12}" + moment.strftime(":%M")  # no empty cell for a one-digit hour
    else:
        text = moment.strftime("%H:%M")
    return text + (moment.strftime(":%S") if seconds else "")


def open_face(driver, web) -> None:
    BH.log_in(driver, web)
    BH.wait_for(driver, lambda d: digits(d) and js(d, "return document.fonts.status === 'loaded' && "
                                                   "document.getElementById('clock').dataset.fitted"),
                "the digits to be drawn and fitted")


def open_settings(driver):
    driver.find_element(By.ID, "settings-button").click()
    BH.wait_for(driver, lambda d: d.find_element(By.ID, "settings").is_displayed(), "the settings panel")


# ---------------------------------------------------------------- the digits


def test_the_digits_show_the_machines_time(web, browser):
    open_face(browser, web)
    twelve = js(browser, "return document.getElementById('clock').dataset.hourCycle") == "12h"
    before = dt.datetime.now()
    shown = digits(browser)
    after = dt.datetime.now()
    # The minute may roll over between the two readings of Python's clock: either side is right.
    assert shown in {expected_text(before, twelve, False), expected_text(after, twelve, False)}, (shown, before, after)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#digits .cell")) == len(shown)
    assert BH.console(browser) == []  # no error, no failed request, nothing logged


def test_the_face_fills_the_viewport_in_landscape_portrait_and_on_a_phone_and_refits(web, browser):
    open_face(browser, web)
    for width, height in ((1280, 720), (720, 1280), (360, 640)):
        BH.set_viewport(browser, width, height)
        BH.wait_for(browser, lambda d: js(d, """const face = document.getElementById('face');
            return document.getElementById('clock').dataset.fitted === face.clientWidth + 'x' + face.clientHeight
                   && window.innerWidth === arguments[0]""", width), f"the face to refit to {width}x{height}")
        # The digits' box, with the AM/PM badge's width on both sides when it shows (it hangs to their right, and the
        # fit keeps its room on the left too, so the digits stay centred).
        box = js(browser, """const r = document.getElementById('clock').getBoundingClientRect();
            const badge = document.getElementById('ampm');
            const room = badge.hidden ? 0 : badge.getBoundingClientRect().right - r.right;
            return [r.width + 2 * room, r.height, window.innerWidth, window.innerHeight]""")
        clock_w, clock_h, view_w, view_h = box
        assert clock_w <= view_w and clock_h <= view_h, box
        assert max(clock_w / view_w, clock_h / view_h) >= 0.85, box
        BH.screenshot(browser, f"face-{width}x{height}")


def test_the_overlays_follow_what_plays_and_the_next_alarm(web, browser):
    open_face(browser, web)
    line = lambda d, id: d.find_element(By.ID, id).text if d.find_element(By.ID, id).is_displayed() else None  # noqa: E731
    assert line(browser, "now-playing") is None and line(browser, "next-alarm") is None
    assert web.daemon.ctl("play", "testloop").returncode == 0
    BH.wait_for(browser, lambda d: line(d, "now-playing") == "Playing: Test loop", "what plays (a playback event)")
    added = web.daemon.ctl("alarm", "add", "07:00", "--label", "Work")
    assert added.returncode == 0, str(added)
    BH.wait_for(browser, lambda d: (line(d, "next-alarm") or "").startswith("Next alarm: Work"),
                "the next alarm (a next_alarm event)")
    # A sleep timer: its end and floor under what plays, and +15 min, which moves the end (in the daemon and here).
    assert line(browser, "sleep-line") is None, "no +15 min without a timer"
    assert web.daemon.ctl("play", "testloop", "--for", "20m", "--fade-to", "10").returncode == 0
    BH.wait_for(browser, lambda d: re.match(r"Sleep timer: everything fades to 10 % in (19:\d\d|20:00) \(at .+\)",
                                            line(d, "sleep-timer") or ""), "the timer's end and floor on the face")
    BH.screenshot(browser, "face-sleep-timer")
    browser.find_element(By.ID, "sleep-extend").click()
    timer = web.daemon.wait_status(lambda s: s["sleep_timer"] and s["sleep_timer"]["remaining_seconds"] > 2000, 10,
                                   "+15 min to move the end")["sleep_timer"]
    assert 2050 < timer["remaining_seconds"] <= 2100, timer
    BH.wait_for(browser, lambda d: re.search(r"fades to 10 % in (34:\d\d|35:00)", line(d, "sleep-timer") or ""),
                "the face to show the end 15 minutes later")
    assert web.daemon.ctl("stop").returncode == 0
    BH.wait_for(browser, lambda d: line(d, "now-playing") is None, "the line to go when nothing plays")
    assert line(browser, "sleep-line") is None, "the timer and its +15 min gone with the sound"
    assert BH.console(browser) == []  # no error, no failed request, nothing logged


def test_a_save_that_fails_is_said_in_words_beside_its_control_which_goes_back(web, browser):
    open_face(browser, web)
    open_settings(browser)
    box = browser.find_element(By.ID, "setting-seconds")
    was = box.is_selected()
    web.stop()  # noiseweb gone: the save cannot reach it
    box.click()
    error = BH.wait_for(browser, lambda d: d.find_element(By.ID, "setting-seconds-error").text,
                        "the error beside the control")
    assert "noiseweb cannot be reached" in error, error
    assert box.is_selected() == was  # back to the saved value
    assert clock_table(web) == {}


# ---------------------------------------------------------------- display mode


def test_a_long_press_enters_display_mode_and_a_short_one_does_not(web, browser):
    open_face(browser, web)
    face = browser.find_element(By.ID, "face")
    state = lambda d, name: js(d, "return document.documentElement.dataset[arguments[0]]", name)  # noqa: E731

    face.click()
    # The press ended before 0.6 s: its hold is cancelled at the release, so nothing is left to fire.
    assert state(browser, "hold") == "none" and state(browser, "display") == "off"

    # The pause is the gesture itself (holding the clock 0.7 s), not a wait for something.
    ActionChains(browser).click_and_hold(face).pause(0.7).release().perform()
    BH.wait_for(browser, lambda d: state(d, "display") == "on", "display mode")
    BH.wait_for(browser, lambda d: js(d, "return document.fullscreenElement !== null")
                or str(state(d, "fullscreen")).startswith("refused"), "the fullscreen request to be answered")
    assert js(browser, "return getComputedStyle(document.getElementById('face')).cursor") == "none"
    assert not browser.find_element(By.CSS_SELECTOR, "nav.pages").is_displayed()
    BH.wait_for(browser, lambda d: state(d, "wakeLock") not in (None, "off"), "the wake lock to be asked for")
    BH.screenshot(browser, "face-display-mode")

    ActionChains(browser).click_and_hold(face).pause(0.7).release().perform()
    BH.wait_for(browser, lambda d: state(d, "display") == "off", "display mode to end on a second long press")
    assert browser.find_element(By.CSS_SELECTOR, "nav.pages").is_displayed()

    browser.find_element(By.TAG_NAME, "body").send_keys("f")
    BH.wait_for(browser, lambda d: state(d, "display") == "on", "display mode from the F key")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    BH.wait_for(browser, lambda d: state(d, "display") == "off", "Escape to leave display mode")


def touch(driver, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_long_touch_on_a_phone_enters_full_screen_from_the_gesture_itself(web, browser):
    # A phone as Chromium's mobile emulation makes one: a small touch screen, touch events only.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 360, "height": 640, "deviceScaleFactor": 2, "mobile": True})
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        open_face(browser, web)
        state = lambda d, name: js(d, "return document.documentElement.dataset[arguments[0]]", name)  # noqa: E731
        x, y = js(browser, "const r = document.getElementById('face').getBoundingClientRect();"
                           "return [r.left + r.width / 2, r.top + r.height / 2]")
        touch(browser, "touchStart", x, y)
        # Held past 0.6 s: the hold's timer has fired (ready to act at the release).
        BH.wait_for(browser, lambda d: state(d, "hold") != "pending", "the hold to be long enough")
        touch(browser, "touchEnd", x, y)
        BH.wait_for(browser, lambda d: state(d, "display") == "on", "display mode from the long touch")
        BH.wait_for(browser, lambda d: state(d, "fullscreen") is not None, "the fullscreen request to be answered")
        assert state(browser, "fullscreen") == "on", state(browser, "fullscreen")  # not "refused: Permissions check failed"
        assert js(browser, "return document.fullscreenElement === document.documentElement")
        BH.screenshot(browser, "face-display-mode-phone")

        # A short touch does nothing; a second long one leaves, and full screen with it.
        touch(browser, "touchStart", x, y)
        touch(browser, "touchEnd", x, y)
        assert state(browser, "hold") == "none" and state(browser, "display") == "on"
        touch(browser, "touchStart", x, y)
        BH.wait_for(browser, lambda d: state(d, "hold") == "ready", "the second hold")
        touch(browser, "touchEnd", x, y)
        BH.wait_for(browser, lambda d: state(d, "display") == "off" and js(d, "return document.fullscreenElement === null"),
                    "display mode and full screen to end")
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        BH.set_viewport(browser, 1280, 720)


def one_digit_hour_zone() -> str:
    """A fixed-offset zone (Etc/GMT-N is UTC+N) whose hour on a 12-hour clock has one digit (1 to 9) now and for
    the next minutes, so the face's one-digit hour is tested whenever the test runs."""
    now = dt.datetime.now(dt.timezone.utc) + dt.timedelta(minutes=5)
    for offset in range(-12, 15):
        if (now.hour + offset) % 12 in range(2, 9):
            return "Etc/GMT" + ("-" if offset > 0 else "+") + str(abs(offset)) if offset else "Etc/UTC"
    raise AssertionError("no zone found")


def test_a_12_hour_face_is_centred_with_a_one_digit_hour_and_shows_am_pm_by_default(web, browser):
    write_clock(web, 'format = "12h"\n')  # ampm not set: its default
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": one_digit_hour_zone()})
    try:
        open_face(browser, web)
        BH.wait_for(browser, lambda d: d.find_element(By.ID, "ampm").is_displayed(), "the AM/PM badge by default")
        assert re.fullmatch(r"[1-9]:\d\d", digits(browser)), digits(browser)
        for width, height in ((1280, 720), (360, 640)):
            BH.set_viewport(browser, width, height)
            BH.wait_for(browser, lambda d: js(d, """const face = document.getElementById('face');
                return document.getElementById('clock').dataset.fitted === face.clientWidth + 'x' + face.clientHeight"""),
                        f"the face fitted to {width}x{height}")
            # What is drawn: the cells with a character, centred (the burn-in shift's few px aside), and the badge
            # to their right, inside the face.
            left, right, badge, face_left, face_right, shift = js(browser, """const boxes = [...document.querySelectorAll('#digits .cell')]
                    .filter(c => c.textContent.trim() !== '').map(p => p.getBoundingClientRect());
                const face = document.getElementById('face').getBoundingClientRect();
                return [Math.min(...boxes.map(b => b.left)), Math.max(...boxes.map(b => b.right)),
                        document.getElementById('ampm').getBoundingClientRect().right, face.left, face.right,
                        parseFloat(getComputedStyle(document.getElementById('clock')).translate) || 0]""")
            margins = (left - shift - face_left, face_right - right + shift)
            assert abs(margins[0] - margins[1]) <= 4, (width, height, margins)
            assert badge <= face_right, (width, height, badge, face_right)
            BH.screenshot(browser, f"face-12h-{width}x{height}")
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


# ---------------------------------------------------------------- the ringing screen


def ringing_screen_shown(driver):
    return js(driver, "const s = document.getElementById('ringing'); return s && !s.hidden && s.dataset.alarmId")


def test_the_ringing_screen_comes_with_an_alarm_and_dismiss_ends_that_alarm(web, browser):
    open_face(browser, web)
    added = web.daemon.ctl("--json", "alarm", "add", "+2s", "--label", "Tea")
    assert added.returncode == 0, str(added)
    alarm_id = added.json["alarm"]["id"]
    shown = BH.wait_for(browser, ringing_screen_shown, "the ringing screen", timeout=15)
    assert shown == str(alarm_id)
    assert browser.find_element(By.ID, "ringing-label").text == "Tea"
    assert js(browser, "return document.activeElement.textContent") == "Snooze"
    BH.screenshot(browser, "face-ringing")

    browser.find_element(By.CSS_SELECTOR, "#ringing .ringing-dismiss").click()
    BH.wait_for(browser, lambda d: js(d, "return document.getElementById('ringing').hidden"), "the screen to go")
    status = web.daemon.status()
    assert status["alarms"]["ringing"] == [], status["alarms"]


def test_an_alarm_already_ringing_shows_on_a_fresh_page_and_snooze_snoozes_it(web, browser):
    added = web.daemon.ctl("--json", "alarm", "add", "+1s", "--label", "Bread")
    assert added.returncode == 0, str(added)
    alarm_id = added.json["alarm"]["id"]
    web.daemon.wait_status(lambda s: [a["alarm"]["id"] for a in s["alarms"]["ringing"]] == [alarm_id], 15,
                           "the alarm to ring")
    open_face(browser, web)  # the page learns it from the first status, not from an alarm_ringing event
    assert BH.wait_for(browser, ringing_screen_shown, "the ringing screen from status") == str(alarm_id)
    browser.switch_to.active_element.send_keys(Keys.ENTER)  # Snooze has the focus
    BH.wait_for(browser, lambda d: js(d, "return document.getElementById('ringing').hidden"), "the screen to go")
    status = web.daemon.status()
    assert status["alarms"]["ringing"] == [] and [a["alarm"]["id"] for a in status["alarms"]["snoozed"]] == [alarm_id]


# ---------------------------------------------------------------- the [clock] settings


def test_the_digits_do_not_move_when_a_second_changes(web, browser):
    write_clock(web, 'format = "24h"\nseconds = true\n')  # 24 h: the cells are the same at every hour
    open_face(browser, web)
    BH.wait_for(browser, lambda d: len(digits(d)) == len("00:00:00"), "the seconds (from config.toml)")
    for _ in range(2):
        before_text, before = digits(browser), cell_boxes(browser)
        BH.wait_for(browser, lambda d: digits(d) != before_text, "the next second")
        assert cell_boxes(browser) == before, (before_text, digits(browser))


def test_settings_from_noisectl_clock_and_the_file_show_on_a_fresh_page(web, browser):
    open_face(browser, web)
    # noisectl clock saves its options only on a terminal: it runs in one (script's pty) and "q" quits it.
    ctl = f"{H.bin_dir() / 'noisectl'} clock --socket {web.daemon.socket} --24h --seconds --date " \
          "--color '#ff8800' --background blue"
    ran = subprocess.run(["script", "-qec", ctl, "/dev/null"], input=b"q", env=web.daemon.env(), capture_output=True,
                         timeout=15)
    assert ran.returncode == 0 and clock_table(web).get("format") == "24h", (ran, config_path(web).read_text())
    # The face's own keys, written to the file: [clock] is its last table, so lines added at its end are in it.
    path = config_path(web)
    assert re.findall(r"^\[(\w+)\]", path.read_text(), re.M)[-1] == "clock", path.read_text()
    path.write_text(path.read_text() + 'glow = 50\nfont = "DejaVu Serif"\nweight = 700\ndesign = "serif"\n')
    browser.refresh()  # a freshly loaded page reads the file
    BH.wait_for(browser, lambda d: js(d, "return document.getElementById('clock').dataset.hourCycle") == "24h"
                and len(digits(d)) == 8, "24-hour digits with seconds")
    style = js(browser, """const c = getComputedStyle(document.getElementById('clock'));
        return [c.color, getComputedStyle(document.getElementById('face')).backgroundColor, c.fontWeight,
                c.fontFamily, c.textShadow]""")
    assert style[0] == "rgb(255, 136, 0)" and style[1] == "rgb(36, 114, 200)", style
    assert style[2] == "700" and style[3].startswith('"DejaVu Serif"') and style[4] != "none", style
    assert browser.find_element(By.ID, "date").is_displayed()
    browser.find_element(By.TAG_NAME, "body").send_keys("s")
    BH.wait_for(browser, lambda d: d.find_element(By.ID, "settings").is_displayed(), "S to open the settings")
    assert Select(browser.find_element(By.ID, "setting-format")).first_selected_option.get_attribute("value") == "24h"
    assert browser.find_element(By.ID, "setting-seconds").is_selected()
    assert browser.find_element(By.ID, "setting-glow").get_attribute("value") == "50"
    assert Select(browser.find_element(By.ID, "setting-color")).first_selected_option.get_attribute("value") == "custom"
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    BH.wait_for(browser, lambda d: not d.find_element(By.ID, "settings").is_displayed(), "Escape to close them")


def test_a_12_hour_clock_with_the_am_pm_badge(web, browser):
    write_clock(web, 'format = "12h"\nampm = true\n')
    open_face(browser, web)
    BH.wait_for(browser, lambda d: d.find_element(By.ID, "ampm").is_displayed(), "the AM/PM badge")
    before = dt.datetime.now()
    shown = (digits(browser), browser.find_element(By.ID, "ampm").text)
    after = dt.datetime.now()
    assert shown in {(expected_text(t, True, False), t.strftime("%p")) for t in (before, after)}, shown


def test_every_setting_set_in_the_panel_is_saved_to_config_toml(web, browser):
    open_face(browser, web)
    open_settings(browser)
    saved = lambda key, value: BH.wait_for(  # noqa: E731
        browser, lambda d: clock_table(web).get(key) == value, f"clock.{key} = {value!r} in config.toml")

    Select(browser.find_element(By.ID, "setting-format")).select_by_value("24h")
    saved("format", "24h")
    for key, value in (("seconds", True), ("ampm", False), ("date", True), ("random_color", True),
                       ("next_alarm", False), ("now_playing", False)):
        browser.find_element(By.ID, f"setting-{key}").click()
        saved(key, value)
    browser.find_element(By.CSS_SELECTOR, "#settings .presets button[data-theme='night']").click()
    saved("theme", "night")
    Select(browser.find_element(By.ID, "setting-color")).select_by_value("bright-blue")
    saved("color", "bright-blue")
    # The colour picker's own dialog is the browser's, out of a page's reach: its value is set as the dialog would.
    js(browser, """const p = document.getElementById('setting-background-custom'); p.value = '#203040';
                   p.dispatchEvent(new Event('change', {bubbles: true}))""")
    saved("background", "#203040")
    for key, key_press, value in (("glow", Keys.PAGE_UP, 10), ("size", Keys.PAGE_DOWN, 90),
                                  ("opacity", Keys.PAGE_DOWN, 90), ("overlay_opacity", Keys.PAGE_UP, 70)):
        browser.find_element(By.ID, f"setting-{key}").send_keys(key_press)
        saved(key, value)
    Select(browser.find_element(By.ID, "setting-font")).select_by_value("DejaVu Serif")
    saved("font", "DejaVu Serif")
    Select(browser.find_element(By.ID, "setting-weight")).select_by_value("700")
    saved("weight", 700)
    Select(browser.find_element(By.ID, "setting-design")).select_by_value("serif")
    saved("design", "serif")
    # The Day preset puts the colours back to the theme's.
    browser.find_element(By.CSS_SELECTOR, "#settings .presets button[data-theme='day']").click()
    saved("theme", "day")
    table = clock_table(web)
    assert table["color"] == "default" and table["background"] == "default", table
    assert tomllib.loads(config_path(web).read_text())["web"]["listen"] == web.host  # the file's other lines kept
    assert len(digits(browser)) == 8  # the page follows what was saved: 24-hour digits with seconds
    assert BH.console(browser) == []
    BH.screenshot(browser, "face-settings")


def test_a_bad_value_is_refused_in_words_and_nothing_is_saved(web, browser):
    open_face(browser, web)
    before = config_path(web).read_text()
    reply = browser.execute_async_script("""const done = arguments[arguments.length - 1];
        import('/js/link.js').then(link => link.saveClockSettings({glow: 140})).then(done)""")
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_setting", reply
    assert "glow" in reply["error"]["message"], reply
    assert config_path(web).read_text() == before
