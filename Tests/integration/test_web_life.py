"""The life page (docs/web.md, "The life page"), end to end: the real noised, noiseweb and noisectl, and the real
headless Chromium. What the page does is checked through noisectl's JSON, and what noisectl does is waited for on
the page; the grid's cells are counted against the daemon's figures."""

from __future__ import annotations

import datetime
import json

import pytest
from selenium.webdriver.common.by import By

import browser_harness as BH
import harness as H
from test_web_pages import assert_clean_console, click, ctl_json, ctl_ok, find, text_of


@pytest.fixture
def web(make_daemon, make_web, testdata):
    return make_web(make_daemon(device="null"))


def open_life(driver, web):
    BH.log_in(driver, web, "/life")
    BH.wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "p.banner").get_attribute("hidden") is not None
                and d.find_elements(By.CSS_SELECTOR, "body[data-loaded]"), "the life page to show the daemon's state")


def set_field(driver, css, value):
    """A date or number field filled as a person's typing leaves it (a date input's typing is locale-bound)."""
    driver.execute_script("const f = document.querySelector(arguments[0]); f.value = arguments[1];"
                          "f.dispatchEvent(new Event('input', {bubbles: true}));", css, value)


def grid(driver):
    """The grid's cells by kind, and its rows (distinct y of the cells); None while it is not drawn."""
    return driver.execute_script(
        "const cells = [...document.querySelectorAll('#grid svg rect')];"
        "if (!cells.length) return null;"
        "const count = (kind) => cells.filter(c => c.classList.contains(kind)).length;"
        "return {lived: count('lived'), now: count('now'), future: count('future'), cells: cells.length,"
        "        rows: new Set(cells.map(c => c.getAttribute('y'))).size,"
        "        ruler: [...document.querySelectorAll('#grid text[text-anchor=end]')].map(t => t.textContent)};")


def expected_grid(info):
    f = info["figures"]
    lived = min(f["weeks_lived"], f["total_weeks"])
    now = 1 if f["weeks_lived"] < f["total_weeks"] else 0
    every = 10 if info["years"] > 100 else 5
    return {"lived": lived, "now": now, "future": f["total_weeks"] - lived - now, "cells": f["total_weeks"],
            "rows": info["years"], "ruler": [str(y) for y in range(0, info["years"], every)]}


