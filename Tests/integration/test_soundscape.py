"""Soundscapes (docs/sounds.md, "Soundscapes: events over a loop"), end to end: the real noised playing through the
PulseAudio null sink, recorded. A loop with events is not heard repeating (its recording's autocorrelation at the
loop's length falls well below the same loop's without events, which is 1) while the loop under the events keeps
its seam: no frame inserted or lost at any wrap, and every frame no event touches is the loop's own sample. The
shipped dawn chorus is listed on the noise page and plays from it.

The loop here is one second long and its events a few tenths, so two loop lengths take seconds; the ten-minute
figure with the shipped thunderstorm is `scripts/soundscape-figure` (docs/sounds.md)."""

import json

import numpy as np
import pytest
from selenium.webdriver.common.by import By

import browser_harness as BH
import harness as H

RATE = H.RATE
LOOP = RATE            # the bed: 1 s, exactly periodic noise, lossless (WAV), so it plays sample for sample
EVENT = int(0.15 * RATE)


def _chirp(hz, seconds=EVENT / RATE):
    """A short whistle in a Hann window: starts and ends in silence, like the shipped birds."""
    t = np.arange(int(seconds * RATE)) / RATE
    mono = 0.3 * np.sin(2 * np.pi * hz * t) * np.hanning(len(t))
    return np.stack([mono, 0.7 * mono], axis=1)


@pytest.fixture
def library(tmp_path):
    """A catalog holding the same bed twice: `plain`, and `scape` with three chirps every 0.25 to 0.7 s."""
    lib = tmp_path / "lib"
    (lib / "sounds").mkdir(parents=True)
    bed = H.periodic_noise(LOOP, 100, 4000, 0.08, seed=53)
    H.write_wav(lib / "sounds" / "bed.wav", bed)
    for n, hz in enumerate([1200, 2000, 3100], start=1):
        H.write_wav(lib / "sounds" / f"chirp-{n}.wav", _chirp(hz))
    events = {"files": ["chirp-1.wav", "chirp-2.wav", "chirp-3.wav"], "every": [0.25, 0.7], "gain_db": [-6, 0]}
    H.write_catalog(lib, [
        {"id": "plain", "name": "Bed", "category": "test", "file": "bed.wav", "kind": "loop"},
        {"id": "scape", "name": "Bed and chirps", "category": "test", "file": "bed.wav", "kind": "loop",
         "events": events},
        {"id": "lost", "name": "Missing its chirp", "category": "test", "file": "bed.wav", "kind": "loop",
         "events": dict(events, files=["chirp-1.wav", "gone.wav"])},
    ])
    return lib, np.clip(np.round(bed * 32767), -32768, 32767).astype(np.int16)


def _record(d, recorder, sid, loops):
    mark = recorder.frames
    r = d.ctl("play", sid, "--volume", "100", "--fade-in", "0")
    assert r.returncode == 0, str(r)
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    seg = recorder.since(onset + int(0.3 * RATE), loops * LOOP / RATE)
    assert d.ctl("stop", "--fade", "0").returncode == 0
    recorder.wait_for_silence(start=recorder.frames, timeout=5)
    return seg


def _runs(mask):
    """Lengths of the runs of True in a boolean array."""
    edges = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return np.flatnonzero(edges == -1) - np.flatnonzero(edges == 1)


def test_events_break_the_repetition_and_the_loop_under_them_keeps_its_seam(make_daemon, sink, recorder, library):
    lib, bed = library
    d = make_daemon(device="pulse", data_dir=lib)
    listed = {s["id"] for s in d.ctl("--json", "sounds").json["sounds"]}
    assert {"plain", "scape"} <= listed and "lost" not in listed
    # A loop whose event file is missing is left out, saying which file, like a loop whose own file is.
    problems = d.status()["catalog"]["problems"]
    print("\n".join(problems))
    assert len(problems) == 1 and "sounds[2]: 'lost': event file " in problems[0], problems
    assert problems[0].endswith("/sounds/gone.wav not found"), problems
    print(d.ctl("status").stdout)

    figures = {}
    for sid in ("plain", "scape"):
        seg = _record(d, recorder, sid, loops=3.2)
        rep = H.analyze_loop(seg, bed)
        touched = np.any(seg != H.tile_loop(bed, rep.start_pos, len(seg)), axis=1)
        figures[sid] = {"autocorrelation": H.autocorrelation(seg, LOOP), "slips": rep.slips,
                        "touched": float(touched.mean()), "longest_touched": int(_runs(touched).max(initial=0))}
        print(f"{sid}: autocorrelation at the loop's length {figures[sid]['autocorrelation']:.4f}, "
              f"slips at the wraps {rep.slips}, frames off the loop {100 * touched.mean():.1f} % "
              f"(longest run {figures[sid]['longest_touched']} frames)")
        assert len(rep.wraps) >= 2 and rep.slips == [0] * len(rep.wraps), figures[sid]

    plain, scape = figures["plain"], figures["scape"]
    # Without events the loop is heard coming round sample for sample.
    assert plain["touched"] == 0 and plain["autocorrelation"] > 0.9999, plain
    # With them much less of it does: the chirps fall elsewhere on each pass.
    assert scape["autocorrelation"] < 0.9, scape
    # The events are added over the loop, not into it: only where a chirp sounds does a frame differ from the
    # loop's own (a run no longer than one chirp; between chirps, and so at most wraps, the bed is bit-exact).
    assert 0.05 < scape["touched"] < 0.6, scape
    assert scape["longest_touched"] <= EVENT, scape


def test_the_noise_page_lists_the_dawn_chorus_and_plays_it(make_daemon, make_web, sink, recorder, browser):
    d = make_daemon(device="pulse", data_dir=H.REPO)
    shipped = {s["id"]: s for s in json.loads((H.REPO / "sounds.json").read_text())["sounds"]}
    assert shipped["dawn-chorus"]["events"]["files"][0] == "bird-1.mp3"
    assert shipped["thunderstorm"]["events"]["files"][0] == "thunder-1.mp3"
    web = make_web(d)
    BH.log_in(browser, web, "/noise.html")
    toggle = '[data-sound="dawn-chorus"] .toggle'
    BH.wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, toggle), "the dawn chorus to be listed")
    mark = recorder.frames
    browser.find_element(By.CSS_SELECTOR, toggle).click()
    d.wait_status(lambda s: [p["id"] for p in s["playing"]] == ["dawn-chorus"], 10, "the dawn chorus to play")
    onset = recorder.wait_for_sound(start=mark, timeout=10, threshold=0.003)
    seg = recorder.since(onset + RATE, 1.0)
    assert H.rms(seg) > 0.01 and H.longest_silent_run(seg) < 8, H.rms(seg)
