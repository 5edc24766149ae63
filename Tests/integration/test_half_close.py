"""Half-closed clients: a client that sends its requests and then closes its side (`shutdown(SHUT_WR)`, as
`echo … | socat - UNIX-CONNECT:…` does) gets every reply before the daemon closes the connection."""

import json
import socket

import pytest

import harness as H

UTC = {"TZ": "UTC"}


def _half_closed(d, lines: list[bytes]) -> list[dict]:
    """Sends `lines`, closes the sending side, and reads until the daemon closes: every line received."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(20)
        s.connect(str(d.socket))
        s.sendall(b"".join(lines))
        s.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return [json.loads(line) for line in data.splitlines()]


COMMANDS = [
    ("ping", {}), ("status", {}), ("sounds", {}), ("alarm_list", {}), ("alarm_next", {}),
    ("play", {"sounds": ["testloop"]}), ("volume", {"volume": 40}), ("stop", {}),
    ("alarm_add", {"time": "07:00"}), ("snooze", {}), ("store_check", {}),
]


@pytest.mark.parametrize("cmd,args", COMMANDS, ids=[c for c, _ in COMMANDS])
def test_every_command_is_answered_after_a_half_close(make_daemon, testdata, cmd, args):
    d = make_daemon(device="null", extra_env=UTC)
    for _ in range(5):
        replies = _half_closed(d, [json.dumps({"id": 7, "cmd": cmd, "args": args}).encode() + b"\n"])
        assert [r.get("event") for r in replies[:1]] == ["hello"], replies
        assert len(replies) == 2 and replies[1]["id"] == 7 and "ok" in replies[1], replies


def test_pipelined_changes_then_a_half_close_are_all_answered_and_kept(make_daemon, testdata):
    d = make_daemon(device="null", extra_env=UTC)
    lines = [json.dumps({"id": n, "cmd": "alarm_add", "args": {"time": f"{n % 24:02d}:{n % 60:02d}"}}).encode() + b"\n"
             for n in range(50)]
    replies = _half_closed(d, lines)[1:]
    assert [r["id"] for r in replies] == list(range(50)) and all(r["ok"] for r in replies), replies[:3]
    assert len(d.ctl("--json", "alarm", "list").json["alarms"]) == 50


def test_a_last_line_without_its_newline_is_answered(make_daemon, testdata):
    d = make_daemon(device="null")
    replies = _half_closed(d, [b'{"id":1,"cmd":"ping"}\n{"id":2,"cmd":"status"}'])
    assert [r.get("id") for r in replies[1:]] == [1, 2] and all(r["ok"] for r in replies[1:]), replies
