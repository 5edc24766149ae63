"""The analysis helpers detect what the playback tests rely on them to
detect (no daemon needed)."""

import numpy as np
import pytest

import harness as H


@pytest.fixture(scope="module")
def loop():
    x = H.periodic_noise(int(0.5 * H.RATE), 80, 1500, 0.12, seed=4)
    return np.round(x * 32767).astype(np.int16)


def test_exact_tiling_is_clean(loop):
    rec = H.tile_loop(loop, 1234, 4 * len(loop))
    rep = H.analyze_loop(rec, loop)
    assert rep.start_pos == 1234
    assert rep.mismatched_frames == 0
    assert len(rep.wraps) >= 3 and rep.slips == [0] * len(rep.wraps)


@pytest.mark.parametrize("slip", [-100, -1, 1, 37])
def test_slip_at_wrap_detected(loop, slip):
    L = len(loop)
    start = 5000
    first = H.tile_loop(loop, start, L - start)        # up to the first wrap
    if slip > 0:
        glitch = np.zeros((slip, 2), np.int16)          # frames inserted
        rest = H.tile_loop(loop, 0, 3 * L)
    else:
        glitch = np.zeros((0, 2), np.int16)
        rest = H.tile_loop(loop, -slip, 3 * L)          # frames lost
    rec = np.concatenate([first, glitch, rest])
    rep = H.analyze_loop(rec, loop)
    assert rep.slips[0] == slip, rep.slips
    assert rep.mismatched_frames > 0
    assert H.longest_silent_run(rec) == max(slip, 0)


def test_gain_and_steps(loop):
    rec = (H.tile_loop(loop, 0, 20000).astype(float) * 0.125).round().astype(np.int16)
    assert H.fit_gain(rec, H.tile_loop(loop, 0, 20000)) == pytest.approx(0.125, abs=1e-4)
    # a hard volume jump is a step far above the signal's own
    hard = H.tile_loop(loop, 0, 20000).copy()
    hard[10000:] = (hard[10000:] * 0.125).astype(np.int16)
    own = H.max_step(loop)
    assert H.max_step(hard) > 1.25 * own or np.abs(hard[9999]).max() < 2000
