"""One JSON shape per kind of list, and `--json` on every command that prints data (issue 39, item 4), with the
real binaries: every list the daemon replies is an object with a named array (docs/protocol.md), `noisectl … --json`
prints that same object, and every command but the full-screen views takes `--json` and prints one JSON object."""
import json

import harness as H

ISS_2018 = ("ISS (ZARYA)",
            "1 25544U 98067A   18184.80969102  .00001614  00000-0  31745-4 0  9993",
            "2 25544  51.6414 295.8524 0003435 262.6267 204.2868 15.54005638121106")

# The list replies and the array each one names (docs/protocol.md).
PROTOCOL_LISTS = {
    "sounds": "sounds", "alarm_list": "alarms", "timer_list": "timers", "alarm_missed": "missed", "mix_list": "mixes",
    "habit_list": "habits", "gratitude_list": "entries",
}

# noisectl's list commands and the array each prints.
CLI_LISTS = [
    (["sounds"], "sounds"), (["sounds", "list", "--category", "alarm"], "sounds"), (["alarm", "list"], "alarms"),
    (["timer", "list"], "timers"), (["mix", "list"], "mixes"), (["alarm", "missed"], "missed"),
    (["habit", "list"], "habits"), (["gratitude", "list"], "entries"), (["gratitude", "search", "walk"], "matches"),
    (["world"], "zones"), (["iss", "elements", "list"], "satellites"),
]


def _ok(r):
    assert r.returncode == 0, str(r)
    return r


def _filled(make_daemon, testdata):
    """A daemon with something in every list: an alarm, a timer, a mix, a habit, a diary entry, a world clock."""
    d = make_daemon(device="null", extra_env={"TZ": "UTC"})
    _ok(d.ctl("alarm", "add", "07:00", "--label", "work"))
    _ok(d.ctl("timer", "1h", "--label", "bread"))
    _ok(d.ctl("play", testdata.loop.id))
    _ok(d.ctl("mix", "save", "night"))
    _ok(d.ctl("habit", "add", "walk", "--minutes", "10"))
    _ok(d.ctl("gratitude", "The walk by the river"))
    _ok(d.ctl("world", "add", "Europe/Berlin"))
    return d


def test_every_list_reply_is_an_object_with_its_named_array(make_daemon, testdata):
    d = _filled(make_daemon, testdata)
    for command, key in PROTOCOL_LISTS.items():
        reply = d.request(command)
        assert reply["ok"], reply
        # Before: `sounds`, `alarm_list`, `timer_list` and `alarm_missed` replied bare arrays.
        assert isinstance(reply["data"], dict) and isinstance(reply["data"][key], list), (command, reply["data"])
    order = [a["alarm"]["label"] for a in d.request("alarm_list")["data"]["alarms"]]
    assert sorted(order) == ["bread", "work"], order
    assert [t["alarm"]["label"] for t in d.request("timer_list")["data"]["timers"]] == ["bread"]
    assert {s["id"] for s in d.request("sounds")["data"]["sounds"]} == {s.id for s in testdata.sounds}
    # A page is the same object: the second of the two alarms from offset 1.
    page = d.request("alarm_list", {"offset": 1, "limit": 1})["data"]
    assert list(page) == ["alarms"] and [a["alarm"]["label"] for a in page["alarms"]] == order[1:], page
    assert d.request("alarm_list", {"offset": 5})["data"] == {"alarms": []}


def test_every_list_command_prints_an_object_with_its_named_array(make_daemon, testdata):
    d = _filled(make_daemon, testdata)
    for args, key in CLI_LISTS:
        local = " ".join(args) in LOCAL
        printed = _ok(H.noisectl("--json", *args, env=d.env()) if local else d.ctl("--json", *args)).json
        # Before: `timer list --json` printed [] where `mix list --json` printed {"mixes": …}.
        assert isinstance(printed, dict) and key in printed and isinstance(printed[key], list), (args, printed)
    assert sorted(a["alarm"]["label"] for a in d.ctl("--json", "alarm", "list").json["alarms"]) == ["bread", "work"]
    assert [t["alarm"]["label"] for t in d.ctl("--json", "timer", "list").json["timers"]] == ["bread"]
    # The same data as the daemon's reply, whatever the command does to print it (alarm list prints page by page).
    for args, command in ((["alarm", "list"], "alarm_list"), (["timer", "list"], "timer_list"),
                          (["sounds"], "sounds"), (["alarm", "missed"], "alarm_missed")):
        assert d.ctl("--json", *args).json == d.request(command)["data"], args


