"""Row 10: ten days of ISS passes over one observer, with visibility: `noisectl iss passes` (the whole process,
start-up included; the 20 ms target) and the same search timed inside one process (Benchmarks/pass-search, elements
parsed and SGP4 set up in every run, as noisectl does) against skyfield doing the same work in-process, its ephemeris loaded beforehand: rise,
culmination and set at 10° with `find_events(altitude_degrees=10)` (passes as both count them), and each pass's visible part
(sunlit, and the Sun 6° below the horizon) found with `find_discrete` on `is_sunlit` and on the Sun's apparent
altitude, as a skyfield user finds it. (Ours also estimates the magnitude.) `find_events` alone is shown too.
Needs no daemon."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from .table import row

# The ISS's elements of 2024-01-01 12:00 UTC (as in Tests/integration/test_satellites.py), over London.
LINES = ("ISS (ZARYA)",
         "1 25544U 98067A   24001.50000000  .00016717  00000-0  30306-3 0  9999",
         "2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.49815325432113")
LONDON = (51.5074, -0.1278, 35)
DAYS = 10


def measure(bin_dir: Path, runs: int, say) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "iss.tle"
        path.write_text("\n".join(LINES) + "\n")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TZ": "UTC", "HOME": tmp,
               "XDG_CONFIG_HOME": tmp, "XDG_CACHE_HOME": tmp}
        cmd = [str(bin_dir / "noisectl"), "--json", "iss", "passes", "--elements", str(path),
               "--at", ",".join(map(str, LONDON)), "--from", "2024-01-01T12:00:00Z", "--days", str(DAYS),
               "--min-elevation", "10"]
        ours, passes = [], []
        for _ in range(runs):
            start = time.perf_counter()
            r = subprocess.run(cmd, capture_output=True, text=True, env=env)
            ours.append(time.perf_counter() - start)
            if r.returncode != 0:
                raise RuntimeError(f"noisectl iss passes failed: {r.stderr.strip()}")
            passes = json.loads(r.stdout)["passes"]
    inproc = _in_process(bin_dir, runs)
    if inproc["passes"] != len(passes):
        raise RuntimeError(f"pass-search found {inproc['passes']} passes, noisectl {len(passes)}")
    theirs, events_only, count = _skyfield(runs)
    say(f"row 10: {len(passes)} passes ({sum(p['visible'] for p in passes)} visible) from noisectl, {count} from skyfield")
    return {"ours": ours, "in_process": [ms / 1000 for ms in inproc["ms"]], "skyfield": theirs, "find_events": events_only, "passes": len(passes),
            "skyfield_passes": count}


def _in_process(bin_dir: Path, runs: int) -> dict:
    tool = bin_dir / "pass-search"
    if not tool.exists():
        raise RuntimeError(f"{tool} is missing: `make release-static` builds it")
    start = 1704110400  # 2024-01-01T12:00:00Z
    r = subprocess.run([str(tool), LINES[1], LINES[2], *map(str, LONDON), str(start), str(DAYS), "10", str(runs)],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def _skyfield(runs: int) -> tuple[list[float], list[float], int]:
    import warnings
    warnings.simplefilter("ignore")
    from skyfield.api import EarthSatellite, Loader, wgs84
    from skyfield.searchlib import find_discrete
    import skyfield_data
    load = Loader(skyfield_data.get_skyfield_data_path())
    ts = load.timescale(builtin=True)
    eph = load("de421.bsp")
    sat = EarthSatellite(LINES[1], LINES[2], LINES[0], ts)
    place = wgs84.latlon(LONDON[0], LONDON[1], elevation_m=LONDON[2])
    observer = eph["earth"] + place
    t0, t1 = ts.utc(2024, 1, 1, 12), ts.utc(2024, 1, 1 + DAYS, 12)

    def sunlit(t):
        return sat.at(t).is_sunlit(eph)

    def dark(t):
        return observer.at(t).observe(eph["sun"]).apparent().altaz()[0].degrees < -6

    sunlit.step_days = dark.step_days = 1 / 1440
    whole, search, count = [], [], 0
    for _ in range(runs):
        start = time.perf_counter()
        t, events = sat.find_events(place, t0, t1, altitude_degrees=10.0)
        found = time.perf_counter()
        passes, current = [], {}
        for ti, event in zip(t, events):
            if event == 0:
                current = {"rise": ti}
            elif event == 1 and "rise" in current:
                current["top"] = ti
            elif event == 2 and "top" in current:
                passes.append((current["rise"], ti))
                current = {}
        for rise, set_ in passes:
            find_discrete(rise, set_, sunlit)
            find_discrete(rise, set_, dark)
            sunlit(rise), dark(rise)
        whole.append(time.perf_counter() - start)
        search.append(found - start)
        count = len(passes)
    return whole, search, count


def rows(c: dict) -> list[list[str]]:
    med = statistics.median
    ours, theirs, events = med(c["ours"]) * 1000, med(c["skyfield"]) * 1000, med(c["find_events"]) * 1000
    inproc = med(c["in_process"]) * 1000
    ratio = theirs / inproc
    return [row("10", f"{DAYS} days of ISS passes over London (≥ 10°) with their visible parts: our search in-process "
                "(`pass-search`, elements parsed and SGP4 set up each run) and the whole `noisectl iss passes` process, "
                "vs skyfield 1.55 in-process (`find_events`, then `find_discrete` on `is_sunlit` and the Sun's "
                f"altitude for each pass; ephemeris loaded beforehand), median of {len(c['ours'])}",
                f"{inproc:.1f} ms in-process, {ours:.1f} ms whole process ({c['passes']} passes)",
                f"{theirs:.0f} ms ({c['skyfield_passes']} passes; `find_events` alone {events:.0f} ms)",
                f"{ratio:.0f}× in-process ({theirs / ours:.0f}× counting our start-up; {events / inproc:.0f}× skyfield's "
                "`find_events` alone, which finds no visible part)",
                "< 20 ms whole process, ≥ 50×", "yes" if ours < 20 and ratio >= 50 else "no")]
