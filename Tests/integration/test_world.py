"""`noisectl world`: world clocks from the system's tz database, and the zones it saves in config.toml.

No daemon runs in these tests: `world` must work without one. Each test has its own XDG folders and a fixed
local zone (TZ), and the expected offsets are worked out here with Python's zoneinfo, not taken from noisectl.
"""

import json
import os
import re
import subprocess
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import harness as H

HERE = "America/Los_Angeles"
# A Saturday; 07:00 in Los Angeles, already Sunday at Kiritimati.
AT = "2024-11-23T15:00:00Z"


@pytest.fixture
def world_env(bins, tmp_path):
    env = H.base_env(H.make_env_dirs(tmp_path))
    env["TZ"] = HERE
    # Nothing listens there: world must not need the daemon.
    env["NOISED_SOCKET"] = str(tmp_path / "no-daemon.sock")
    return env


def config_path(env) -> Path:
    return Path(env["XDG_CONFIG_HOME"]) / "noised" / "config.toml"


def ctl(env, *args):
    return H.noisectl(*args, env=env)


def check_config(bins, env):
    return subprocess.run([str(bins / "noised"), "--check-config"], capture_output=True, text=True,
                          timeout=20, env=env)


def offset_text(seconds: int) -> str:
    """The difference as noisectl words it: 0, +1, -6, +5:30."""
    if seconds == 0:
        return "0"
    sign = "+" if seconds > 0 else "-"
    hours, minutes = divmod(abs(seconds) // 60, 60)
    return f"{sign}{hours}" + (f":{minutes:02d}" if minutes else "")


def expected_difference(zone: str, instant: datetime) -> int:
    there = instant.astimezone(ZoneInfo(zone)).utcoffset().total_seconds()
    here = instant.astimezone(ZoneInfo(HERE)).utcoffset().total_seconds()
    return int(there - here)


def table_rows(stdout: str) -> dict[str, list[str]]:
    """City -> the other cells, from the padded table (cells are separated by two or more spaces)."""
    lines = stdout.strip().splitlines()
    assert lines and lines[0].startswith("CITY"), stdout
    return {cells[0]: cells[1:] for cells in (re.split(r"\s{2,}", line.strip()) for line in lines[1:])}


def test_add_show_and_remove_with_offsets_from_here(bins, world_env):
    r = ctl(world_env, "world")
    assert r.returncode == 0 and "noisectl world add" in r.stdout, str(r)

    r = ctl(world_env, "world", "add", "Europe/Berlin", "Asia/Kolkata", "Pacific/Kiritimati")
    assert r.returncode == 0, str(r)
    assert "Added Europe/Berlin." in r.stdout and "Added Asia/Kolkata." in r.stdout, str(r)
    assert check_config(bins, world_env).returncode == 0, check_config(bins, world_env).stdout

    at = datetime(2024, 11, 23, 15, 0, tzinfo=timezone.utc)
    r = ctl(world_env, "world", "--at", AT)
    assert r.returncode == 0, str(r)
    rows = table_rows(r.stdout)
    assert list(rows) == ["Berlin", "Kolkata", "Kiritimati"], r.stdout
    assert rows["Berlin"] == ["16:00", offset_text(expected_difference("Europe/Berlin", at))], r.stdout
    assert rows["Kolkata"] == ["20:30", offset_text(expected_difference("Asia/Kolkata", at))], r.stdout
    assert rows["Kiritimati"] == ["05:00", "Sun 24 Nov", offset_text(expected_difference("Pacific/Kiritimati", at))]
    assert rows["Kolkata"][-1] == "+13:30" and rows["Kiritimati"][-1] == "+22"

    # Now, not a fixed instant: the signs and sizes still match zoneinfo's.
    r = ctl(world_env, "--json", "world")
    assert r.returncode == 0, str(r)
    body = json.loads(r.stdout)
    now = datetime.now(timezone.utc)
    assert body["here"] == HERE
    assert [z["zone"] for z in body["zones"]] == ["Europe/Berlin", "Asia/Kolkata", "Pacific/Kiritimati"]
    for row in body["zones"]:
        assert row["offset_seconds"] == expected_difference(row["zone"], now), row
        assert row["offset"] == offset_text(row["offset_seconds"]), row

    r = ctl(world_env, "world", "remove", "Europe/Berlin")
    assert r.returncode == 0 and "Removed Europe/Berlin." in r.stdout, str(r)
    r = ctl(world_env, "world", "--at", AT)
    assert list(table_rows(r.stdout)) == ["Kolkata", "Kiritimati"], str(r)
    assert check_config(bins, world_env).returncode == 0


def test_zones_given_on_the_command_line_are_shown_not_saved(world_env):
    r = ctl(world_env, "world", "Asia/Kathmandu", "America/New_York", "--at", AT)
    assert r.returncode == 0, str(r)
    rows = table_rows(r.stdout)
    at = datetime(2024, 11, 23, 15, 0, tzinfo=timezone.utc)
    assert rows["Kathmandu"] == ["20:45", offset_text(expected_difference("Asia/Kathmandu", at))], r.stdout
    assert rows["New York"] == ["10:00", "+3"], r.stdout
    assert not config_path(world_env).exists()


def test_a_typo_is_refused_with_a_suggestion_and_nothing_changes(world_env):
    path = config_path(world_env)
    path.parent.mkdir(parents=True)
    path.write_text('[world]\nzones = ["Asia/Tokyo"]  # home\n')
    before = path.read_bytes()
    for args in (["Europe/Berln"], ["America/Chicago", "Europe/Berln"]):
        r = ctl(world_env, "world", "add", *args)
        assert r.returncode != 0, str(r)
        assert "Europe/Berln" in r.stderr and "did you mean Europe/Berlin" in r.stderr, str(r)
        assert path.read_bytes() == before
    r = ctl(world_env, "world", "Europe/Berln")
    assert r.returncode == 2 and "Europe/Berlin" in r.stderr, str(r)


def test_a_hand_written_config_keeps_its_comments(bins, world_env):
    path = config_path(world_env)
    path.parent.mkdir(parents=True)
    text = ("# my noised settings\n"
            "[audio]\n"
            'device = "null"   # headless box\n'
            "\n"
            "# clocks\n"
            "[clock]\n"
            "seconds = true\n"
            "\n"
            "[log]  # quiet please\n"
            'level = "warning"\n')
    path.write_text(text)
    os.chmod(path, 0o640)
    r = ctl(world_env, "world", "add", "Asia/Tokyo")
    assert r.returncode == 0, str(r)
    assert path.read_text() == text + '\n[world]\nzones = ["Asia/Tokyo"]\n'
    assert path.stat().st_mode & 0o777 == 0o640
    r = ctl(world_env, "world", "add", "Europe/Rome")
    assert r.returncode == 0, str(r)
    assert path.read_text() == text + '\n[world]\nzones = ["Asia/Tokyo", "Europe/Rome"]\n'
    r = check_config(bins, world_env)
    assert r.returncode == 0 and "OK" in r.stdout, r.stdout + r.stderr


def test_a_config_with_a_syntax_error_is_not_overwritten(world_env):
    path = config_path(world_env)
    path.parent.mkdir(parents=True)
    path.write_text("[audio]\ndevice = pulse\n")
    before = path.read_bytes()
    r = ctl(world_env, "world", "add", "Asia/Tokyo")
    assert r.returncode == 1, str(r)
    assert "line 2" in r.stderr and "fix it first" in r.stderr and "nothing was saved" in r.stderr, str(r)
    assert path.read_bytes() == before
    # Showing still works, on the defaults, with a warning that says what to run.
    r = ctl(world_env, "world")
    assert r.returncode == 0 and "noised --check-config" in r.stderr, str(r)


def test_remove_of_a_zone_not_saved_names_the_saved_ones(world_env):
    assert ctl(world_env, "world", "add", "Asia/Tokyo", "Europe/Rome").returncode == 0
    before = config_path(world_env).read_bytes()
    r = ctl(world_env, "world", "remove", "Europe/Rome", "Europe/Paris")
    assert r.returncode == 1, str(r)
    assert "Europe/Paris" in r.stderr and "Asia/Tokyo, Europe/Rome" in r.stderr, str(r)
    assert config_path(world_env).read_bytes() == before


def test_adds_run_at_once_all_count(world_env):
    # Each `world add` reads the saved list, adds to it and saves it; run together, without the lock on the
    # config folder two of them would read the same list and the later save would drop the earlier's zone.
    zones = ["Asia/Tokyo", "Europe/Rome", "America/Chicago", "Africa/Cairo", "Asia/Kolkata", "Australia/Perth",
             "Europe/Oslo", "America/Lima", "Asia/Seoul", "Pacific/Auckland", "Europe/Lisbon", "Asia/Dubai",
             "America/Denver", "Africa/Lagos", "Asia/Bangkok", "Europe/Athens"]
    argv = [str(H.bin_dir() / "noisectl"), "world", "add"]
    runs = [subprocess.Popen(argv + [zone], env=world_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for zone in zones]
    for run, zone in zip(runs, zones):
        out, err = run.communicate(timeout=30)
        assert run.returncode == 0 and f"Added {zone}." in out, (zone, out, err)
    r = ctl(world_env, "--json", "world")
    assert r.returncode == 0, str(r)
    assert sorted(row["zone"] for row in json.loads(r.stdout)["zones"]) == sorted(zones), r.stdout


def test_a_change_that_saves_nothing_creates_no_folder(world_env):
    r = ctl(world_env, "world", "remove", "Asia/Tokyo")
    assert r.returncode == 1 and "no zone is saved" in r.stderr, str(r)
    assert not config_path(world_env).parent.exists(), "a failed remove made the config folder"


def test_duplicates_are_skipped_and_the_limit_holds(world_env):
    r = ctl(world_env, "--json", "world", "add", "Asia/Tokyo", "Asia/Tokyo")
    assert r.returncode == 0, str(r)
    assert json.loads(r.stdout) == {"zones": ["Asia/Tokyo"], "added": ["Asia/Tokyo"], "already_saved": ["Asia/Tokyo"]}
    r = ctl(world_env, "world", "add", "Asia/Tokyo")
    assert r.returncode == 0 and "Asia/Tokyo is already saved." in r.stdout, str(r)

    zoneinfo = Path("/usr/share/zoneinfo")
    many = sorted(str(p.relative_to(zoneinfo)) for p in (zoneinfo / "Etc").iterdir() if p.name.startswith("GMT+"))
    many += sorted(str(p.relative_to(zoneinfo)) for p in (zoneinfo / "Etc").iterdir() if p.name.startswith("GMT-"))
    assert len(many) >= 24
    before = config_path(world_env).read_bytes()
    r = ctl(world_env, "world", "add", *many[:24])
    assert r.returncode == 1 and "at most 24" in r.stderr, str(r)
    assert config_path(world_env).read_bytes() == before


def test_a_symlinked_config_stays_a_link(world_env, tmp_path):
    real = tmp_path / "dotfiles" / "noised.toml"
    real.parent.mkdir()
    real.write_text("# kept in git\n")
    link = config_path(world_env)
    link.parent.mkdir(parents=True)
    link.symlink_to(real)
    r = ctl(world_env, "world", "add", "Asia/Tokyo")
    assert r.returncode == 0, str(r)
    assert link.is_symlink()
    assert real.read_text() == '# kept in git\n\n[world]\nzones = ["Asia/Tokyo"]\n'
