"""Sounds in every accepted format, end to end: WAV, FLAC, Ogg Vorbis and Opus files made at test time
(sox writes the WAV, FLAC and Ogg; sox cannot write Opus, so opusenc does) are imported by the real noisectl
without --id or --name, played through the PulseAudio null sink and recorded. A WAV and a FLAC loop come out
sample for sample; a FLAC and an Ogg loop wrap seamlessly (no frame inserted or lost at any wrap, no step
or residual at the wrap beyond the signal's own); corrupt and text files are refused naming what is
accepted, and change nothing."""

import json
import shutil
import subprocess

import numpy as np
import pytest

import harness as H

RATE = H.RATE
LOOP_FRAMES = RATE  # 1 s: a whole number of frames at 48 kHz too (Opus)


@pytest.fixture(autouse=True)
def _tools():
    missing = [t for t in ("sox", "opusenc") if shutil.which(t) is None]
    if missing:
        pytest.skip(f"missing tools: {', '.join(missing)} (make test-deps)")


def _run(*argv):
    subprocess.run(list(argv), check=True, capture_output=True, stdin=subprocess.DEVNULL)


def _decode_with_sox(path):
    r = subprocess.run(["sox", str(path), "-t", "raw", "-e", "signed", "-b", "16", "-c", "2", "-"],
                       capture_output=True, check=True, stdin=subprocess.DEVNULL)
    return np.frombuffer(r.stdout, dtype="<i2").reshape(-1, 2).copy()


def _sources(folder):
    """The four files, each a different periodic noise, and what each should decode to."""
    folder.mkdir(parents=True, exist_ok=True)
    made = {}
    for seed, (file, maker) in enumerate([("Sea Shore.wav", "sox"), ("Rain Loop.flac", "sox"),
                                          ("Night Wind.ogg", "sox"), ("Deep Hum.opus", "opusenc")]):
        x = H.periodic_noise(LOOP_FRAMES, 100, 1500, 0.12, seed=100 + seed)
        src = folder / f"src{seed}.wav"
        H.write_wav(src, x)
        out = folder / file
        if maker == "sox":
            _run("sox", str(src), str(out))
        else:
            _run("opusenc", "--quiet", str(src), str(out))
        original = np.clip(np.round(x * 32767), -32768, 32767).astype(np.int16)
        made[file] = (out, original)
    return made


def _overlay(d):
    return H.Path(d.env_dirs["XDG_DATA_HOME"]) / "noised"


def _seam(rec, ref, rep):
    """Seam figures from a recording analysed against its reference loop: the largest step across a wrap over
    the 99.9th percentile of the recording's steps, and the residual (recording - reference tiled) around the
    wraps (+-256 frames) and away from them, as dB below the signal."""
    f = H.to_float(rec)
    tiled = H.to_float(H.tile_loop(ref, rep.start_pos, len(rec)))
    steps = np.max(np.abs(np.diff(f, axis=0)), axis=1)
    wrap_steps = [float(steps[w.wrap_frame - 1]) for w in rep.wraps]
    near = np.zeros(len(rec), bool)
    for w in rep.wraps:
        near[max(0, w.wrap_frame - 256):w.wrap_frame + 256] = True
    residual = f - tiled
    signal = np.sqrt(np.mean(f * f))

    def db(mask):
        r = np.sqrt(np.mean(residual[mask] ** 2))
        return 20 * np.log10(max(r, 1e-9) / signal)

    return {"wrap_step_ratio": max(wrap_steps) / float(np.percentile(steps, 99.9)),
            "residual_near_wraps_db": db(near), "residual_elsewhere_db": db(~near)}


def _play_and_record(d, recorder, sid, loops=3.3):
    mark = recorder.frames
    r = d.ctl("play", sid, "--volume", "100", "--fade-in", "0")
    assert r.returncode == 0, str(r)
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    seg = recorder.since(onset + int(0.3 * RATE), loops * LOOP_FRAMES / RATE + 0.2)
    r = d.ctl("stop", "--fade", "0")
    assert r.returncode == 0, str(r)
    recorder.wait_for_silence(start=recorder.frames, timeout=5)
    return seg


