"""noisectl behaviour: exit codes, messages, --json shapes, sound import,
catalog problems."""

import json
import os
import re
import subprocess
import time

import pytest

import harness as H


# ------------------------------------------------------------------ status


def test_status_json_shape(make_daemon, testdata):
    d = make_daemon(device="null")
    st = d.status()
    assert st["version"] == "0.1.0"
    assert st["protocol"] == 1
    assert isinstance(st["uptime_seconds"], (int, float)) and st["uptime_seconds"] >= 0
    assert st["audio"]["device"] == "null", st
    assert st["audio"]["state"] == "idle", st
    assert st["audio"]["error"] is None, st
    assert isinstance(st["audio"]["underruns"], int), st
    assert st["master_volume"] == 100
    assert st["playing"] == []
    assert st["sleep_timer"] is None
    assert st["catalog"] == {"sounds": 3, "problems": []}, st["catalog"]
    # human form works too
    r = d.ctl("status")
    assert r.returncode == 0 and r.stdout.strip(), str(r)


def test_hello_and_ping(make_daemon, testdata):
    d = make_daemon(device="null")
    assert d.hello == {"event": "hello",
                       "data": {"name": "noised", "version": "0.1.0", "protocol": 1}}
    with H.RawClient(d.socket) as c:
        r = c.request("ping")
        assert r["ok"] is True and r["id"] == 1, r


def test_daemon_logs_listening(make_daemon, testdata):
    d = make_daemon(device="null")
    H.wait_until(lambda: "listening on" in d.log(), 3, desc="'listening on' in the log")


# ------------------------------------------------------------------ errors


def test_unknown_sound_lists_closest(make_daemon, testdata):
    d = make_daemon(device="null")
    r = d.ctl("play", "testlop")
    assert r.returncode == 1, str(r)
    assert "testlop" in r.stderr, str(r)
    assert "testloop" in r.stderr, "closest ids not suggested: " + str(r)
    assert d.status()["playing"] == []


def test_json_error_shape(make_daemon, testdata):
    d = make_daemon(device="null")
    r = d.ctl("--json", "play", "nosuchsound")
    assert r.returncode == 1, str(r)
    body = json.loads(r.stdout)
    # The one shape of a refusal, as noised's and noiseweb's (issue 52): no id, since noisectl's own.
    assert body == {"error": body["error"], "ok": False}, body
    assert body["error"]["code"] == "unknown_sound", body
    assert "nosuchsound" in body["error"]["message"], body


def test_stop_sound_not_playing(make_daemon, testdata):
    """Inferred from the error-code list: stopping a sound that isn't playing
    is refused with not_playing."""
    d = make_daemon(device="null")
    r = d.ctl("--json", "stop", "testloop")
    assert r.returncode == 1, str(r)
    assert json.loads(r.stdout)["error"]["code"] == "not_playing", str(r)


@pytest.mark.parametrize("args,word", [
    (["play", "testloop", "--volume", "150"], "volume"),
    (["play", "testloop", "--volume", "loud"], "volume"),
    (["volume", "150"], "volume"),
    (["volume", "101", "--sound", "testloop"], "volume"),
    (["play", "testloop", "--for", "5x"], "5x"),
    (["play", "testloop", "--for", "45"], "45 has no unit: write 45s for seconds or 45m for minutes"),
    (["play", "testloop", "--for", "1s", "--until", "07:00"], None),
    (["play", "testloop", "--until", "25:99"], "25:99"),
    (["play", "testloop", "--fade-in", "abc"], "abc"),
    (["play"], None),
    (["sounds", "import"], "file"),                     # --id and --name may be left out, FILE may not
    (["sounds", "import", "/x.flac", "--id", "Bad_Id"], "--id"),
    (["sounds", "import", "/x.mp3", "--id", "x", "--name", "X", "--kind", "song"], "kind"),
])
def test_usage_errors_exit_2(make_daemon, testdata, args, word):
    d = make_daemon(device="null")
    r = d.ctl(*args)
    assert r.returncode == 2, str(r)
    assert r.stderr.strip(), "usage error without a message: " + str(r)
    if word:
        assert word in r.stderr, f"message should mention {word!r}: {r}"
    if args[:2] == ["play", "testloop"] and "--volume" in args and "150" in args:
        assert "100" in r.stderr, "message should say what is accepted (0-100): " + str(r)
    assert d.status()["playing"] == [], "a rejected command changed playback"


