"""The audio stack under the harness, without NoiseClock: a PulseAudio null
sink fed through ALSA's ``pulse`` PCM and recorded with parec."""

import os
import subprocess

import numpy as np

import harness as H


def _play_with_aplay(pulse, sink, wav, timeout=30):
    env = pulse.env()
    env["PULSE_SINK"] = sink
    r = subprocess.run(["aplay", "-q", "-D", "pulse", str(wav)], env=env,
                       capture_output=True, text=True, timeout=timeout,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 0, f"aplay failed: {r.stderr}"


def test_pulse_passes_samples_bit_exact(pulse, sink, recorder, tmp_path):
    """aplay -D pulse -> null sink -> monitor -> parec gives the same samples.

    PulseAudio at 100% volume with the same sample spec passes s16 samples
    unchanged, including the stream's first frame (the null sinks are loaded
    with norewinds=1; with rewinds the monitor misses the first ms)."""
    n = 2 * H.RATE
    t = np.arange(n) / H.RATE
    rng = np.random.default_rng(5)
    left = 0.5 * np.sin(2 * np.pi * 440 * t)
    right = rng.uniform(-0.25, 0.25, n)
    x = np.stack([left, right], 1)
    wav = tmp_path / "tone.wav"
    H.write_wav(wav, x)
    ref = np.clip(np.round(x * 32767), -32768, 32767).astype(np.int16)

    mark = recorder.frames
    _play_with_aplay(pulse, sink, wav)
    end = recorder.wait_for_silence(start=mark + n // 2, timeout=10)
    rec = recorder.get(mark, end + 4410)

    # Align on a chunk from the middle (robust to the onset loss).
    probe = ref[H.RATE:H.RATE + 4096]
    pos, corr = H.linear_locate(rec, probe)
    assert corr > 0.999, f"tone not found in recording (corr {corr:.4f})"
    off = pos - H.RATE                       # recording index of tone frame 0
    nz = np.nonzero(np.any(rec != 0, axis=1))[0]
    first = int(nz[0])
    lost_at_onset = first - off
    # tone frame 0 is (0, x): nonzero, so the first nonzero frame is frame 0
    assert lost_at_onset == 0, f"onset: {lost_at_onset} frames lost"
    got = rec[first:off + n]
    want = ref[lost_at_onset:]
    assert len(got) == len(want), "recording shorter than tone"
    bad = np.any(got != want, axis=1)
    assert not bad.any(), (f"{int(bad.sum())} frames differ; first at tone frame "
                           f"{lost_at_onset + int(np.argmax(bad))}; max diff "
                           f"{int(np.max(np.abs(got.astype(int) - want)))}")
    # And nothing after the tone.
    assert not np.any(rec[off + n:]), "non-silence after the tone ended"
    print(f"pulse bit-exact; onset frames lost: {lost_at_onset}")


def test_sinks_are_isolated(pulse, sink, recorder, tmp_path):
    """Audio sent to another sink does not show up in this test's sink."""
    other = f"{sink}_other"
    idx = pulse.load_null_sink(other)
    try:
        wav = tmp_path / "n.wav"
        H.write_wav(wav, H.periodic_noise(H.RATE // 2, 100, 1000, 0.1, 3))
        other_rec = H.Recorder(pulse, f"{other}.monitor")
        try:
            mark = recorder.frames
            omark = other_rec.frames
            _play_with_aplay(pulse, other, wav)
            other_rec.wait_for_sound(start=omark, timeout=5)
            seg = recorder.since(mark)
            assert H.peak(seg) == 0.0, "sound leaked into the test sink"
        finally:
            other_rec.stop()
    finally:
        pulse.unload_module(idx)


def test_mp3_roundtrip_gapless(testdata):
    """lame + mpg123 give back exactly as many frames as were encoded
    (the LAME tag's delay/padding are honoured), so a decoded loop is the
    reference for sample-exact loop checks."""
    for s in (testdata.loop, testdata.loop2):
        expected = int(round({"testloop": 1.25, "testloop2": 0.9}[s.id] * H.RATE))
        assert s.frames == expected, f"{s.id}: decoded {s.frames} frames, encoded {expected}"
        # The decoded loop is seamless enough that its wrap step is ordinary.
        wrap = np.abs(s.decoded[0].astype(int) - s.decoded[-1].astype(int)).max() / 32768
        assert wrap <= 1.5 * H.max_step(s.decoded)
