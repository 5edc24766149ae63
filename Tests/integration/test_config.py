"""config.toml end to end: `noised --check-config`, the settings applied at start-up under the command line's,
a file with problems refused whole (the daemon still runs), and SIGHUP reloading the config and the sound
catalog while a loop plays on without a single frame lost."""

import re
import signal
import subprocess

import pytest

import harness as H

DOC = H.REPO / "docs" / "configuration.md"


def documented_example() -> str:
    text = DOC.read_text()
    return re.search(r"```toml\n(.*?)```", text, re.S).group(1)


def documented_keys() -> set[str]:
    return set(re.findall(r"^\| `([a-z_]+\.[a-z_]+)` \|", DOC.read_text(), re.M))


def check_config(bins, path, env=None):
    return subprocess.run([str(bins / "noised"), "--check-config", *([str(path)] if path else [])],
                          capture_output=True, text=True, timeout=20, env=env)


def write_config(daemon: H.Daemon, text: str):
    path = daemon.root / "config" / "noised" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_the_documented_example_is_valid_and_sets_every_documented_key(bins, tmp_path):
    example = documented_example()
    keys_in_example = set()
    table = None
    for line in example.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("["):
            table = line.strip("[] ")
        elif "=" in line:
            keys_in_example.add(f"{table}.{line.split('=', 1)[0].strip()}")
    assert keys_in_example == documented_keys()
    path = tmp_path / "config.toml"
    path.write_text(example)
    r = check_config(bins, path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"{path}: OK ({len(keys_in_example)} keys set)"


def test_check_config_names_every_problem_with_its_line_and_key(bins, tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[audio]\ncache_size = 0\ndevice = "pulse"\n\n[alarms]\nsnoze = 5\nvolume = "loud"\n[colors]\n')
    r = check_config(bins, path)
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert lines == [
        f"{path}:8: unknown table [colors]; the tables are [audio], [playback], [alarms], [sounds], [log], [clock], [world], [mars], [location], [desktop], [satellites], [web], [hooks], [mqtt]",
        f"{path}:2: audio.cache_size: must be an integer 1 to 4096 (MiB); got 0",
        f"{path}:6: alarms.snoze: unknown key; did you mean alarms.snooze? the keys of [alarms] are sound, volume, "
        "ramp, snooze, ring_limit, dawn, missed_grace, holidays",
        f'{path}:7: alarms.volume: must be a number 0 to 100; got "loud"',
    ]


def test_check_config_syntax_error_and_missing_files(bins, tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[audio]\ndevice = pulse\n')
    r = check_config(bins, path)
    assert r.returncode == 1
    assert r.stderr.startswith(f"{path}:2: "), r.stderr
    # An explicit file that does not exist is an error; the default one missing just means the defaults.
    r = check_config(bins, tmp_path / "nope.toml")
    assert r.returncode == 1 and "no such file" in r.stderr
    env = H.base_env(H.make_env_dirs(tmp_path / "env"))
    r = check_config(bins, None, env=env)
    assert r.returncode == 0, r.stderr
    assert "no config file; the defaults apply" in r.stdout
    assert str(tmp_path / "env" / "config" / "noised" / "config.toml") in r.stdout


def test_a_config_path_needs_check_config(bins):
    r = subprocess.run([str(bins / "noised"), "some.toml"], capture_output=True, text=True, timeout=20)
    assert r.returncode == 2
    assert "use --config PATH" in r.stderr


def test_settings_apply_and_the_command_line_wins(make_daemon, testdata):
    d = make_daemon(start=False, device="null")
    write_config(d, '[audio]\ndevice = "nonexistent_pcm_config"\n[playback]\nvolume = 40\nfade_in = 0\n'
                    '[alarms]\nsound = "testalarm"\nsnooze = 5\nramp = "1m"\n')
    d.start()
    st = d.status()
    assert st["audio"]["device"] == "null", "--device wins over audio.device"
    assert st["config"] == {"path": str(d.root / "config" / "noised" / "config.toml"), "found": True, "problems": []}
    assert d.ctl("play", "testloop").returncode == 0
    st = d.status()
    assert [(p["id"], p["volume"], p["state"]) for p in st["playing"]] == [("testloop", 40, "playing")]
    r = d.ctl("--json", "alarm", "add", "07:00")
    assert r.returncode == 0, str(r)
    alarm = r.json["alarm"]
    assert (alarm["sound"], alarm["snooze_minutes"], alarm["ramp_seconds"]) == ("testalarm", 5, 60)
    # What the command names still wins over the config's defaults.
    r = d.ctl("--json", "alarm", "add", "08:00", "--snooze", "10")
    assert r.json["alarm"]["snooze_minutes"] == 10


def test_a_file_with_problems_is_not_used_but_the_daemon_runs(make_daemon, testdata):
    d = make_daemon(start=False, device="null")
    write_config(d, '[playback]\nvolume = 40\n[audio]\ncache_size = 0\n')
    d.start()
    st = d.status()
    assert st["config"]["found"] is True
    assert st["config"]["problems"] == ["line 4: audio.cache_size: must be an integer 1 to 4096 (MiB); got 0"]
    assert "audio.cache_size: must be an integer" in d.log()
    # Not even the good key of a bad file applies.
    assert d.ctl("play", "testloop").returncode == 0
    assert d.status()["playing"][0]["volume"] == 100
    text = d.ctl("status").stdout
    assert "audio.cache_size" in text, text


def test_sighup_reloads_config_and_catalog_while_the_loop_plays_on(make_daemon, sink, recorder, testdata, tmp_path):
    loop = testdata.loop.decoded
    d = make_daemon(start=False)
    config = write_config(d, '[log]\nlevel = "warning"\n')
    d.start()
    assert "listening on" not in d.log(), "log.level warning hides notices"
    assert d.ctl("play", "testloop", "--fade-in", "0").returncode == 0
    mark = recorder.frames
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    start = onset + int(0.3 * H.RATE)

    # A folder of plain MP3s, a new default volume, the log back at info.
    folder = tmp_path / "My Sounds"
    folder.mkdir()
    (folder / "Second Loop.mp3").write_bytes(testdata.loop2.mp3.read_bytes())
    config.write_text(f'[log]\nlevel = "info"\n[playback]\nvolume = 30\n[sounds]\nfolders = ["{folder}"]\n')
    reload_at = recorder.frames
    d.proc.send_signal(signal.SIGHUP)
    H.wait_until(lambda: "config: reloaded" in d.log(), 10, desc="the reload to be logged at notice level")
    ids = {s["id"]: s for s in d.ctl("--json", "sounds").json["sounds"]}
    assert ids["second-loop"]["source"] == "folder" and ids["second-loop"]["category"] == "custom"

    # The loop went on through the reload: every frame where it should be, none lost or repeated.
    recorder.wait_frames(reload_at + int((H.OUTPUT_LATENCY + 3.5 * len(loop) / H.RATE) * H.RATE))
    seg = recorder.get(start, recorder.frames)
    rep = H.analyze_loop(seg, loop)
    print(f"reload heard at frame {reload_at - start + int(H.OUTPUT_LATENCY * H.RATE)} of {len(seg)}: {rep}")
    assert len(rep.wraps) >= 3 and all(s == 0 for s in rep.slips), rep
    assert rep.mismatched_frames == 0, f"playback disturbed by the reload: {rep}"
    assert H.longest_silent_run(seg) < 8

    # The new default applies to what plays next.
    assert d.ctl("play", "second-loop").returncode == 0
    volumes = {p["id"]: p["volume"] for p in d.status()["playing"]}
    assert volumes == {"testloop": 100, "second-loop": 30}


def test_sighup_with_a_bad_file_keeps_the_settings_in_force(make_daemon, testdata):
    d = make_daemon(start=False, device="null")
    config = write_config(d, '[playback]\nvolume = 40\n')
    d.start()
    config.write_text('[playback]\nvolume = 400\n')
    d.proc.send_signal(signal.SIGHUP)
    st = d.wait_status(lambda s: s["config"]["problems"], 10, "the reload's problem in status")
    assert st["config"]["problems"] == ["line 2: playback.volume: must be a number 0 to 100; got 400"]
    assert "the settings in force are kept" in d.log()
    assert d.ctl("play", "testloop").returncode == 0
    assert d.status()["playing"][0]["volume"] == 40
    # Fixed and reloaded: the problem is gone and the new value applies.
    config.write_text('[playback]\nvolume = 60\n')
    d.proc.send_signal(signal.SIGHUP)
    d.wait_status(lambda s: s["config"]["problems"] == [], 10, "the problem to clear")
    assert d.ctl("play", "testloop2").returncode == 0
    assert {p["id"]: p["volume"] for p in d.status()["playing"]}["testloop2"] == 60
