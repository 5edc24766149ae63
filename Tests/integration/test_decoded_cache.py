"""Decoded sounds kept on disk ($XDG_CACHE_HOME/noised/decoded): a sound played
before a restart is played from its decoded copy, sample for sample, and a copy
that no longer stands for its file (damaged, or the file changed) is never
played: the file is decoded again and the copy replaced."""

import os
import shutil
from pathlib import Path

import numpy as np

import harness as H

RATE = H.RATE
HEADER = 64
BLOCK_FRAMES = 65_536   # one checksum per block, after the path
LONG_AGO = 978_307_200  # 2001-01-01: an mtime no use of the copy can leave behind


def _sound(tmp_path, sid="keep", seed=5, seconds=1.5):
    data = tmp_path / "data"
    s = H.make_loop_sound(data, sid, seconds, seed=seed, lo=90, hi=1400, level=0.12)
    H.write_catalog(data, [{"id": sid, "name": "Kept", "category": "test",
                            "file": s.mp3.name, "kind": "loop"}])
    return data, s


def _copies(d) -> list[Path]:
    folder = Path(d.env_dirs["XDG_CACHE_HOME"]) / "noised" / "decoded"
    return sorted(folder.glob("*.pcm")) if folder.is_dir() else []


def _samples_offset(sound_path: str, frames: int) -> int:
    return HEADER + len(sound_path.encode()) + 8 * -(-frames // BLOCK_FRAMES)


def _samples(copy: Path, sound_path: str, frames: int) -> np.ndarray:
    raw = copy.read_bytes()[_samples_offset(sound_path, frames):]
    return np.frombuffer(raw, dtype="<i2").reshape(-1, 2)


def _played_exactly(d, recorder, sound):
    """Plays the sound and checks a recorded wrap is the decoded file, sample for sample."""
    mark = recorder.frames
    r = d.ctl("play", sound.id, "--volume", "100", "--fade-in", "0")
    assert r.returncode == 0, str(r)
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    seg = recorder.since(onset + int(0.3 * RATE), sound.frames / RATE + 0.4)
    rep = H.analyze_loop(seg, sound.decoded)
    summary = f"corr={rep.corr:.5f} wraps={len(rep.wraps)} slips={rep.slips} mismatched={rep.mismatched_frames}"
    assert rep.corr > 0.99, "not the sound: " + summary
    assert rep.slips == [0], summary
    assert rep.mismatched_frames == 0, "not sample for sample: " + summary
    r = d.ctl("stop", "--fade", "0")
    assert r.returncode == 0, str(r)
    recorder.wait_for_silence(start=recorder.frames, timeout=5)


def _restart(make_daemon, d, data):
    d.stop()
    return make_daemon(device="pulse", data_dir=data, root=d.root)


def test_a_sound_played_before_a_restart_plays_from_its_decoded_copy(make_daemon, sink, recorder, tmp_path):
    data, sound = _sound(tmp_path)
    d = make_daemon(device="pulse", data_dir=data)
    assert _copies(d) == []
    _played_exactly(d, recorder, sound)
    [copy] = _copies(d)
    path = str(data / "sounds" / sound.mp3.name)
    # the copy is the decode, whole: header, the file's path, a checksum per block, then every sample
    assert copy.stat().st_size == _samples_offset(path, sound.frames) + sound.frames * 4
    assert np.array_equal(_samples(copy, path, sound.frames), sound.decoded)
    inode = copy.stat().st_ino

    os.utime(copy, (LONG_AGO, LONG_AGO))
    d = _restart(make_daemon, d, data)
    _played_exactly(d, recorder, sound)
    # used, not rewritten: the same file, marked used by the load
    assert copy.stat().st_ino == inode
    assert copy.stat().st_mtime > LONG_AGO + 86_400, "the copy was not used"


def _damaged_copy_is_never_heard(make_daemon, recorder, tmp_path, first_frame: int, frames: int):
    """Writes loud garbage over `frames` frames of the copy from `first_frame` on, restarts and plays: the
    recording must be the sound, sample for sample, and the copy replaced by a good one."""
    data, sound = _sound(tmp_path)
    assert first_frame + frames < sound.frames
    d = make_daemon(device="pulse", data_dir=data)
    _played_exactly(d, recorder, sound)
    [copy] = _copies(d)
    path = str(data / "sounds" / sound.mp3.name)
    inode = copy.stat().st_ino
    raw = bytearray(copy.read_bytes())
    start = _samples_offset(path, sound.frames) + first_frame * 4
    raw[start:start + frames * 4] = b"\x7f" * (frames * 4)
    copy.write_bytes(bytes(raw))

    d = _restart(make_daemon, d, data)
    _played_exactly(d, recorder, sound)
    assert copy.stat().st_ino != inode, "the damaged copy was not replaced"
    assert np.array_equal(_samples(copy, path, sound.frames), sound.decoded)


def test_a_damaged_copy_is_decoded_again_and_replaced(make_daemon, sink, recorder, tmp_path):
    # In the middle of the first block: the copy is a miss and the file is decoded.
    _damaged_copy_is_never_heard(make_daemon, recorder, tmp_path, first_frame=30_000, frames=1_000)


def test_a_copy_damaged_after_its_first_block_plays_exactly_and_is_replaced(make_daemon, sink, recorder, tmp_path):
    # The sound starts once the copy's first block is read and checked, and the rest is read as it plays: a
    # damaged later block is decoded again from the file, so what is heard is still the sound, sample for sample.
    _damaged_copy_is_never_heard(make_daemon, recorder, tmp_path, first_frame=BLOCK_FRAMES + 100, frames=400)


def test_a_changed_sound_file_is_not_played_from_the_old_copy(make_daemon, sink, recorder, tmp_path):
    data, first = _sound(tmp_path)
    d = make_daemon(device="pulse", data_dir=data)
    _played_exactly(d, recorder, first)
    # the same name and length, other noise, copied over in place (same inode, mtime kept from the source)
    other = H.make_loop_sound(tmp_path / "other", "keep", 1.5, seed=77, lo=200, hi=900, level=0.12)
    assert other.mp3.stat().st_size == first.mp3.stat().st_size
    shutil.copy2(other.mp3, data / "sounds" / first.mp3.name)

    d = _restart(make_daemon, d, data)
    _played_exactly(d, recorder, other)
    [copy] = _copies(d)
    assert np.array_equal(_samples(copy, str(data / "sounds" / first.mp3.name), other.frames), other.decoded)


def test_no_cache_folder_costs_nothing_but_the_copy(make_daemon, sink, recorder, tmp_path):
    data, sound = _sound(tmp_path)
    d = make_daemon(device="pulse", data_dir=data, start=False)
    # a file where the folder should be: nothing can be kept, and playing must not mind
    (Path(d.env_dirs["XDG_CACHE_HOME"]) / "noised").write_text("not a folder\n")
    d.start()
    _played_exactly(d, recorder, sound)
    assert d.running
    d = _restart(make_daemon, d, data)
    _played_exactly(d, recorder, sound)
    assert (Path(d.env_dirs["XDG_CACHE_HOME"]) / "noised").read_text() == "not a folder\n"