def test_unknown_subcommand_exit_2(tmp_path, bins):
    env = H.base_env(H.make_env_dirs(tmp_path))
    r = H.noisectl("frobnicate", env=env)
    assert r.returncode == 2, str(r)
    assert "frobnicate" in r.stderr, str(r)
    # with a global option in front it is still a usage error
    r = H.noisectl("frobnicate", socket=tmp_path / "s", env=env)
    assert r.returncode == 2, str(r)


def test_daemon_not_running_exit_3(tmp_path, bins):
    env = H.base_env(H.make_env_dirs(tmp_path))
    for args in (["status"], ["--json", "status"], ["play", "rain"]):
        r = H.noisectl(*args, socket=tmp_path / "nothing-here.sock", env=env)
        assert r.returncode == 3, str(r)
        msg = r.stderr + r.stdout
        assert "not running" in msg, str(r)
        assert "systemctl --user start noised" in msg or "noised &" in msg, str(r)
    # default socket location, nothing there either
    r = H.noisectl("status", env=env)
    assert r.returncode == 3, str(r)


def test_stale_socket_file_is_unreachable_exit_3(tmp_path, bins):
    import socket as pysock
    path = tmp_path / "stale.sock"
    s = pysock.socket(pysock.AF_UNIX, pysock.SOCK_STREAM)
    s.bind(str(path))
    s.close()
    env = H.base_env(H.make_env_dirs(tmp_path / "e"))
    r = H.noisectl("status", socket=path, env=env)
    assert r.returncode == 3, str(r)


# ------------------------------------------------------------------ durations


@pytest.mark.parametrize("dur,seconds", [("45m", 2700), ("1h30m", 5400), ("90s", 90),
                                         ("2.5s", 2.5), ("1500ms", 1.5)])
def test_duration_formats(make_daemon, testdata, dur, seconds):
    d = make_daemon(device="null")
    r = d.ctl("play", "testloop", "--for", dur, "--fade-in", "500ms", "--fade-out", "0.5s")
    assert r.returncode == 0, str(r)
    st = d.status()
    assert st["sleep_timer"] is not None, st
    rem = st["sleep_timer"]["remaining_seconds"]
    assert seconds - 1.5 <= rem <= seconds, f"--for {dur}: remaining {rem}"


def test_until_time_of_day(make_daemon, testdata):
    d = make_daemon(device="null")
    now = time.time()
    target = time.localtime(now + 180)
    hhmm = f"{target.tm_hour:02d}:{target.tm_min:02d}"
    secs_to_target = 180 - target.tm_sec - (now % 1)
    r = d.ctl("play", "testloop", "--until", hhmm)
    assert r.returncode == 0, str(r)
    rem = d.status()["sleep_timer"]["remaining_seconds"]
    assert abs(rem - secs_to_target) <= 2, f"--until {hhmm}: remaining {rem}, want ~{secs_to_target:.0f}"


@pytest.mark.parametrize("fade_arg,lo,hi", [(None, 0.2, 1.3), ("2s", 1.6, 3.2)])
def test_daemon_default_fade(make_daemon, testdata, fade_arg, lo, hi):
    """noised --fade sets the default fade of play and stop (default 0.5 s)."""
    d = make_daemon(device="null", extra_args=["--fade", fade_arg] if fade_arg else [])
    assert d.ctl("play", "testloop").returncode == 0
    assert d.status()["playing"][0]["state"] == "fading_in"
    d.wait_status(lambda s: s["playing"] and s["playing"][0]["state"] == "playing", 5, "playing")
    t0 = time.monotonic()
    assert d.ctl("stop").returncode == 0
    d.wait_status(lambda s: s["playing"] == [], 6, "stopped")
    took = time.monotonic() - t0
    assert lo <= took <= hi, f"stop with default fade {fade_arg or '0.5s'} took {took:.2f}s"


# ------------------------------------------------------------------ import


def _mp3(tmp_path, name="mine", seconds=1.0, seed=77):
    d = tmp_path / f"src-{name}"
    s = H.make_loop_sound(d, name, seconds, seed=seed, lo=100, hi=1000, level=0.1)
    return s