def fetch(driver, href):
    """GETs ``href`` from the page itself (its cookie, its origin, the sign-in's key it keeps): status, type,
    disposition and the body."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {headers: {'X-NoiseClock-Key': localStorage.getItem('noiseclock.key')}})"
        ".then(async r => done({status: r.status, type: r.headers.get('content-type'),"
        "  disposition: r.headers.get('content-disposition'), body: await r.text()}))"
        ".catch(e => done({error: String(e)}));", href)


def shown(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css).is_displayed()


def days_before(today: str, days: int) -> str:
    return (datetime.date.fromisoformat(today) - datetime.timedelta(days=days)).isoformat()


# ---------------------------------------------------------------- the birth date and the grid


def test_no_birth_date_shows_the_form_and_a_date_set_on_the_page_draws_the_daemons_grid(web, browser):
    d = web.daemon
    open_life(browser, web)
    assert shown(browser, "#birth-form") and shown(browser, "#no-birth")
    assert not shown(browser, "#weeks-panel") and not shown(browser, "#figures")
    assert grid(browser) is None

    set_field(browser, "#birth-date", "1990-01-01")
    set_field(browser, "#birth-years", "85")
    click(browser, "#birth-form button[type=submit]")
    H.wait_until(lambda: ctl_json(d, "life", "show")["birth"] == "1990-01-01", 10, 0.05, "the birth date stored")
    info = ctl_json(d, "life", "show")
    assert info["years"] == 85, info
    BH.wait_for(browser, lambda b: grid(b) is not None, "the grid drawn")
    assert grid(browser) == expected_grid(info)
    f = info["figures"]
    assert text_of(browser, "#days-remaining") == f"{f['days_remaining']:,}"
    assert text_of(browser, "#days-words") == "days remaining"
    assert text_of(browser, "#percent") == f"{f['percent_lived']:.1f} %"
    assert text_of(browser, "#weeks") == f"{f['weeks_lived']:,} of {f['total_weeks']:,}"
    assert text_of(browser, "#end-date") == f["expected_end_date"] == "2075-01-01"
    assert text_of(browser, "#today-left").startswith("Today ends in ")
    # The form folds away under the figures once the date is kept.
    assert not shown(browser, "#birth-form") and not shown(browser, "#no-birth")
    assert_clean_console(browser)


def test_a_birth_date_set_in_the_terminal_reaches_the_open_page(web, browser):
    d = web.daemon
    open_life(browser, web)
    assert grid(browser) is None
    ctl_ok(d, "life", "set", "--birth", "2000-02-29", "--years", "120")
    info = ctl_json(d, "life", "show")
    BH.wait_for(browser, lambda b: grid(b) == expected_grid(info), "the life_changed event to draw the grid")
    # Past 100 years the ruler counts every 10, as the poster's.
    assert grid(browser)["ruler"][:3] == ["0", "10", "20"]
    assert text_of(browser, "#born") == "2000-02-29 · expectancy 120 years"

    ctl_ok(d, "life", "set", "--birth", "1950-06-15", "--years", "60")
    info = ctl_json(d, "life", "show")
    assert info["figures"]["days_remaining_signed"] < 0  # outlived: every week filled, none is this week
    BH.wait_for(browser, lambda b: grid(b) == expected_grid(info), "the outlived grid")
    assert grid(browser)["now"] == 0 and grid(browser)["ruler"][:3] == ["0", "5", "10"]
    assert text_of(browser, "#days-words") == "days past the expected end"
    assert text_of(browser, "#days-remaining") == f"{-info['figures']['days_remaining_signed']:,}"
    assert_clean_console(browser)


def test_a_future_birth_date_is_refused_in_words_and_nothing_is_kept(web, browser):
    d = web.daemon
    open_life(browser, web)
    set_field(browser, "#birth-date", "2999-01-01")
    click(browser, "#birth-form button[type=submit]")
    BH.wait_for(browser, lambda b: "is after today" in text_of(b, "#birth-date-error"), "the refusal beside the date")
    assert text_of(browser, "#birth-date-error").startswith("The birth date 2999-01-01 is after today")
    assert text_of(browser, "#birth-error") == ""
    assert ctl_json(d, "life", "show")["birth"] is None
    assert find(browser, "#birth-date").get_attribute("value") == "2999-01-01"  # left as typed
    assert not shown(browser, "#weeks-panel")
    assert_clean_console(browser, refusals=True)


def test_the_poster_links_download_the_svg_and_hide_without_a_birth_date(web, browser, tmp_path):
    d = web.daemon
    open_life(browser, web)
    assert not shown(browser, "#poster-a4") and not shown(browser, "#poster-a3")
    refused = fetch(browser, find(browser, "#poster-a4").get_attribute("href"))
    assert refused["status"] == 409 and json.loads(refused["body"])["error"]["code"] == "no_birth_date", refused

    ctl_ok(d, "life", "set", "--birth", "1990-01-01")
    BH.wait_for(browser, lambda b: shown(b, "#poster-a4") and shown(b, "#poster-a3"), "the poster links")
    weeks_lived = ctl_json(d, "life", "show")["figures"]["weeks_lived"]
    for css, width, paper in (("#poster-a4", "210.00mm", "a4"), ("#poster-a3", "297.00mm", "a3")):
        got = fetch(browser, find(browser, css).get_attribute("href"))
        assert got["status"] == 200 and got["type"].startswith("image/svg+xml"), got
        assert got["disposition"] == f'attachment; filename="life-poster-{paper}.svg"', got
        body = got["body"]
        assert body.startswith("<?xml") and "<svg" in body, body[:200]
        assert f'width="{width}"' in body, body[:300]
        assert body.count('class="lived"') == weeks_lived + 1  # the key has one lived cell too
    # A click saves the file, as the page fetches it with its key (a link's own navigation could not carry it).
    folder = tmp_path / "downloads"
    folder.mkdir()
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    click(browser, "#poster-a3")
    saved = H.wait_until(lambda: [p for p in folder.glob("life-poster-a3.svg") if p.stat().st_size > 0], 15,
                         desc="the poster saved")
    assert 'width="297.00mm"' in saved[0].read_text() and text_of(browser, "#life-error") == ""
    # The 409 asked for while no date was set is the one failed load in the console (assert_clean_console
    # allows only 400s).
    problems = [m for m in BH.console(browser) if "/favicon.ico " not in m and "status of 409" not in m]
    assert not problems, problems


# ---------------------------------------------------------------- habits


def test_habits_tapped_on_the_page_and_in_the_terminal(web, browser):
    d = web.daemon
    ctl_ok(d, "habit", "add", "Reading", "--minutes", "15")
    open_life(browser, web)
    row = '#habits li[data-habit="Reading"]'
    assert "Not tapped today" in text_of(browser, row)
    assert text_of(browser, "#bonus") == "Today's bonus 0 min"

    click(browser, f"{row} button.plus")
    H.wait_until(lambda: ctl_json(d, "habit", "today")["tap_count"] == 1, 10, 0.05, "the tap stored")
    today = ctl_json(d, "habit", "today")
    assert today["bonus_minutes"] == 15 and today["habits"] == [{"habit": "Reading", "plus": 1, "minus": 0, "minutes": 15}], today
    assert ctl_json(d, "life", "show")["bonus_minutes"] == 15
    BH.wait_for(browser, lambda b: text_of(b, "#bonus") == "Today's bonus +15 min", "the bonus on the page")
    BH.wait_for(browser, lambda b: "Today +15 min (1 +)" in text_of(b, row), "the habit's taps on the page")

    click(browser, "#habit-undo")
    H.wait_until(lambda: ctl_json(d, "habit", "today")["tap_count"] == 0, 10, 0.05, "the tap taken back")
    BH.wait_for(browser, lambda b: text_of(b, "#bonus") == "Today's bonus 0 min" and "Not tapped today" in text_of(b, row),
                "the undo on the page")
    click(browser, "#habit-undo")
    BH.wait_for(browser, lambda b: "no tap to take back" in text_of(b, "#habit-error"), "the refusal in words")

    # Taps in the terminal; a habit added there shows by the `habits` event, before any tap.
    ctl_ok(d, "habit", "-", "reading")
    BH.wait_for(browser, lambda b: "Today -15 min (1 −)" in text_of(b, row), "the terminal's tap on the page")
    ctl_ok(d, "habit", "add", "Walk", "--minutes", "20")
    BH.wait_for(browser, lambda b: "Not tapped today" in text_of(b, '#habits li[data-habit="Walk"]'), "Walk, added in the terminal")
    ctl_ok(d, "habit", "+", "walk")
    BH.wait_for(browser, lambda b: "Today +20 min (1 +)" in text_of(b, '#habits li[data-habit="Walk"]'), "Walk and its tap")
    BH.wait_for(browser, lambda b: text_of(b, "#bonus") == "Today's bonus +5 min", "the bonus after both")
    assert ctl_json(d, "habit", "today")["bonus_minutes"] == 5
    assert "Walk +20 min" in text_of(browser, "#last-tap")
    # Removed in the terminal: gone from the page by the `habits` event, and its tap from the bonus.
    ctl_ok(d, "habit", "remove", "walk")
    BH.wait_for(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, '#habits li[data-habit="Walk"]')
                and text_of(b, "#bonus") == "Today's bonus -15 min", "Walk and its tap gone")
    assert_clean_console(browser, refusals=True)


def test_a_habit_added_and_removed_on_the_page_and_a_name_taken_refused(web, browser):
    d = web.daemon
    ctl_ok(d, "habit", "add", "Reading", "--minutes", "15")
    open_life(browser, web)
    find(browser, "#habit-name").send_keys("Stretch")
    set_field(browser, "#habit-minutes", "5")
    click(browser, "#habit-form button[type=submit]")
    H.wait_until(lambda: len(ctl_json(d, "habit", "list")["habits"]) == 2, 10, 0.05, "the habit added")
    assert ctl_json(d, "habit", "list")["habits"][1] == {"name": "Stretch", "minutes": 5}
    BH.wait_for(browser, lambda b: "5 min a tap" in text_of(b, '#habits li[data-habit="Stretch"]'), "Stretch listed")
    assert find(browser, "#habit-name").get_attribute("value") == ""

    find(browser, "#habit-name").send_keys("reading")
    click(browser, "#habit-form button[type=submit]")
    BH.wait_for(browser, lambda b: text_of(b, "#habit-name-error").startswith('There is a habit "Reading" already'),
                "the refusal beside the name")
    assert find(browser, "#habit-name").get_attribute("value") == "reading"

    ctl_ok(d, "habit", "+", "stretch")
    click(browser, '#habits li[data-habit="Stretch"] button.remove')
    BH.wait_for(browser, lambda b: "Remove Stretch" in text_of(b, '#habits li[data-habit="Stretch"] .confirm'), "the confirm step")
    assert browser.switch_to.active_element.text == "Keep"  # the safe answer has the focus
    click(browser, '#habits li[data-habit="Stretch"] .confirm-yes')
    H.wait_until(lambda: [h["name"] for h in ctl_json(d, "habit", "list")["habits"]] == ["Reading"], 10, 0.05, "Stretch removed")
    BH.wait_for(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, '#habits li[data-habit="Stretch"]'), "Stretch gone")
    # Its tap went with it, and the page asked for the day again.
    BH.wait_for(browser, lambda b: text_of(b, "#bonus") == "Today's bonus 0 min", "the bonus without Stretch's tap")
    assert_clean_console(browser, refusals=True)


# ---------------------------------------------------------------- the gratitude diary


def test_todays_entry_written_on_the_page_is_kept_across_a_restart_and_found(web, browser):
    d = web.daemon
    open_life(browser, web)
    assert text_of(browser, "#entry-state") == "Nothing written today yet."
    find(browser, "#entry-text").send_keys("The walk by the river")
    click(browser, "#entry-save")
    H.wait_until(lambda: ctl_json(d, "gratitude", "show")["entry"], 10, 0.05, "the entry stored")
    assert ctl_json(d, "gratitude", "show")["entry"]["text"] == "The walk by the river"
    BH.wait_for(browser, lambda b: text_of(b, "#entry-state").startswith("Saved at"), "the page to say it is saved")
    today = ctl_json(d, "life", "show")["today"]
    BH.wait_for(browser, lambda b: "The walk by the river" in text_of(b, f'#entries li[data-date="{today}"]'), "the entry listed")

    # noised restarts under the page: the list, emptied here, is shown again from the store on reconnecting.
    browser.execute_script("delete document.body.dataset.loaded; document.getElementById('entries').replaceChildren();")
    d.stop()
    BH.wait_for(browser, lambda b: "noised is not running" in text_of(b, "p.banner"), "the banner to say noised is down")
    d.start()
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "body[data-loaded]"), "the page loaded again")
    assert ctl_json(d, "gratitude", "show")["entry"]["text"] == "The walk by the river"
    assert "The walk by the river" in text_of(browser, f'#entries li[data-date="{today}"]')
    assert find(browser, "#entry-text").get_attribute("value") == "The walk by the river"

    # Replaced on the page.
    box = find(browser, "#entry-text")
    box.send_keys(", and the heron")
    click(browser, "#entry-save")
    H.wait_until(lambda: ctl_json(d, "gratitude", "show")["entry"]["text"] == "The walk by the river, and the heron",
                 10, 0.05, "the entry replaced")

    find(browser, "#search-words").send_keys("her")
    click(browser, "#search-form button[type=submit]")
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, f'#search-results li[data-date="{today}"] mark'), "the search result")
    assert text_of(browser, "#search-results mark") == "heron"
    search = find(browser, "#search-words")
    search.clear()
    search.send_keys("kestrel")
    click(browser, "#search-form button[type=submit]")
    BH.wait_for(browser, lambda b: text_of(b, "#search-empty") == "No entry has kestrel.", "no match said")
    assert not browser.find_elements(By.CSS_SELECTOR, "#search-results li")
    assert_clean_console(browser, refusals=True)


def test_entries_written_in_the_terminal_reach_the_page(web, browser):
    d = web.daemon
    open_life(browser, web)
    today = ctl_json(d, "life", "show")["today"]
    yesterday = days_before(today, 1)
    ctl_ok(d, "gratitude", "Coffee with Ana", "--date", yesterday)
    BH.wait_for(browser, lambda b: "Coffee with Ana" in text_of(b, f'#entries li[data-date="{yesterday}"]'), "yesterday's entry")
    ctl_ok(d, "gratitude", "Written in the terminal")
    BH.wait_for(browser, lambda b: find(b, "#entry-text").get_attribute("value") == "Written in the terminal", "today's entry in the box")
    BH.wait_for(browser, lambda b: b.execute_script("return [...document.querySelectorAll('#entries li')].map(li => li.dataset.date)")
                == [today, yesterday], "both entries listed, newest first")

    # What the person is writing is not pulled from under them by a save elsewhere.
    box = find(browser, "#entry-text")
    box.send_keys(" and mine")
    ctl_ok(d, "gratitude", "Replaced in the terminal", "--replace")
    BH.wait_for(browser, lambda b: "Saved elsewhere" in text_of(b, "#entry-state"), "the page to say so")
    assert box.get_attribute("value") == "Written in the terminal and mine"
    assert_clean_console(browser)


def test_entries_imported_in_the_terminal_reach_the_open_page(web, browser, tmp_path):
    d = web.daemon
    open_life(browser, web)
    today = ctl_json(d, "life", "show")["today"]
    assert find(browser, "#entry-text").get_attribute("value") == ""
    entries = [{"date": days_before(today, 2), "text": "Imported from the old phone", "saved_at": 1},
               {"date": today, "text": "Today, imported", "saved_at": 2}]
    path = tmp_path / "diary.json"
    path.write_text(json.dumps({"entries": entries}))
    # The daemon's `gratitude_imported` event brings them; the page asks for nothing until it comes.
    ctl_ok(d, "gratitude", "import", str(path))
    BH.wait_for(browser, lambda b: "Imported from the old phone" in text_of(b, f'#entries li[data-date="{days_before(today, 2)}"]'),
                "the imported entry listed")
    BH.wait_for(browser, lambda b: find(b, "#entry-text").get_attribute("value") == "Today, imported", "today's entry in the box")
    assert_clean_console(browser)


def test_the_last_entries_are_the_newest_and_earlier_ones_come_on_asking(web, browser, tmp_path):
    d = web.daemon
    today = ctl_json(d, "life", "show")["today"]
    # Spread over years, so the page has to widen its window of days more than once.
    ago = [0, 3, 10, 30, 100, 200, 400, 800, 2000]
    entries = [{"date": days_before(today, n), "text": f"Entry from {n} days ago", "saved_at": 1} for n in reversed(ago)]
    path = tmp_path / "diary.json"
    path.write_text(json.dumps({"entries": entries}))
    ctl_ok(d, "gratitude", "import", str(path))
    open_life(browser, web)
    dates = lambda b: b.execute_script("return [...document.querySelectorAll('#entries li')].map(li => li.dataset.date)")
    assert dates(browser) == [days_before(today, n) for n in ago[:7]]
    assert shown(browser, "#entries-more")
    click(browser, "#entries-more")
    BH.wait_for(browser, lambda b: dates(b) == [days_before(today, n) for n in ago], "every entry, newest first")
    assert not shown(browser, "#entries-more")
    assert_clean_console(browser)


# ---------------------------------------------------------------- screenshots


def test_screenshots(web, browser):
    d = web.daemon
    ctl_ok(d, "life", "set", "--birth", "1990-01-01")
    for name, minutes in (("Reading", "15"), ("Walk outside", "20"), ("Scrolling", "10")):
        ctl_ok(d, "habit", "add", name, "--minutes", minutes)
    ctl_ok(d, "habit", "+", "reading")
    ctl_ok(d, "habit", "-", "scrolling")
    today = ctl_json(d, "life", "show")["today"]
    ctl_ok(d, "gratitude", "Coffee with Ana, then the quiet evening", "--date", days_before(today, 1))
    ctl_ok(d, "gratitude", "The walk by the river\nand a strong coffee")
    info = ctl_json(d, "life", "show")
    for width, height in ((1280, 720), (360, 640), (720, 1280)):
        BH.set_viewport(browser, width, height)
        open_life(browser, web)
        assert grid(browser) == expected_grid(info)
        # Nothing wider than the viewport; the grid fits its width.
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        assert browser.execute_script("return document.querySelector('#grid svg').getBoundingClientRect().right") <= width
        BH.screenshot(browser, f"life-{width}x{height}")
    assert_clean_console(browser)
