"""What noisectl says (issue 39, item 4), with the real binaries: a typo is named with the command meant, never
another command's usage; results on stdout; a diary entry from a pipe, never an editor without a terminal; the
reminder says it skips a day with its entry; the leap-second note only when it can matter; plurals."""
import json
import time

import harness as H


def test_a_mistyped_command_gets_did_you_mean_not_another_commands_usage(bins):
    r = H.noisectl("plya", "rain")
    # Before: "2 unexpected arguments: 'plya', 'rain'" and the usage of `status`, the default command.
    assert r.returncode == 2 and "'plya' is not a noisectl command; did you mean 'play'?" in r.stderr, str(r)
    assert "Usage: noisectl status" not in r.stderr
    # (`alarm export` was the typo the issue met; it is a command now.)
    r = H.noisectl("--socket", "/nonexistent/noised.sock", "alarm", "exprot")
    assert r.returncode == 2 and "'exprot' is not one of the 'noisectl alarm' commands" in r.stderr, str(r)
    assert "did you mean 'export'?" in r.stderr, str(r)
    assert "Usage: noisectl alarm list" not in r.stderr
    r = H.noisectl("help", "nosuch")
    assert r.returncode == 2 and "'nosuch' is not a noisectl command" in r.stderr and r.stdout == "", str(r)


def test_a_diary_entry_comes_from_a_pipe_and_no_editor_starts_without_a_terminal(make_daemon):
    d = make_daemon(device="null")
    env = dict(d.env(), EDITOR="/bin/false", VISUAL="")
    r = H.noisectl("gratitude", socket=d.socket, env=env, input="The walk by the river\n")
    assert r.returncode == 0 and r.stdout.startswith("Saved the entry for "), str(r)
    assert d.request("gratitude_show")["data"]["entry"]["text"] == "The walk by the river"
    # Nothing on standard input, and it is no terminal: refused, not an editor started (it was vim, blind).
    r = H.noisectl("gratitude", "--append", socket=d.socket, env=env, input="")
    assert r.returncode == 1 and "no entry came on standard input" in r.stderr, str(r)
    assert d.request("gratitude_show")["data"]["entry"]["text"] == "The walk by the river"


def test_the_reminder_says_it_skips_a_day_that_has_its_entry(make_daemon):
    d = make_daemon(device="null")
    # An hour from now, in the daemon's zone (UTC): today's reminder is still to come.
    at = time.strftime("%H:%M", time.gmtime(time.time() + 3600))
    if time.gmtime(time.time() + 3600).tm_yday != time.gmtime().tm_yday:
        at = "23:59"
    before = H.noisectl("--json", "gratitude", "remind", at, socket=d.socket, env=d.env())
    assert before.returncode == 0 and before.json["skipped"] is None, str(before)
    assert d.ctl("gratitude", "A good day").returncode == 0
    r = d.ctl("--json", "gratitude", "remind")
    today = time.strftime("%Y-%m-%d", time.gmtime())
    assert r.json["skipped"] == today and r.json["next"]["unix"] > before.json["next"]["unix"], r.json
    # Before issue 39: "Next: today …" although today has its entry and nothing would come.
    text = d.ctl("gratitude", "remind").stdout
    assert f"({today} has its entry)" in text, text


def test_results_go_to_stdout_and_counts_have_their_plurals(make_daemon, tmp_path):
    d = make_daemon(device="null")
    assert d.ctl("gratitude", "One entry").returncode == 0
    out = tmp_path / "diary.md"
    r = d.ctl("gratitude", "export", "--output", str(out))
    # Before: "noisectl: wrote 1 entry to …" on stderr.
    assert r.returncode == 0 and r.stdout == f"Wrote 1 entry to {out}.\n" and r.stderr == "", str(r)
    assert d.ctl("alarm", "add", "07:00").returncode == 0
    assert d.ctl("alarm", "disable", "1").returncode == 0
    status = d.ctl("status").stdout
    assert "none (1 alarm)" in status, status


def test_location_prints_json(bins, tmp_path):
    env = H.base_env({"XDG_CONFIG_HOME": str(tmp_path / "config"), "TZ": "Europe/London"})
    assert H.noisectl("location", "set", "51.5074,-0.1278,11", "--name", "London", env=env).returncode == 0
    r = H.noisectl("--json", "location", env=env)
    assert r.returncode == 0, str(r)
    shown = json.loads(r.stdout)
    assert shown["name"] == "London" and abs(shown["latitude"] - 51.5074) < 1e-9, shown
    assert abs(shown["longitude"] + 0.1278) < 1e-9 and abs(shown["elevation_m"] - 11) < 1e-6, shown


def test_status_has_the_leap_second_note_only_when_it_can_matter(make_daemon):
    """The system's list expired 2026-06-28. `status` showed the note on every call; now only while a Mars alarm
    (the only rule counting in TAI) is shown, or once the list is more than a year out of date."""
    d = make_daemon(device="null")
    expired_a_year = time.time() >= 1_782_604_800 + 365 * 86400
    note = d.status()["alarms"]["leap_seconds_note"]
    assert (note is not None) == expired_a_year, note
    assert ("Leap seconds" in d.ctl("status").stdout) == expired_a_year
    assert d.ctl("alarm", "add", "07:00", "--mars", "jezero").returncode == 0
    note = d.status()["alarms"]["leap_seconds_note"]
    assert note is not None and "expired on 2026-06-28, and a leap second may have come since" in note, note


def test_a_refusal_found_while_running_is_the_message_without_a_usage_line(bins, tmp_path):
    env = H.base_env(H.make_env_dirs(tmp_path))
    env["TZ"] = "UTC"
    r = H.noisectl("--json", "location", env=env)
    # Before: the message, then "Usage: noisectl <subcommand>", which says nothing about a location.
    assert r.returncode == 2 and "no location is set" in r.stderr and "noisectl location set" in r.stderr, str(r)
    assert "Usage:" not in r.stderr, r.stderr
    r = H.noisectl("location", "set", "91,0", env=env)
    assert r.returncode == 2 and "Usage: noisectl location set" in r.stderr, "a value the parser refuses still shows the usage: " + str(r)