def test_import_and_play(make_daemon, sink, recorder, testdata, tmp_path):
    src = _mp3(tmp_path)
    d = make_daemon(device="pulse")
    r = d.ctl("sounds", "import", str(src.mp3), "--id", "mine", "--name", "Mine")
    assert r.returncode == 0, str(r)

    listed = {s["id"]: s for s in d.ctl("--json", "sounds").json["sounds"]}
    assert "mine" in listed, listed.keys()
    assert listed["mine"]["source"] == "user", listed["mine"]
    assert listed["mine"]["name"] == "Mine"
    assert listed["mine"]["kind"] == "loop", "default kind should be loop"
    assert listed["testloop"]["source"] == "builtin"
    overlay = H.Path(d.env_dirs["XDG_DATA_HOME"]) / "noised"
    cat = json.loads((overlay / "sounds.json").read_text())
    assert [s["id"] for s in cat["sounds"]] == ["mine"], cat
    assert (overlay / "sounds" / cat["sounds"][0]["file"]).is_file()

    mark = recorder.frames
    r = d.ctl("play", "mine", "--fade-in", "0")
    assert r.returncode == 0, str(r)
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    seg = recorder.since(onset + int(0.2 * H.RATE), 1.0)
    pos, corr = H.circular_locate(src.decoded, seg[:4096])
    assert corr > 0.99, f"imported sound not what is played (corr {corr:.3f})"

    # survives a daemon restart (the overlay catalog is persistent)
    d.stop()
    d.start()
    assert "mine" in {s["id"] for s in d.ctl("--json", "sounds").json["sounds"]}


