"""`noisectl mars` (no daemon): the Mars24 chain against the published worked examples and against an
independent implementation written here from the algorithm page (NASA GISS, "Mars24 Sunclock — Algorithm and
Worked Examples"), with TAI − UTC from the system's leap-seconds.list."""

from __future__ import annotations

import json
import math
import random
import subprocess
from datetime import datetime, timezone

import harness as H

LEAP_LIST = "/usr/share/zoneinfo/leap-seconds.list"


def mars(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(H.bin_dir() / "noisectl"), "mars", *args], capture_output=True, text=True, timeout=20,
                          env=H.base_env({"TZ": "UTC"}))


def mars_json(*args: str) -> dict:
    r = mars(*args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def close(value, expected, tolerance):
    return abs(value - expected) <= tolerance


def test_worked_example_a_at_the_published_precision(bins):
    d = mars_json("--at", "2000-01-06T00:00:00Z", "--lon", "0")
    h = 0.000005
    assert close(d["jd_tt"], 2451549.50074, h) and close(d["delta_t_j2000_tt_days"], 4.50074, h)
    assert close(d["mars_mean_anomaly_deg"], 21.74558, h) and close(d["fms_alpha_deg"], 272.74566, h)
    assert close(d["pbs_deg"], 0.00142, h) and close(d["equation_of_center_deg"], 4.44193, h)
    # The page truncates Ls, EOT and the declination of this example: 1e-5.
    assert close(d["ls_deg"], 277.18758, 1e-5) and close(d["eot_deg"], -5.18774, 1e-5)
    assert close(d["solar_declination_deg"], -25.22825, 1e-5)
    assert close(d["eot_hours"], -0.34585, h) and close(d["msd"], 44795.9998, 0.00005)
    assert close(d["mtc_hours"], 23.99425, h) and close(d["ltst_hours"], 23.64840, h)
    assert close(d["subsolar_longitude_west_deg"], 174.726, 0.0005)
    assert d["tt_minus_utc_s"] == 64.184 and d["sol"] == 44795 and d["season"] == "winter" and d["mars_year"] == 24


def test_worked_example_b_at_spirits_site(bins):
    d = mars_json("--at", "2004-01-03T13:46:31Z", "--lon", "184.702W")
    h = 0.000005
    for key, expected in [("jd_ut", 2453008.07397), ("jd_tt", 2453008.07471), ("delta_t_j2000_tt_days", 1463.07471),
                          ("mars_mean_anomaly_deg", 66.06858), ("fms_alpha_deg", 317.09457), ("pbs_deg", 0.01614),
                          ("equation_of_center_deg", 10.22959), ("ls_deg", 327.32416), ("eot_deg", -12.77553),
                          ("eot_hours", -0.85170), ("mtc_hours", 13.16537), ("lmst_hours", 0.85190),
                          ("subsolar_longitude_west_deg", 4.70500)]:
        assert close(d[key], expected, h), (key, d[key], expected)


def _leap_table():
    steps = []
    for line in open(LEAP_LIST):
        if line.strip() and not line.startswith("#"):
            ntp, offset = line.split()[:2]
            steps.append((int(ntp) - 2208988800, int(offset)))
    return steps


def _reference(unix: float, east: float) -> dict:
    """Mars24, written here from the algorithm page's equations A-1 to D-2."""
    tai = [o for t, o in _leap_table() if t <= unix][-1]
    jd_ut = 2440587.5 + unix / 86400
    jd_tt = jd_ut + (32.184 + tai) / 86400
    dt = jd_tt - 2451545.0
    m = (19.3871 + 0.52402073 * dt) % 360
    a = (270.3871 + 0.524038496 * dt) % 360
    terms = [(0.0071, 2.2353, 49.409), (0.0057, 2.7543, 168.173), (0.0039, 1.1177, 191.837), (0.0037, 15.7866, 21.736),
             (0.0021, 2.1354, 15.704), (0.0020, 2.4694, 95.528), (0.0018, 32.8493, 49.095)]
    pbs = sum(amp * math.cos(math.radians(0.985626 * dt / tau + phi)) for amp, tau, phi in terms)
    r = math.radians
    nu_m = ((10.691 + 3.0e-7 * dt) * math.sin(r(m)) + 0.623 * math.sin(r(2 * m)) + 0.050 * math.sin(r(3 * m))
            + 0.005 * math.sin(r(4 * m)) + 0.0005 * math.sin(r(5 * m)) + pbs)
    ls = (a + nu_m) % 360
    eot = 2.861 * math.sin(r(2 * ls)) - 0.071 * math.sin(r(4 * ls)) + 0.002 * math.sin(r(6 * ls)) - nu_m
    mtc = (24 * (((jd_tt - 2451549.5) / 1.0274912517) + 44796.0 - 0.0009626)) % 24
    lmst = (mtc + east / 15) % 24
    return {"jd_tt": jd_tt, "ls_deg": ls, "eot_deg": eot, "mtc_hours": mtc, "lmst_hours": lmst,
            "msd": (jd_tt - 2405522.0028779) / 1.0274912517,
            "solar_declination_deg": math.degrees(math.asin(0.42565 * math.sin(r(ls)))) + 0.25 * math.sin(r(ls))}


def test_agrees_with_an_independent_implementation_from_1990_to_2040(bins):
    rng = random.Random(24)
    start, end = datetime(1990, 1, 1, tzinfo=timezone.utc).timestamp(), datetime(2040, 1, 1, tzinfo=timezone.utc).timestamp()
    # Random instants, and both sides of the leap seconds of 2012, 2015 and 2017.
    instants = [int(rng.uniform(start, end)) for _ in range(12)] + [1341100799, 1341100800, 1435708799, 1435708800,
                                                                    1483228799, 1483228800]
    for unix in instants:
        east = rng.uniform(0, 360)
        at = datetime.fromtimestamp(unix, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        got, want = mars_json("--at", at, "--lon", f"{east:.6f}E"), _reference(unix, round(east, 6))
        for key, value in want.items():
            wrap = 24 if key.endswith("hours") else 360 if key == "ls_deg" else None
            diff = abs(got[key] - value)
            if wrap:
                diff = min(diff, wrap - diff)
            assert diff < 1e-8, (at, key, got[key], value)


def test_the_panel_names_the_site_and_a_typo_gets_a_hint(bins):
    r = mars("--site", "Jezero", "--at", "2024-06-01T00:00:00Z")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Mars at Perseverance (Jezero crater), 77.451° E (282.549° W)"
    assert lines[1].startswith("Sol ") and "mission sol 1166" in lines[1]   # NASA: sol 1000 was 2023-12-12, lines[1]
    assert lines[2].startswith("LMST ") and "LTST" in lines[2] and "MTC" in lines[2]
    assert any(l.startswith("Ls ") and "Mars Year 37" in l for l in lines), lines
    typo = mars("--site", "jezro")
    assert typo.returncode == 2 and "did you mean jezero?" in typo.stderr, typo.stderr
    bad = mars("--lon", "12N")
    assert bad.returncode == 2 and "is not a longitude; use degrees east or west" in bad.stderr, bad.stderr
    both = mars("--lon", "12E", "--site", "gale")
    assert both.returncode == 2 and "not both" in both.stderr


def test_a_longitude_and_an_instant_are_said_once_and_milliseconds_are_kept(bins):
    """Issue 39: `--lon 184.702W` printed "175.298° E, 175.298° E (184.702° W)" and, in UTC, every Earth instant
    twice; `--at …00.500Z` gave the jd_ut of …00Z without a word."""
    r = mars("--lon", "184.702W", "--at", "2025-01-01T00:00:00Z")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Mars at 175.298° E (184.702° W)", lines[0]
    earth = next(l for l in lines if l.startswith("Earth "))
    assert earth.count("2025-01-01T00:00:00") == 1, earth
    whole, half = (mars_json("--at", at, "--lon", "0")["jd_ut"] for at in ("2025-01-01T00:00:00Z", "2025-01-01T00:00:00.500Z"))
    assert whole == 2460676.5 and abs((half - whole) * 86400 - 0.5) < 1e-4, (whole, half)
    assert mars_json("--at", "2025-01-01T00:00:00.5Z", "--lon", "0")["jd_ut"] == half
    # Issue 51: Python's isoformat() (6 digits) and `date --iso-8601=ns` (9, after a comma) were refused; the
    # milliseconds are kept and the digits past them rounded.
    assert mars_json("--at", "2025-01-01T09:00:00.500000+09:00", "--lon", "0")["jd_ut"] == half
    assert mars_json("--at", "2025-01-01T00:00:00,499999999+00:00", "--lon", "0")["jd_ut"] == half
    finer = mars("--at", "2025-01-01T00:00:00.5000000001Z", "--lon", "0")
    assert finer.returncode == 2 and "10 digits after the seconds; at most 9" in finer.stderr, finer.stderr


def test_when_lists_earth_instants_at_which_the_sites_clock_reads_the_time(bins):
    r = subprocess.run([str(H.bin_dir() / "noisectl"), "mars", "when", "07:00", "--site", "jezero", "--from",
                        "2026-11-27T00:00:00Z", "--count", "4", "--json"], capture_output=True, text=True, timeout=20,
                       env=H.base_env({"TZ": "UTC"}))
    assert r.returncode == 0, r.stderr
    reply = json.loads(r.stdout)
    assert reply["clock"] == "LMST" and reply["time"] == "07:00" and len(reply["triggers"]) == 4
    unix = [t["unix"] for t in reply["triggers"]]
    assert all(abs((b - a) - 1.0274912517 * 86400) < 0.002 for a, b in zip(unix, unix[1:])), unix
    for trigger in reply["triggers"]:
        millis = round(trigger["unix"] * 1000)
        assert trigger["instant"] == datetime.fromtimestamp(millis // 1000, timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%S") + f".{millis % 1000:03d}+00:00", trigger
        # Back through the chain (the reference, to the millisecond): 07:00 LMST at Jezero.
        lmst = _reference(trigger["unix"], 77.4508)["lmst_hours"]
        assert abs(lmst - 7) * 3600 * 1.0274912517 < 0.002, (trigger, lmst)
    solar = subprocess.run([str(H.bin_dir() / "noisectl"), "mars", "when", "12:00", "--site", "gale", "--solar",
                            "--count", "1", "--json", "--from", "2000-01-06T00:00:00Z"], capture_output=True, text=True,
                           timeout=20, env=H.base_env({"TZ": "UTC"}))
    t = json.loads(solar.stdout)["triggers"][0]["unix"]
    ref = _reference(t, 137.4417)
    ltst = (ref["lmst_hours"] + ref["eot_deg"] / 15) % 24
    assert abs(ltst - 12) * 3600 * 1.0274912517 < 0.002, ltst


# ---------------------------------------------------------------- live, in tmux

from test_clock import BLOCKS, clock_env, config_file, tmux_for  # noqa: E402,F401 (tmux_for is a fixture)


def _earth_line(lines):
    return next(l.strip() for l in lines if l.strip().startswith("Earth "))


def test_the_live_panel_draws_the_reading_of_its_instant_ticks_refits_and_saves_the_site(bins, tmp_path, tmux_for):
    env = clock_env(tmp_path / "e", TZ="UTC")
    t = tmux_for(env)
    t.start(["--site", "jezero", "--at", "2000-01-06T00:00:00Z"], command="mars")
    # Whole once the keys at the bottom are drawn: a capture can land between the writes of one frame.
    first = t.wait_for(lambda ls: any(l.strip().startswith("Earth ") for l in ls) and any("q quits" in l for l in ls)
                       and ls, "the panel, drawn to its keys")
    assert t.show("#{alternate_on}") == "1" and t.show("#{cursor_flag}") == "0"
    # The frame is the reading of the instant it shows, line for line, as --once prints it (the golden frame of
    # the layout is MarsPanelTests'): the title at the margin, a blank line, the values, the keys at the bottom.
    shown = _earth_line(first).split()[1]
    once = mars("--site", "jezero", "--at", shown, "--once")
    assert once.returncode == 0, once.stderr
    body = [l for l in first if l.strip() and "q quits" not in l and "BEFORE-CLOCK" not in l]
    assert [l.rstrip() for l in body] == ["  " + l for l in once.stdout.splitlines()], (body, once.stdout)
    assert first[-1].strip() == "q quits" or first[-2].strip() == "q quits", first[-3:]
    assert shown.startswith("2000-01-06T00:00:0"), "it starts at --at"
    # It ticks with the wall clock, from --at.
    t.wait_for(lambda ls: _earth_line(ls).split()[1] != shown, "the next second", timeout=3)
    # Re-fitted to a larger window: still one panel, centred lower.
    top = next(i for i, l in enumerate(t.lines()) if "Mars at" in l)
    t.tmux("resize-window", "-t", "0", "-x", "120", "-y", "40")
    t.wait_for(lambda ls: len(ls) >= 40 and next(i for i, l in enumerate(ls) if "Mars at" in l) > top, "re-centred")
    t.keys("q")
    t.assert_restored()
    assert 'site = "jezero"' in config_file(env).read_text()
    # The saved site is the default now.
    r = subprocess.run([str(H.bin_dir() / "noisectl"), "mars", "--json"], capture_output=True, text=True, env=env, timeout=20)
    assert json.loads(r.stdout)["lon_east_deg"] == 77.4508 and "mission_sol" in json.loads(r.stdout), r.stdout


def test_the_clock_shows_a_sites_mars_time_with_its_sol(bins, tmp_path):
    env = clock_env(tmp_path / "e", TZ="UTC")
    at = "2026-11-27T04:00:00Z"
    r = subprocess.run([str(H.bin_dir() / "noisectl"), "clock", "--mars", "jezero", "--once", "--size", "80x24",
                        "--24h", "--seconds", "--at", at], capture_output=True, text=True, env=env, timeout=20)
    assert r.returncode == 0, r.stderr
    panel = mars_json("--site", "jezero", "--at", at)
    assert f"Sol {panel['mission_sol']} · LMST Jezero" in r.stdout, r.stdout
    assert BLOCKS & set(r.stdout) and "AM" not in r.stdout and "PM" not in r.stdout
    solar = subprocess.run([str(H.bin_dir() / "noisectl"), "clock", "--mars", "137.44E", "--solar", "--analog", "--once",
                            "--size", "60x30", "--at", at], capture_output=True, text=True, env=env, timeout=20)
    assert solar.returncode == 0 and "LTST 137.44° E" in solar.stdout, solar.stdout + solar.stderr
    bad = subprocess.run([str(H.bin_dir() / "noisectl"), "clock", "--mars", "jezro"], capture_output=True, text=True,
                         env=env, timeout=20)
    assert bad.returncode == 2 and "did you mean jezero" in bad.stderr, bad.stderr