def test_wav_flac_ogg_and_opus_import_by_file_name_and_loop_seamlessly(make_daemon, sink, recorder, testdata, tmp_path):
    made = _sources(tmp_path / "music")
    d = make_daemon(device="pulse")
    for file, (path, _) in made.items():
        r = d.ctl("sounds", "import", str(path))
        print(f"$ noisectl sounds import '{path.name}'\n{r.stdout.strip()}")
        assert r.returncode == 0, str(r)
    listed = {s["id"]: s for s in d.ctl("--json", "sounds").json["sounds"]}
    expected = {"sea-shore": ("Sea Shore", "wav"), "rain-loop": ("Rain Loop", "flac"),
                "night-wind": ("Night Wind", "ogg"), "deep-hum": ("Deep Hum", "opus")}
    for sid, (name, ext) in expected.items():
        assert listed[sid]["name"] == name and listed[sid]["source"] == "user", listed[sid]
        assert listed[sid]["file"].endswith(f"/{sid}.{ext}"), listed[sid]

    references = {
        "sea-shore": made["Sea Shore.wav"][1],          # lossless: the samples themselves
        "rain-loop": made["Rain Loop.flac"][1],
        "night-wind": _decode_with_sox(made["Night Wind.ogg"][0]),  # lossy: libvorbis's decode
        "deep-hum": made["Deep Hum.opus"][1],           # lossy and resampled twice: the original
    }
    assert len(references["night-wind"]) == LOOP_FRAMES, "sox decodes the Ogg to the loop's length"
    for sid, ref in references.items():
        seg = _play_and_record(d, recorder, sid)
        rep = H.analyze_loop(seg, ref)
        seam = _seam(seg, ref, rep)
        summary = (f"{sid}: corr={rep.corr:.5f} wraps={len(rep.wraps)} slips={rep.slips} "
                   f"mismatched={rep.mismatched_frames}/{len(seg)} max_abs_diff={rep.max_abs_diff} "
                   f"wrap_step/p99.9_step={seam['wrap_step_ratio']:.3f} "
                   f"residual near wraps {seam['residual_near_wraps_db']:.1f} dB, "
                   f"elsewhere {seam['residual_elsewhere_db']:.1f} dB")
        print(summary)
        assert len(rep.wraps) >= 3, summary
        assert rep.slips == [0] * len(rep.wraps), "frames inserted(+)/lost(-) at wraps: " + summary
        assert H.longest_silent_run(seg) < 8, summary
        if sid in ("sea-shore", "rain-loop"):
            assert rep.mismatched_frames == 0, "a lossless loop is played sample for sample: " + summary
        elif sid == "night-wind":
            assert rep.corr > 0.999, summary
            assert rep.max_abs_diff <= 2, "libsndfile's decode is libvorbis's, give or take rounding: " + summary
            assert seam["wrap_step_ratio"] < 1.0, "the wrap is a step like any other: " + summary
            assert seam["residual_near_wraps_db"] < seam["residual_elsewhere_db"] + 3, summary
        else:
            assert rep.corr > 0.95, summary


def test_corrupt_text_and_clashing_files_are_refused_and_change_nothing(make_daemon, testdata, tmp_path):
    made = _sources(tmp_path / "music")
    d = make_daemon(device="null")
    assert d.ctl("sounds", "import", str(made["Rain Loop.flac"][0])).returncode == 0
    before = d.ctl("--json", "sounds").json["sounds"]
    catalog = (_overlay(d) / "sounds.json").read_text()
    stored = sorted(p.name for p in (_overlay(d) / "sounds").iterdir())

    damaged = tmp_path / "damaged.flac"
    damaged.write_bytes(made["Rain Loop.flac"][0].read_bytes()[:42] + bytes(range(256)) * 40)
    text = tmp_path / "notes.wav"
    text.write_text("these are my notes, not a recording\n" * 20)
    for bad, what in [(damaged, "FLAC"), (text, "it is text, not audio")]:
        r = d.ctl("sounds", "import", str(bad))
        print(f"$ noisectl sounds import {bad.name}\n{r.stderr.strip()}")
        assert r.returncode == 1, str(r)
        assert what in r.stderr and "WAV, FLAC, Ogg Vorbis, Opus, MP3" in r.stderr, str(r)
        assert "MPEG" not in r.stderr, str(r)
        r = d.ctl("--json", "sounds", "import", str(bad))
        assert r.json["error"]["code"] == "import_failed", str(r)

    r = d.ctl("sounds", "import", str(made["Rain Loop.flac"][0]))
    print(f"$ noisectl sounds import 'Rain Loop.flac'   # again\n{r.stderr.strip()}")
    assert r.returncode == 1, str(r)
    assert "id 'rain-loop' is taken" in r.stderr and "--id rain-loop-2" in r.stderr, str(r)

    assert d.ctl("--json", "sounds").json["sounds"] == before, "a refused import changed the sounds"
    assert (_overlay(d) / "sounds.json").read_text() == catalog, "a refused import changed the catalog"
    assert sorted(p.name for p in (_overlay(d) / "sounds").iterdir()) == stored, "a refused import left a file"

    r = d.ctl("sounds", "import", str(made["Rain Loop.flac"][0]), "--id", "rain-loop-2")
    assert r.returncode == 0, str(r)
    assert "rain-loop-2" in {s["id"] for s in d.ctl("--json", "sounds").json["sounds"]}