def test_snooze_and_dismiss_answer_with_the_alarms_they_answered(make_daemon, testdata):
    d = make_daemon(device="null", extra_env={"TZ": "UTC"})
    tid = _ok(d.ctl("--json", "timer", "1s", "--label", "tea")).json["alarm"]["id"]
    d.wait_status(lambda s: s["alarms"]["ringing"], 10, "the timer ringing")
    snoozed = _ok(d.ctl("--json", "snooze")).json
    assert [a["alarm"]["id"] for a in snoozed["alarms"]] == [tid] and snoozed["alarms"][0]["snoozed_until"], snoozed
    dismissed = _ok(d.ctl("--json", "dismiss")).json
    assert [a["alarm"]["id"] for a in dismissed["alarms"]] == [tid], dismissed


def test_life_json_has_one_shape_with_or_without_birth(make_daemon, testdata):
    d = make_daemon(device="null", extra_env={"TZ": "UTC"})
    _ok(d.ctl("life", "set", "--birth", "1990-01-01", "--years", "80"))
    stored = _ok(d.ctl("--json", "life")).json
    given = _ok(d.ctl("--json", "life", "--birth", "1990-01-01", "--years", "80")).json
    # Before: with --birth the figures alone, flat; without, life_show's answer with the figures nested.
    assert set(given) == set(stored) == {"birth", "years", "today", "figures", "bonus_minutes", "last_entry"}
    assert given["figures"] == stored["figures"] and given["birth"] == "1990-01-01", (given, stored)
    assert given["bonus_minutes"] is None and given["last_entry"] is None, "nothing was asked of the daemon"


# Every noisectl command (as `noisectl --experimental-dump-help` lists them) and the arguments it is run with
# below; `{…}` are filled in by the test. A new command must be put here or in VIEWS.
RUNS = {
    "status": [], "sounds list": [], "sounds import": ["{sound_file}", "--id", "mine"],
    "sounds rename": ["mine", "--name", "Mine"], "sounds remove": ["mine"],
    "play": ["{loop}"], "pause": [], "resume": [], "volume": ["50"], "mix save": ["night"], "mix list": [],
    "bedtime": ["@night", "--for", "45m", "--wake", "07:00"], "sleep": ["+15m"],  # extends bedtime's timer
    "mix remove": ["night"], "toggle": [], "stop": [],
    "alarm add": ["07:00"], "alarm list": [], "alarm next": [], "alarm show": ["{alarm}"],
    "alarm edit": ["{alarm}", "--label", "work", "--repeat", "daily"], "alarm enable": ["{alarm}"],
    "alarm skip": ["{alarm}"], "alarm pause": ["{repeating}", "--until", "2099-01-01"], "alarm disable": ["{alarm}"],
    "alarm duplicate": ["{alarm}"], "alarm remove": ["{alarm}"], "alarm missed": [], "alarm when": ["07:00"],
    "alarm import": ["{ios_alarms}", "--dry-run"], "alarm export": [],
    "timer start": ["1h"], "timer list": [], "timer cancel": [],
    "snooze": [], "dismiss": [], "alarm test": ["{alarm}"], "preview": ["{alarm_sound}", "--for", "0.1s"],
    "world show": [], "world add": ["Asia/Tokyo"], "world remove": ["Asia/Tokyo"],
    "mars show": ["--lon", "0", "--at", "2025-01-01T00:00:00Z"], "mars when": ["12:00", "--lon", "0"],
    "iss propagate": ["--elements", "{elements}", "--minutes", "0"],
    "iss now": ["--elements", "{elements}", "--at", "29.7604,-95.3698", "--time", "2018-07-05T08:10:00Z"],
    "iss passes": ["--elements", "{elements}", "--at", "29.7604,-95.3698", "--from", "2018-07-05T08:00:00Z"],
    "iss elements import": ["{elements}"], "iss elements list": [],
    "location set": ["51.5074,-0.1278", "--name", "London"], "location show": [],
    "life set": ["--birth", "1990-01-01"], "life show": [], "life grid": ["--svg", "{poster}"],
    "habit add": ["walk", "--minutes", "10"], "habit plus": ["walk"], "habit minus": ["walk"], "habit undo": [],
    "habit list": [], "habit today": [], "habit stats": [], "habit remove": ["walk"],
    "gratitude write": ["A good day"], "gratitude show": [], "gratitude list": [], "gratitude search": ["good"],
    "gratitude export": [], "gratitude import": ["{diary}"], "gratitude remind": [],
    "store check": [], "store recover": [], "web devices": [], "web revoke": ["--all"],
}
# Commands that take --json but need more than a daemon to run: each is run with it in its own test.
ELSEWHERE = {"web pair": "test_web_lan.py (noiseweb's LAN mode)",
             "web open": "test_web_defences.py (it checks that noiseweb is running)"}
