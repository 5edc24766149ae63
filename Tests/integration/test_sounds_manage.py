"""Managing the sounds you imported (docs/sounds.md): `sounds remove` takes out the entry, the file and its decoded
copy; `sounds rename` changes the display name; installed sounds are refused, and so are a sound that plays and one
an alarm rings unless --force gives those alarms the default tone."""

from __future__ import annotations

import json
from pathlib import Path

import harness as H


def _imported(d, tmp_path, sid: str, name: str, kind: str = "loop", seed: int = 77):
    src = H.make_loop_sound(tmp_path / f"src-{sid}", sid, 1.0, seed=seed, lo=100, hi=1000, level=0.1)
    r = d.ctl("sounds", "import", str(src.mp3), "--id", sid, "--name", name, "--kind", kind)
    assert r.returncode == 0, str(r)
    return src


def _overlay(d) -> Path:
    return Path(d.env_dirs["XDG_DATA_HOME"]) / "noised"


def _decoded(d) -> list[Path]:
    folder = Path(d.env_dirs["XDG_CACHE_HOME"]) / "noised" / "decoded"
    return sorted(folder.glob("*.pcm")) if folder.exists() else []


def _ids(d) -> list[str]:
    return [s["id"] for s in d.ctl("--json", "sounds").json["sounds"]]


def test_removing_an_imported_sound_takes_its_entry_file_and_decoded_copy(make_daemon, testdata, tmp_path):
    d = make_daemon(device="null")
    _imported(d, tmp_path, "mine", "Mine")
    stored = _overlay(d) / "sounds" / "mine.mp3"
    assert stored.is_file()

    # While it plays it is refused, and nothing changes.
    assert d.ctl("play", "mine").returncode == 0
    copies = H.wait_until(lambda: _decoded(d), 10, desc="its decoded copy")
    r = d.ctl("sounds", "remove", "mine")
    assert r.returncode == 1 and r.stderr.strip() == (
        "noisectl: 'mine' is playing; stop it first (noisectl stop mine), then remove it"), str(r)
    assert d.ctl("--json", "sounds", "remove", "mine").json["error"]["code"] == "sound_in_use"
    assert "mine" in _ids(d) and stored.is_file()

    assert d.ctl("stop", "--fade", "0").returncode == 0
    d.wait_status(lambda s: s["playing"] == [], 5, "stopped")
    r = d.ctl("sounds", "remove", "mine")
    assert r.returncode == 0, str(r)
    assert r.stdout.strip() == "Removed Mine ('mine') and its file."
    assert "mine" not in _ids(d)
    assert json.loads((_overlay(d) / "sounds.json").read_text())["sounds"] == []
    assert not stored.exists() and not any(c.exists() for c in copies), list((_overlay(d) / "sounds").iterdir())
    r = d.ctl("--json", "play", "mine")
    assert r.returncode == 1 and r.json["error"]["code"] == "unknown_sound", str(r)

    # Gone for good, and the id is free again.
    d.stop()
    d.start()
    assert "mine" not in _ids(d)
    _imported(d, tmp_path, "mine", "Mine again", seed=78)
    assert d.ctl("sounds", "remove", "mine").returncode == 0


def test_installed_sounds_are_refused_saying_which_can_be_changed(make_daemon, testdata, tmp_path):
    d = make_daemon(device="null")
    r = d.ctl("sounds", "remove", "testloop")
    assert r.returncode == 1 and r.stderr.strip() == (
        "noisectl: 'testloop' (Test loop) is an installed sound; only the sounds you imported can be removed: none "
        "yet (noisectl sounds import FILE)"), str(r)
    _imported(d, tmp_path, "mine", "Mine")
    r = d.ctl("--json", "sounds", "rename", "testloop", "--name", "Other")
    assert r.returncode == 1 and r.json["error"] == {
        "code": "invalid_argument",
        "message": "'testloop' (Test loop) is an installed sound; only the sounds you imported can be renamed: mine"}
    r = d.ctl("--json", "sounds", "remove", "minee")
    assert r.returncode == 1 and r.json["error"]["code"] == "unknown_sound" and "mine" in r.json["error"]["message"]
    assert _ids(d) == ["testloop", "testloop2", "testalarm", "mine"]