def test_import_relative_path(make_daemon, testdata, tmp_path):
    """noisectl must resolve FILE relative to its own working directory."""
    src = _mp3(tmp_path, "rel")
    d = make_daemon(device="null")
    argv = [str(H.bin_dir() / "noisectl"), "--socket", str(d.socket), "sounds", "import",
            src.mp3.name, "--id", "rel", "--name", "Relative", "--category", "mine",
            "--kind", "alarm"]
    r = subprocess.run(argv, cwd=src.mp3.parent, env=d.env(), capture_output=True, text=True,
                       timeout=20, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, f"{r.returncode} {r.stdout} {r.stderr}"
    s = {s["id"]: s for s in d.ctl("--json", "sounds").json["sounds"]}["rel"]
    assert (s["category"], s["kind"]) == ("mine", "alarm"), s
    r = d.ctl("--json", "sounds", "--category", "mine")
    assert [x["id"] for x in r.json["sounds"]] == ["rel"], r.stdout


def test_import_refuses_non_audio(make_daemon, testdata, tmp_path):
    bad = tmp_path / "notes.mp3"
    bad.write_bytes(b"this is not an mp3 file\n" * 200)
    d = make_daemon(device="null")
    before = d.ctl("--json", "sounds").json["sounds"]
    r = d.ctl("sounds", "import", str(bad), "--id", "junk", "--name", "Junk")
    assert r.returncode == 1, str(r)
    assert r.stderr.strip(), str(r)
    r = d.ctl("--json", "sounds", "import", str(bad), "--id", "junk", "--name", "Junk")
    assert r.returncode == 1, str(r)
    assert r.json["error"]["code"] == "import_failed", str(r)
    assert d.ctl("--json", "sounds").json["sounds"] == before, "a refused import changed the catalog"
    overlay = H.Path(d.env_dirs["XDG_DATA_HOME"]) / "noised" / "sounds"
    assert not overlay.exists() or not any(overlay.iterdir()), list(overlay.iterdir())
    # missing file
    r = d.ctl("sounds", "import", str(tmp_path / "missing.mp3"), "--id", "gone", "--name", "Gone")
    assert r.returncode == 1, str(r)
    assert d.ctl("--json", "sounds").json["sounds"] == before


def test_import_duplicate_id_refused(make_daemon, testdata, tmp_path):
    src = _mp3(tmp_path)
    d = make_daemon(device="null")
    assert d.ctl("sounds", "import", str(src.mp3), "--id", "mine", "--name", "Mine").returncode == 0
    before = d.ctl("--json", "sounds").json["sounds"]
    r = d.ctl("sounds", "import", str(src.mp3), "--id", "mine", "--name", "Again")
    assert r.returncode == 1, str(r)
    assert "mine" in r.stderr, str(r)
    r = d.ctl("sounds", "import", str(src.mp3), "--id", "testloop", "--name", "Shadow")
    assert r.returncode == 1, "importing over a builtin id must be refused: " + str(r)
    assert d.ctl("--json", "sounds").json["sounds"] == before


@pytest.mark.parametrize("bad_id", ["Mine", "1abc", "my_sound", "-x", ""])
def test_import_invalid_id_refused(make_daemon, testdata, tmp_path, bad_id):
    src = _mp3(tmp_path)
    d = make_daemon(device="null")
    r = d.ctl("sounds", "import", str(src.mp3), "--id", bad_id, "--name", "X")
    assert r.returncode in (1, 2), str(r)
    assert "id" in r.stderr.lower(), str(r)
    assert len(d.ctl("--json", "sounds").json["sounds"]) == 3


# ------------------------------------------------------------------ catalog


def test_catalog_problems_reported(make_daemon, testdata, tmp_path):
    data = tmp_path / "data"
    (data / "sounds").mkdir(parents=True)
    good = testdata.loop.mp3
    (data / "sounds" / "good.mp3").write_bytes(good.read_bytes())
    entries = [
        {"id": "good", "name": "Good", "category": "test", "file": "good.mp3", "kind": "loop"},
        {"id": "Bad_ID", "name": "Bad", "category": "test", "file": "good.mp3", "kind": "loop"},
        {"id": "weird", "name": "Weird", "category": "test", "file": "good.mp3", "kind": "music"},
        {"id": "nofile", "name": "No file", "category": "test", "file": "missing.mp3", "kind": "loop"},
        {"id": "good", "name": "Dup", "category": "test", "file": "good.mp3", "kind": "loop"},
        {"name": "No id", "category": "test", "file": "good.mp3", "kind": "loop"},
    ]
    H.write_catalog(data, entries)
    d = make_daemon(device="null", data_dir=data)
    st = d.status()
    problems = st["catalog"]["problems"]
    print("\n".join(problems))
    assert st["catalog"]["sounds"] == 1, st["catalog"]
    assert len(problems) == 5, problems
    text = " | ".join(problems)
    for needle in ("Bad_ID", "music", "missing.mp3"):
        assert needle in text, f"no problem mentions {needle!r}: {problems}"
    # each problem names its entry's position in the file (0- or 1-based)
    where = {"Bad_ID": 1, "music": 2, "missing.mp3": 3, "uplicate": 4, "'id'": 5}
    for p in problems:
        bare = p.replace(str(data), "<data>")
        keys = [k for k in where if k in bare]
        if len(keys) != 1:
            continue
        i = where[keys[0]]
        nums = {int(n) for n in re.findall(r"(?<![\w.])\d+(?![\w.])", bare)}
        assert i in nums or i + 1 in nums, \
            f"problem about entry #{i} (0-based) names position(s) {sorted(nums)}: {p!r}"
    log = d.log()
    assert "Bad_ID" in log and "missing.mp3" in log, "problems not logged"
    assert [s["id"] for s in d.ctl("--json", "sounds").json["sounds"]] == ["good"]
    r = d.ctl("play", "good", "--fade-in", "0")
    assert r.returncode == 0, str(r)


def test_user_overlay_catalog(make_daemon, testdata, tmp_path):
    d = make_daemon(device="null", start=False)
    overlay = H.Path(d.env_dirs["XDG_DATA_HOME"]) / "noised"
    (overlay / "sounds").mkdir(parents=True)
    (overlay / "sounds" / "u.mp3").write_bytes(testdata.loop2.mp3.read_bytes())
    H.write_catalog(overlay, [{"id": "usersound", "name": "User sound", "category": "mine",
                               "file": "u.mp3", "kind": "loop"}])
    d.start()
    listed = {s["id"]: s for s in d.ctl("--json", "sounds").json["sounds"]}
    assert set(listed) == {"testloop", "testloop2", "testalarm", "usersound"}, listed.keys()
    assert listed["usersound"]["source"] == "user"
    assert d.ctl("play", "usersound").returncode == 0


# ------------------------------------------------------------------ mpc habits


def test_bare_noisectl_shows_the_status_and_help_lists_the_commands(make_daemon, testdata):
    d = make_daemon(device="null")
    bare, status = d.ctl(), d.ctl("status")
    assert bare.returncode == 0 and bare.stdout.split("\n")[0] == status.stdout.split("\n")[0], (bare, status)
    assert d.ctl("--json").json["master_volume"] == 100
    r = d.ctl("help")
    assert r.returncode == 0 and all(f"  {c} " in r.stdout for c in ("status", "play", "volume", "alarm")), str(r)


def test_volume_shows_sets_and_changes_like_mpc(make_daemon, testdata):
    """`volume` alone shows it; `volume +10` / `volume -30` change it (kept within 0-100), as mpc's do; a bad
    level is a usage error that changes nothing."""
    d = make_daemon(device="null")
    vol = lambda *a: d.ctl("volume", *a)
    assert vol().stdout.strip() == "Master volume: 100%"
    assert vol("60").stdout.strip() == "Master volume: 60%"
    assert vol("+10").stdout.strip() == "Master volume: 70%"
    assert vol("-30").stdout.strip() == "Master volume: 40%"
    assert vol("+100").stdout.strip() == "Master volume: 100%"
    for bad, word in (("-200", "-100 to +100"), ("loud", "+10"), ("+x", "+10")):
        r = vol(bad)
        assert r.returncode == 2 and word in r.stderr, str(r)
    r = d.ctl("volume", "50", "60")
    assert r.returncode == 2, str(r)
    assert d.status()["master_volume"] == 100, "a refused volume changed the volume"
    assert d.ctl("--json", "volume").json == {"master_volume": 100}
    assert d.ctl("play", testdata.loop.id, "--volume", "50", "--fade-in", "0").returncode == 0
    assert vol("-20", "--sound", testdata.loop.id).stdout.strip() == f"{testdata.loop.id}: 30%"
    assert vol("--sound", testdata.loop.id).stdout.strip() == f"{testdata.loop.id}: 30%"
    assert [p["volume"] for p in d.status()["playing"]] == [30]
    r = vol("+5", "--sound", "nope")
    assert r.returncode == 1 and "'nope' is not playing" in r.stderr, str(r)
    r = vol("--sound", "nope")
    assert r.returncode == 1 and "'nope' is not playing" in r.stderr, str(r)


def test_alarm_rm_and_delete_take_several_ids_and_snooze_says_what_is_next(make_daemon, testdata):
    """`alarm rm` / `alarm delete` are `alarm remove`, for one id or several; one unknown id removes none.
    `snooze` with nothing ringing says so in words, with the next alarm."""
    d = make_daemon(device="null", extra_env={"TZ": "UTC"})
    ids = [d.ctl("--json", "alarm", "add", t, "--label", "Work").json["alarm"]["id"] for t in ("07:00", "08:00", "09:00")]
    r = d.ctl("alarm", "rm", str(ids[0]), "999")
    assert r.returncode == 1 and "no alarm has id 999" in r.stderr, str(r)
    assert len(d.ctl("--json", "alarm", "list").json["alarms"]) == 3, "an unknown id among several removed the others"
    r = d.ctl("alarm", "delete", str(ids[0]), str(ids[1]), str(ids[0]))
    assert r.returncode == 0 and r.stdout.strip() == f"Removed alarms {ids[0]}, {ids[1]}.", str(r)
    r = d.ctl("--json", "alarm", "rm", str(ids[2]))
    assert r.returncode == 0 and r.json == {"removed": [ids[2]]}, str(r)
    assert d.ctl("--json", "alarm", "list").json["alarms"] == []
    # An alarm's note is in the list and in `alarm show`, not only in --json.
    noted = d.ctl("--json", "alarm", "add", "06:00", "--label", "Pills", "--note", "with water").json["alarm"]["id"]
    assert "Pills (with water)" in d.ctl("alarm", "list").stdout
    assert any(l.split() == ["Note", "with", "water"] for l in d.ctl("alarm", "show", str(noted)).stdout.splitlines())
    assert d.ctl("alarm", "rm", str(noted)).returncode == 0
    r = d.ctl("snooze")
    assert r.returncode == 1 and "no alarm is ringing, and none is set to ring" in r.stderr, str(r)
    aid = d.ctl("--json", "alarm", "add", "07:00", "--label", "Work").json["alarm"]["id"]
    r = d.ctl("snooze")
    assert r.returncode == 1 and f"no alarm is ringing; the next is alarm {aid} (Work) at 07:00 on " in r.stderr, str(r)
