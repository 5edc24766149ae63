"""`noisectl life` (the view side of issue 26): the offline figures as JSON, its errors, the terminal view once and
live (tmux), and the poster: SVG read back as XML (xml.etree) and counted, PNG through rsvg-convert.  No daemon:
with --birth nothing is asked of it, and without one the commands say it is not running."""

from __future__ import annotations

import json
import math
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import harness as H
from test_clock import clock_env, tmux_for, width  # noqa: F401 (tmux_for is a fixture)

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLE = ["--birth", "1990-01-01", "--today", "2024-06-15", "--years", "80"]


def life(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(H.bin_dir() / "noisectl"), "life", *args], capture_output=True, text=True, timeout=20,
                          env=env or H.base_env({"TZ": "UTC"}), stdin=subprocess.DEVNULL)


def braille_dots(text: str) -> int:
    return sum(bin(ord(c) - 0x2800).count("1") for c in text if 0x2801 <= ord(c) <= 0x28FF)


# ---------------------------------------------------------------- the figures, offline


def test_the_issues_example_offline_as_json(bins):
    r = life(*EXAMPLE, "--json")
    assert r.returncode == 0, r.stderr
    shown = json.loads(r.stdout)
    # life_show's shape (with the daemon or without): nothing asked of the daemon, so no bonus and no diary entry.
    assert shown["birth"] == "1990-01-01" and shown["years"] == 80 and shown["today"] == "2024-06-15", shown
    assert shown["bonus_minutes"] is None and shown["last_entry"] is None, shown
    d = shown["figures"]
    assert set(d) == {"days_lived", "weeks_lived", "total_weeks", "weeks_remaining", "percent_lived",
                      "expected_end_date", "days_remaining", "days_remaining_signed"}, d
    assert (d["days_lived"], d["weeks_lived"], d["total_weeks"], d["weeks_remaining"]) == (12584, 1797, 4160, 2363)
    assert d["expected_end_date"] == "2070-01-01" and d["days_remaining"] == 16636 and d["days_remaining_signed"] == 16636
    assert abs(d["percent_lived"] - 100 * 1797 / 4160) < 1e-9


def test_outlived_the_signed_days_go_negative(bins):
    d = json.loads(life("--birth", "1930-01-01", "--today", "2024-06-15", "--json").stdout)["figures"]
    assert d["days_remaining"] == 0 and d["days_remaining_signed"] == -5279 and d["weeks_remaining"] == 0
    assert d["total_weeks"] == 4160 and d["percent_lived"] > 100


def test_without_today_it_counts_to_the_system_zones_date(bins):
    from datetime import date, datetime, timedelta, timezone
    # Kiritimati is UTC+14: its date is often UTC's tomorrow, which the count must follow.
    r = life("--birth", "2000-01-01", "--json", env=H.base_env({"TZ": "Pacific/Kiritimati"}))
    before = (datetime.now(timezone.utc) + timedelta(hours=14)).date()
    assert r.returncode == 0, r.stderr
    lived = json.loads(r.stdout)["figures"]["days_lived"]
    assert lived in {(before - date(2000, 1, 1)).days, (before - date(2000, 1, 1)).days + 1}, lived


@pytest.mark.parametrize("args, words", [
    (["--today", "2024-06-15"], "--today goes with --birth"),
    (["--years", "85"], "--years goes with --birth"),
    (["--birth", "1990-02-30"], "'1990-02-30' is not a date (February 1990 has days 01 to 28)"),
    (["--birth", "1990-1-1"], "is not a date"),
    (["--birth", "1990-01-01", "--today", "2023-02-29"], "--today: '2023-02-29' is not a date"),
    (["--birth", "1990-01-01", "--years", "0"], "a life expectancy of 0 years is out of range; give 1 to 150 years"),
    (["--birth", "1990-01-01", "--years", "151"], "give 1 to 150 years"),
    (["--birth", "2030-01-01", "--today", "2024-06-15"], "the birth date 2030-01-01 is after today (2024-06-15)"),
])
def test_bad_input_is_refused_with_what_is_accepted(bins, args, words):
    r = life(*args, "--json")
    assert r.returncode == 2 and words in r.stderr, (r.returncode, r.stderr)
    assert r.stdout == ""


def test_without_birth_it_asks_the_daemon_and_says_when_there_is_none(bins, tmp_path):
    env = clock_env(tmp_path / "e", TZ="UTC")
    for args in (["--once"], ["--json"], ["grid", "--svg", str(tmp_path / "x.svg")]):
        r = life(*args, env=env)
        assert r.returncode == 3 and "noised is not running" in (r.stderr + r.stdout), (args, r.stderr)
    assert not (tmp_path / "x.svg").exists()