# Full-screen views, which print pictures, not data (their data: status, alarm next, iss now, iss passes); watch,
# which streams the daemon's events, a JSON line each with --json (test_playback.py); help.
VIEWS = {"clock", "stopwatch", "iss map", "iss compass", "watch", "help"}
LOCAL = {"iss elements import", "iss elements list", "location set", "location show", "web devices", "web revoke"}


def _leaves():
    """Each command of noisectl's tree, as words, with whether it takes --json."""
    r = H.noisectl("--experimental-dump-help")
    assert r.returncode == 0, str(r)
    found = {}

    def walk(command, path):
        if not command.get("subcommands"):
            longs = {n["name"] for a in command.get("arguments", []) for n in a.get("names", []) if n["kind"] == "long"}
            found[" ".join(path)] = "json" in longs
        for sub in command.get("subcommands", []):
            walk(sub, path + [sub["commandName"]])
    walk(json.loads(r.stdout)["command"], [])
    return found


def test_every_command_that_prints_data_takes_json_and_prints_one_object(make_daemon, testdata, tmp_path):
    leaves = _leaves()
    assert set(leaves) == set(RUNS) | VIEWS | set(ELSEWHERE), "put each new command in RUNS, VIEWS or ELSEWHERE"
    # Before: iss elements list, iss elements import and location set refused --json.
    assert [name for name in [*RUNS, *ELSEWHERE] if not leaves[name]] == []
    d = make_daemon(extra_env={"TZ": "UTC"}, device="null")
    elements = tmp_path / "iss.tle"
    elements.write_text("\n".join(ISS_2018) + "\n")
    diary = tmp_path / "diary.json"
    diary.write_text(json.dumps({"entries": [{"date": "2024-01-02", "text": "Snow", "saved_at": 1704200000}]}))
    fill = {"{sound_file}": str(testdata.loop2.mp3), "{loop}": testdata.loop.id, "{alarm_sound}": testdata.alarm.id,
            "{ios_alarms}": str(H.REPO / "Tests" / "fixtures" / "ios-alarms.json"), "{elements}": str(elements),
            "{poster}": str(tmp_path / "life.svg"), "{diary}": str(diary)}
    for name, args in RUNS.items():
        if name == "snooze":
            _ok(d.ctl("timer", "1s"))
            d.wait_status(lambda s: s["alarms"]["ringing"], 10, "a timer ringing")
        if "{alarm}" in args:
            fill["{alarm}"] = str(d.request("alarm_list")["data"]["alarms"][0]["alarm"]["id"])
        if "{repeating}" in args:  # a pause is refused on a once alarm, as bedtime's wake alarm is
            fill["{repeating}"] = str(next(a["alarm"]["id"] for a in d.request("alarm_list")["data"]["alarms"]
                                           if a["alarm"]["repeat"] != "once"))
        line = [fill.get(a, a) for a in args]
        # The commands that never talk to the daemon take no --socket.
        r = H.noisectl("--json", *name.split(), *line, env=d.env()) if name in LOCAL else d.ctl("--json", *name.split(), *line)
        assert r.returncode == 0, f"noisectl --json {name} {' '.join(line)}: {r}"
        printed = json.loads(r.stdout)
        assert isinstance(printed, dict) and "error" not in printed, (name, printed)


def test_the_full_screen_views_refuse_json_and_say_where_their_data_is(bins):
    for view in (["clock"], ["stopwatch"], ["iss", "map"], ["iss", "compass"]):
        r = H.noisectl("--json", *view)
        # Before: "Unknown option '--json'. Did you mean '--zone'?" and the usage, for the clock.
        assert r.returncode == 2 and "this is a full-screen view; it draws, and prints no JSON" in r.stderr, str(r)
        assert "noisectl --json status" in r.stderr and "--zone" not in r.stderr and r.stdout == "", str(r)