def test_a_sound_alarms_ring_is_refused_unless_force_gives_them_the_default_tone(make_daemon, testdata, tmp_path):
    d = make_daemon(device="null", start=False)
    config = Path(d.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[alarms]\nsound = "{testdata.alarm.id}"\n')
    d.start()
    _imported(d, tmp_path, "bell", "Bell", kind="alarm")
    work = d.ctl("--json", "alarm", "add", "07:00", "--sound", "bell", "--label", "Work").json["alarm"]["id"]
    late = d.ctl("--json", "alarm", "add", "08:00", "--sound", "bell").json["alarm"]["id"]
    other = d.ctl("--json", "alarm", "add", "09:00", "--sound", "testloop").json["alarm"]["id"]

    r = d.ctl("sounds", "remove", "bell")
    assert r.returncode == 1 and r.stderr.strip() == (
        f"noisectl: 'bell' is the tone of alarms {work} (Work) and {late}; remove it with --force to give them the "
        f"default tone, or give them another first (noisectl alarm edit {work} --sound ID)"), str(r)
    assert "bell" in _ids(d)

    r = d.ctl("sounds", "remove", "bell", "--force")
    assert r.returncode == 0, str(r)
    assert r.stdout.splitlines() == ["Removed Bell ('bell') and its file.",
                                     f"Alarms {work} (Work) and {late} now ring testalarm, the default tone."]
    tones = {a["alarm"]["id"]: a["alarm"]["sound"] for a in d.ctl("--json", "alarm", "list").json["alarms"]}
    assert tones == {work: "testalarm", late: "testalarm", other: "testloop"}, tones
    # Stored (one transaction), not only in the daemon's memory.
    d.stop()
    d.start()
    tones = {a["alarm"]["id"]: a["alarm"]["sound"] for a in d.ctl("--json", "alarm", "list").json["alarms"]}
    assert tones == {work: "testalarm", late: "testalarm", other: "testloop"}, tones

    # The JSON reply names the alarms changed.
    _imported(d, tmp_path, "gong", "Gong", kind="alarm", seed=79)
    assert d.ctl("alarm", "edit", str(other), "--sound", "gong").returncode == 0
    reply = d.ctl("--json", "sounds", "remove", "gong", "--force").json
    assert reply["removed"]["id"] == "gong" and [a["alarm"]["id"] for a in reply["alarms_changed"]] == [other]
    assert reply["alarms_changed"][0]["alarm"]["sound"] == "testalarm"


def test_rename_changes_the_name_only(make_daemon, testdata, tmp_path):
    d = make_daemon(device="null")
    _imported(d, tmp_path, "mine", "Mine")
    alarm = d.ctl("--json", "alarm", "add", "07:00", "--sound", "mine").json["alarm"]["id"]
    r = d.ctl("sounds", "rename", "mine", "--name", "Night waves")
    assert r.returncode == 0 and r.stdout.strip() == "Renamed 'mine' to Night waves.", str(r)
    listed = {s["id"]: s for s in d.ctl("--json", "sounds").json["sounds"]}
    assert listed["mine"]["name"] == "Night waves"
    assert json.loads((_overlay(d) / "sounds.json").read_text())["sounds"][0]["name"] == "Night waves"
    assert d.ctl("--json", "alarm", "show", str(alarm)).json["alarm"]["sound"] == "mine"
    r = d.ctl("sounds", "rename", "mine", "--name", "")
    assert r.returncode == 2 and "--name must not be empty" in r.stderr, str(r)
    assert d.ctl("play", "mine").returncode == 0


def _wav(tmp_path, name: str, seconds: float, seed: int) -> Path:
    """A WAV of `seconds` (176,400 bytes a second, plus its 44-byte header)."""
    path = tmp_path / f"{name}.wav"
    H.write_wav(path, H.periodic_noise(int(seconds * H.RATE), 100, 1000, 0.1, seed))
    return path


def test_imports_past_the_quota_are_refused_saying_what_is_used_and_change_nothing(make_daemon, testdata, tmp_path):
    """Issue 51: `import` took 250 MB three times with no total limit. With `sounds.import_quota = 1` (MiB), a
    0.6 MiB sound is taken, a second is refused with what is used, the limit and how to free space, and nothing
    changes; removing the first makes room again."""
    d = make_daemon(device="null", start=False)
    config = Path(d.env_dirs["XDG_CONFIG_HOME"]) / "noised" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("[sounds]\nimport_quota = 1\n")
    d.start()
    first, second = _wav(tmp_path, "first", 3.5, 1), _wav(tmp_path, "second", 3.5, 2)
    assert d.ctl("sounds", "import", str(first), "--id", "first", "--name", "First").returncode == 0
    catalog = (_overlay(d) / "sounds.json").read_bytes()
    stored = sorted(p.name for p in (_overlay(d) / "sounds").iterdir())
    r = d.ctl("sounds", "import", str(second), "--id", "second", "--name", "Second")
    assert r.returncode == 1 and r.stderr.strip() == (
        f"noisectl: {second} (603.0 KiB) would take the imported sounds past their limit: they use 603.0 KiB of "
        "1.0 MiB (sounds.import_quota in config.toml); free space with noisectl sounds remove ID, or raise the "
        "limit"), str(r)
    assert d.ctl("--json", "sounds", "import", str(second), "--id", "second").json["error"]["code"] == "import_failed"
    assert (_overlay(d) / "sounds.json").read_bytes() == catalog
    assert sorted(p.name for p in (_overlay(d) / "sounds").iterdir()) == stored == ["first.wav"]
    assert "second" not in _ids(d)
    # The default (1 GiB) is documented beside the key; the limit is the sum, so removing makes room.
    assert d.ctl("sounds", "remove", "first").returncode == 0
    assert d.ctl("sounds", "import", str(second), "--id", "second", "--name", "Second").returncode == 0
    assert "second" in _ids(d)