# ---------------------------------------------------------------- the terminal view


def test_once_prints_the_grid_and_the_death_clock_at_the_asked_size(bins):
    r = life(*EXAMPLE, "--once", "--size", "80x24")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")[:-1]
    assert len(lines) == 24 and all(width(l) == 80 for l in lines), [width(l) for l in lines]
    assert "\x1b" not in r.stdout, "a pipe gets plain text"
    # One dot a week at this size: the 1,797 lived and this one.
    assert braille_dots(r.stdout) == 1798
    text = "\n".join(lines)
    for words in ("days remaining", "1,797 of 4,160 weeks lived", "43.2 % lived", "expected end 2070-01-01",
                  "born 1990-01-01 · 80 years"):
        assert words in text, words
    assert "bonus" not in text, "offline there is no bonus to show"
    ruler = [l.split("│")[0].strip() for l in lines if "│" in l]
    assert [x for x in ruler if x] == ["0", "10", "20", "30", "40", "50", "60", "70"], ruler
    small = life(*EXAMPLE, "--once", "--size", "12x3")
    assert small.returncode == 0 and len(small.stdout.split("\n")[:-1]) == 3, small.stderr
    bad = life(*EXAMPLE, "--once", "--size", "80by24")
    assert bad.returncode == 2 and "--size" in bad.stderr


def test_the_live_view_draws_refits_and_quits_on_q(bins, tmp_path, tmux_for):
    env = clock_env(tmp_path / "e", TZ="UTC")
    t = tmux_for(env)
    t.start(EXAMPLE, command="life")
    # The frame is whole once its bottom edge is drawn: a capture can land between the writes of one frame.
    first = t.wait_for(lambda ls: any("weeks lived" in l for l in ls) and any("└" in l for l in ls) and ls,
                       "the life view, drawn to its bottom edge")
    assert t.show("#{alternate_on}") == "1" and t.show("#{cursor_flag}") == "0"
    assert braille_dots("\n".join(first)) == 1798
    t.tmux("resize-window", "-t", "0", "-x", "160", "-y", "50")
    # Re-fitted: a pitch of two dots a week makes the frame 52 columns wide.
    t.wait_for(lambda ls: any(l.count("─") == 52 for l in ls), "the grid re-fitted to the larger window")
    t.keys("q")
    t.assert_restored()


def test_the_clock_takes_the_life_overlay(bins, tmp_path):
    env = clock_env(tmp_path / "e", TZ="UTC")
    r = H.noisectl("clock", "--overlay", "life", "--once", "--size", "60x20", "--24h", env=env)
    assert r.returncode == 0 and "noised is not running" in r.stdout, str(r)
    bad = H.noisectl("clock", "--overlay", "moon", "--once", env=env)
    assert bad.returncode == 2 and "life" in bad.stderr, str(bad)


# ---------------------------------------------------------------- the poster


def poster(path: Path) -> tuple[ET.Element, list[ET.Element]]:
    root = ET.parse(path).getroot()   # raises on anything but well-formed XML
    weeks = root.find(f"{SVG}g[@id='weeks']")
    assert weeks is not None
    return root, weeks.findall(f"{SVG}rect")


def test_the_svg_poster_is_an_a4_page_with_a_cell_a_week(bins, tmp_path):
    out = tmp_path / "life.svg"
    r = life("grid", "--svg", str(out), *EXAMPLE)
    assert r.returncode == 0 and f"wrote {out}" in r.stdout, r.stderr
    figures = json.loads(life(*EXAMPLE, "--json").stdout)["figures"]
    root, cells = poster(out)
    assert root.tag == f"{SVG}svg" and root.get("width") == "210.00mm" and root.get("height") == "297.00mm"
    assert [float(v) for v in root.get("viewBox").split()] == [0, 0, 210, 297]
    kinds = [c.get("class") for c in cells]
    assert len(cells) == figures["total_weeks"] == 4160
    assert kinds.count("lived") == figures["weeks_lived"] and kinds.count("now") == 1
    assert kinds.index("now") == figures["weeks_lived"], "this week follows the lived ones"
    # Every cell on the page, and 52 to a row.
    for c in cells:
        x, y, w = float(c.get("x")), float(c.get("y")), float(c.get("width"))
        assert 0 < x and x + w < 210 and 0 < y and y + w < 297
    rows = {c.get("y") for c in cells}
    assert len(rows) == 80 and all(sum(1 for c in cells if c.get("y") == y) == 52 for y in rows)
    years = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "end"]
    weeks = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "middle"]
    assert years == [str(y) for y in range(0, 80, 5)] and weeks == ["1", "10", "20", "30", "40", "52"], (years, weeks)
    assert not list(tmp_path.glob(".*tmp")), "no temporary file left"


