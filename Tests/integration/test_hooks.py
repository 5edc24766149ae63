"""noisehome's hooks (issue 54, item 3; docs/home.md): the real noised, the real noisehome (a client of its socket,
the one program by a fourth name) and real child processes. Each event runs its program with the event's line on
its standard input and the documented variables; a hook that hangs is killed at its limit, with what it started,
while the next events still run theirs; a burst runs no more than max_running at once and loses none."""
import json
import os
import threading

import pytest

import harness as H

UTC = {"TZ": "UTC"}


@pytest.fixture
def homes():
    made: list[H.Home] = []
    yield made
    for home in made:
        home.stop()


def _script(path, body):
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)
    return path


def test_each_event_runs_its_hook_with_its_line_and_a_hang_is_killed_at_its_limit(make_daemon, testdata, homes):
    d = make_daemon(device="null", extra_env=UTC, start=False)
    out = d.root / "calls"
    out.mkdir()
    record = _script(d.root / "record.sh", f"""
f="{out}/$(date +%s%N)-$$"
env | grep '^NOISECLOCK_' | sort > "$f.env"
cat > "$f.json"
""")
    hang = _script(d.root / "hang.sh", f'echo $$ > "{out}/hang.pid"; sleep 1000 & echo $! > "{out}/child.pid"; wait\n')
    H.write_config(d, f'[hooks]\ntimer_done = ["{record}"]\nalarm_dismissed = ["{hang}"]\ntimeout = "1s"\n')
    d.start()
    homes.append(home := H.Home(d))
    assert "; hooks for alarm_dismissed, timer_done" in home.log(), home.log()

    assert d.ctl("timer", "1s", "--label", "Tea").returncode == 0
    H.wait_until(lambda: list(out.glob("*.json")), 10, 0.05, "the timer_done hook")
    [line] = [p for p in out.glob("*.json")]
    H.wait_until(lambda: line.read_text().endswith("\n"), 5, 0.05, "its input read whole")
    event = json.loads(line.read_text())
    assert event["event"] == "alarm_ringing" and event["data"]["alarm"]["label"] == "Tea", event
    env = dict(row.split("=", 1) for row in line.with_suffix(".env").read_text().splitlines())
    env.pop("NOISECLOCK_BIN", None)  # the test runner's own, inherited as any variable is
    assert env == {
        "NOISECLOCK_EVENT": "timer_done", "NOISECLOCK_ALARM_ID": str(event["data"]["alarm"]["id"]),
        "NOISECLOCK_ALARM_LABEL": "Tea", "NOISECLOCK_RING_AT": event["data"]["ringing_since"]["local"]}, env

    # The dismiss's hook hangs: killed at 1 s with the child it started; a timer after it still runs its hook.
    assert d.ctl("dismiss").returncode == 0
    H.wait_until(lambda: (out / "child.pid").exists(), 10, 0.05, "the hanging hook")
    child = int((out / "child.pid").read_text())
    assert d.ctl("timer", "1s", "--label", "Next").returncode == 0
    H.wait_until(lambda: len(list(out.glob("*.json"))) == 2, 10, 0.05, "the next event's hook, not held back")
    H.wait_until(lambda: "killed after 1 s, its time limit" in home.log(), 10, 0.05, "the limit")
    H.wait_until(lambda: not os.path.exists(f"/proc/{child}") or
                 open(f"/proc/{child}/stat").read().split()[2] == "Z", 5, 0.05, "the hook's child killed too")
    assert "hook alarm_dismissed" in home.log() and "(1 of 3 failed)" in home.log(), home.log()


def test_a_burst_runs_at_most_max_running_at_once_and_loses_none(make_daemon, testdata, homes):
    d = make_daemon(device="null", extra_env=UTC, start=False)
    out = d.root / "runs"
    out.mkdir()
    # Each run notes its start and end (nanoseconds), sleeping a little so runs overlap if they may.
    hook = _script(d.root / "note.sh", f"""
start=$(date +%s%N); sleep 0.01; echo "$start $(date +%s%N)" > "{out}/$$-$start"
""")
    H.write_config(d, f'[hooks]\nplayback = ["{hook}"]\nmax_running = 3\n')
    d.start()
    homes.append(H.Home(d))
    assert d.ctl("play", "testloop", "--volume", "40", "--fade-in", "0").returncode == 0
    H.wait_until(lambda: len(list(out.iterdir())) >= 1, 10, 0.05, "the first run")
    before = len(list(out.iterdir()))

    # 1,000 volume changes on one connection, then a last one to 77 that marks the end: a subscriber of our own
    # counts the playback events the daemon sent up to it (it may send fewer than one per change).
    with H.RawClient(d.socket, timeout=30) as events, H.RawClient(d.socket, timeout=30) as client:
        assert events.request("subscribe").get("ok")
        counted = {"seen": 0}

        def count():
            while True:
                message = events.recv(timeout=60)
                if message.get("event") == "playback":
                    counted["seen"] += 1
                    if [s["volume"] for s in message["data"]["playing"]] == [77]:
                        return

        counter = threading.Thread(target=count)
        counter.start()
        for i in range(1001):
            volume = 77 if i == 1000 else 41 + i % 2
            assert client.request("volume", {"sound": "testloop", "volume": volume}).get("ok")
        counter.join(timeout=60)
        assert not counter.is_alive(), "the last change's event"
        seen = counted["seen"]
    assert seen > 100, seen
    H.wait_until(lambda: len(list(out.iterdir())) >= before + seen, 120, 0.1, "every event's hook")
    spans = sorted(tuple(map(int, p.read_text().split())) for p in out.iterdir())
    # At any start, how many runs had begun and not ended: never more than max_running.
    most = max(sum(1 for s, e in spans if s <= start < e) for start, _ in spans)
    assert most <= 3, most
    assert len(spans) == before + seen, "no event lost, none run twice"
    print(f"1000 volume changes, {seen} playback events: {len(spans) - before} hook runs, at most {most} at once")