def test_a3_and_a_second_write_replaces_the_file(bins, tmp_path):
    out = tmp_path / "life.svg"
    out.write_text("old")
    r = life("grid", "--svg", str(out), "--paper", "a3", "--birth", "1950-01-01", "--years", "120",
             "--today", "2024-06-15")
    assert r.returncode == 0, r.stderr
    root, cells = poster(out)
    assert root.get("width") == "297.00mm" and root.get("height") == "420.00mm" and len(cells) == 120 * 52
    bad = life("grid", "--svg", str(out), "--paper", "letter", *EXAMPLE)
    assert bad.returncode == 2 and "a4" in bad.stderr
    none = life("grid", *EXAMPLE)
    assert none.returncode == 2 and "--svg" in none.stderr


def test_png_without_rsvg_convert_names_the_package(bins, tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    out = tmp_path / "life.png"
    r = life("grid", "--png", str(out), *EXAMPLE, env=H.base_env({"TZ": "UTC", "PATH": str(empty)}))
    assert r.returncode == 1 and "rsvg-convert" in r.stderr and "librsvg2-bin" in r.stderr, r.stderr
    assert not out.exists()


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin, make test-deps)")
def test_png_through_rsvg_convert_is_an_a4_page_at_300_dpi(bins, tmp_path):
    out = tmp_path / "life.png"
    r = life("grid", "--png", str(out), *EXAMPLE)
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    w, h = struct.unpack(">II", data[16:24])
    # 210 × 297 mm at 300 dots an inch, a part of a pixel made whole.
    assert (w, h) == (math.ceil(210 / 25.4 * 300), math.ceil(297 / 25.4 * 300)) == (2481, 3508), (w, h)
    assert not list(tmp_path.glob("*.tmp*")), "no temporary file left"


# ---------------------------------------------------------------- with the daemon's stored life


def test_without_birth_the_view_shows_what_the_daemon_keeps(bins, make_daemon, tmp_path):
    d = make_daemon(device="null", extra_env={"TZ": "UTC"})
    sock = str(d.socket)
    env = d.env()
    assert H.noisectl("life", "set", "--birth", "1990-01-01", socket=d.socket, env=env).returncode == 0
    assert H.noisectl("habit", "add", "walk", "--minutes", "25", socket=d.socket, env=env).returncode == 0
    assert H.noisectl("habit", "+", "walk", socket=d.socket, env=env).returncode == 0
    assert H.noisectl("gratitude", "Rain on the roof\nand more", socket=d.socket, env=env).returncode == 0
    info = d.request("life_show")["data"]
    lived = info["figures"]["weeks_lived"]
    r = life("--socket", sock, "--once", "--size", "80x24", env=env)
    assert r.returncode == 0, r.stderr
    assert braille_dots(r.stdout) == lived + 1 and "Today's bonus +25 min" in r.stdout, r.stdout
    assert f"Grateful, {info['today']}:" in r.stdout and "Rain on the roof" in r.stdout, r.stdout
    j = life("--socket", sock, "--json", env=env)
    assert j.returncode == 0 and json.loads(j.stdout) == info, j.stdout
    out = tmp_path / "life.svg"
    g = life("grid", "--socket", sock, "--svg", str(out), env=env)
    assert g.returncode == 0, g.stderr
    _, cells = poster(out)
    assert [c.get("class") for c in cells].count("lived") == lived and len(cells) == 4160

    clock = H.noisectl("clock", "--overlay", "life", "--once", "--size", "60x20", "--24h", socket=d.socket, env=env)
    days = f"{info['figures']['days_remaining']:,}"
    assert clock.returncode == 0 and f"{days} days remaining" in clock.stdout and "+25 min" in clock.stdout, str(clock)


def test_no_birth_date_stored_the_view_and_the_poster_say_how_to_set_one(bins, make_daemon, tmp_path):
    d = make_daemon(device="null", extra_env={"TZ": "UTC"})
    sock = str(d.socket)
    r = life("--socket", sock, "--once", "--size", "80x24", env=d.env())
    assert r.returncode == 0 and "No birth date set." in r.stdout and "noisectl life set --birth" in r.stdout, r.stdout
    g = life("grid", "--socket", sock, "--svg", str(tmp_path / "x.svg"), env=d.env())
    assert g.returncode == 1 and "no birth date is set" in g.stderr and "--birth" in g.stderr, g.stderr
    assert not (tmp_path / "x.svg").exists()
