"""The raw socket protocol with bad input, slow and hostile clients; socket
file safety."""

import errno
import json
import os
import socket
import stat
import struct
import subprocess
import threading
import time

import pytest

import harness as H


def _err(reply, code):
    assert reply.get("ok") is False, reply
    assert reply["error"]["code"] == code, reply
    assert isinstance(reply["error"]["message"], str) and reply["error"]["message"], reply
    return reply["error"]["message"]


def _still_fine(d):
    assert d.running, f"noised died:\n{d.log()[-3000:]}"
    with H.RawClient(d.socket, timeout=3) as c:
        assert c.request("ping")["ok"] is True


# ------------------------------------------------------------------ bad input


def test_malformed_json(make_daemon, testdata):
    d = make_daemon(device="null")
    with H.RawClient(d.socket) as c:
        c.send_raw(b'{"id":1,"cmd":\n')
        r = c.recv_reply()
        _err(r, "parse_error")
        assert r["id"] is None, r
        c.send_raw(b"this is not json\n")
        r = c.recv_reply()
        _err(r, "parse_error")
        assert r["id"] is None, r
        # the same connection still works
        assert c.request("ping")["ok"] is True
    _still_fine(d)


@pytest.mark.parametrize("line,code,rid", [
    (b"[1,2,3]", "invalid_request", None),
    (b'"status"', "invalid_request", None),
    (b"42", "invalid_request", None),
    (b"null", "invalid_request", None),
    (b'{"id":1.5,"cmd":"status","args":{}}', "invalid_request", None),  # id neither integer nor string
    (b'{"id":3,"args":{}}', "invalid_request", 3),                  # no cmd
    (b'{"id":4,"cmd":5,"args":{}}', "invalid_request", 4),          # cmd not a string
    (b'{"id":6,"cmd":"dance","args":{}}', "unknown_command", 6),
], ids=["array", "string", "number", "null", "fractional-id", "no-cmd", "cmd-not-string", "unknown-cmd"])
def test_invalid_requests(make_daemon, testdata, line, code, rid):
    d = make_daemon(device="null")
    with H.RawClient(d.socket) as c:
        c.send_raw(line + b"\n")
        r = c.recv_reply()
        _err(r, code)
        if rid is not None:
            assert r["id"] == rid, r
        # the same connection still works
        assert c.request("ping")["ok"] is True
    _still_fine(d)


def test_request_without_id_is_answered_with_null_id(make_daemon):
    # docs/protocol.md: `id` is optional, as in mpv's IPC; the reply then carries "id": null.
    d = make_daemon(device="null")
    with H.RawClient(d.socket) as c:
        c.send_raw(b'{"cmd":"status"}\n')
        r = c.recv_reply()
        assert r["ok"] is True and r["id"] is None, r
        assert r["data"]["protocol"] == 1, r


@pytest.mark.parametrize("cmd,args,argname", [
    ("volume", {"volume": "loud"}, "volume"),
    ("volume", {"volume": -1}, "volume"),
    ("volume", {"volume": 101}, "volume"),
    ("volume", {"volume": 1e308}, "volume"),
    ("volume", {"volume": None}, "volume"),
    ("volume", {}, "volume"),
    ("volume", {"volume": 50, "sound": 7}, "sound"),
    ("play", {"sounds": "testloop"}, "sounds"),
    ("play", {"sounds": []}, "sounds"),
    ("play", {"sounds": [1, 2]}, "sounds"),
    ("play", {}, "sounds"),
    ("play", {"sounds": ["testloop"], "volume": 150}, "volume"),
    ("play", {"sounds": ["testloop"], "volume": -0.5}, "volume"),
    ("play", {"sounds": ["testloop"], "volume": True}, "volume"),
    ("play", {"sounds": ["testloop"], "fade_in": -1}, "fade_in"),
    ("play", {"sounds": ["testloop"], "fade_in": "2s"}, "fade_in"),
    ("play", {"sounds": ["testloop"], "for": -5}, "for"),
    ("play", {"sounds": ["testloop"], "for": "10"}, "for"),
    ("play", {"sounds": ["testloop"], "fade_out": -1}, "fade_out"),
    ("stop", {"sounds": "testloop"}, "sounds"),
    ("stop", {"fade": -2}, "fade"),
    ("sounds", {"category": 3}, "category"),
    ("import", {"path": 5, "id": "x", "name": "X"}, "path"),
])
def test_invalid_arguments(make_daemon, testdata, cmd, args, argname):
    d = make_daemon(device="null")
    with H.RawClient(d.socket) as c:
        r = c.request(cmd, args)
        msg = _err(r, "invalid_argument")
        assert argname in msg, f"message should name {argname!r}: {msg!r}"
        assert c.request("status")["ok"]
    assert d.status()["playing"] == [], "a rejected request started playback"


def test_non_finite_numbers(make_daemon, testdata):
    """NaN/Infinity are not JSON; huge exponents overflow a double."""
    d = make_daemon(device="null")
    with H.RawClient(d.socket) as c:
        for raw in (b'{"id":1,"cmd":"volume","args":{"volume":NaN}}',
                    b'{"id":2,"cmd":"volume","args":{"volume":Infinity}}',
                    b'{"id":3,"cmd":"volume","args":{"volume":-Infinity}}',
                    b'{"id":4,"cmd":"volume","args":{"volume":1e400}}',
                    b'{"id":5,"cmd":"play","args":{"sounds":["testloop"],"volume":1e-400,"for":1e999}}'):
            c.send_raw(raw + b"\n")
            r = c.recv_reply()
            assert r["ok"] is False, (raw, r)
            assert r["error"]["code"] in ("parse_error", "invalid_argument"), (raw, r)
        assert c.request("status")["data"]["master_volume"] == 100
    _still_fine(d)


def test_args_not_an_object(make_daemon, testdata):
    d = make_daemon(device="null")
    with H.RawClient(d.socket) as c:
        for args in (5, "x", [1], True):
            c.send({"id": 1, "cmd": "status", "args": args})
            r = c.recv_reply()
            assert r["ok"] is False and r["error"]["code"] in ("invalid_request", "invalid_argument"), r
        # args may be omitted
        c.send({"id": 2, "cmd": "ping"})
        assert c.recv_reply(2)["ok"] is True


def test_unknown_sound_over_socket(make_daemon, testdata):
    d = make_daemon(device="null")
    with H.RawClient(d.socket) as c:
        msg = _err(c.request("play", {"sounds": ["testloop", "nope"]}), "unknown_sound")
        assert "nope" in msg
        assert c.request("status")["data"]["playing"] == [], "partial play on unknown sound"


def test_line_too_long_closes_connection(make_daemon, testdata):
    d = make_daemon(device="null")
    c = H.RawClient(d.socket)
    # valid JSON made long with whitespace
    line = b'{"id":1,"cmd":"ping","args":{}' + b" " * (70 * 1024) + b"}\n"
    try:
        c.send_raw(line)
    except (BrokenPipeError, ConnectionResetError):
        pass    # the daemon may answer and close before reading it all
    r = c.recv_reply(timeout=5)
    _err(r, "line_too_long")
    assert c.is_closed(timeout=5), "connection not closed after line_too_long"
    c.close()
    # a 60 KiB line (under the 64 KiB limit) is fine
    with H.RawClient(d.socket) as c2:
        c2.send_raw(b'{"id":2,"cmd":"ping","args":{}' + b" " * (60 * 1024) + b"}\n")
        r = c2.recv_reply(2)
        assert r["ok"] is True, r
    _still_fine(d)


def test_split_and_batched_requests(make_daemon, testdata):
    d = make_daemon(device="null")
    with H.RawClient(d.socket) as c:
        data = json.dumps({"id": 9, "cmd": "status", "args": {}}).encode() + b"\n"
        for i in range(len(data)):
            c.send_raw(data[i:i + 1])
            time.sleep(0.002)   # make the pieces separate reads
        r = c.recv_reply(9)
        assert r["ok"] and r["data"]["version"] == "0.1.0", r
        # several requests in one write: replies in order
        c.send_raw(b"".join(json.dumps({"id": i, "cmd": "ping", "args": {}}).encode() + b"\n"
                            for i in range(10, 20)))
        assert [c.recv_reply()["id"] for _ in range(10)] == list(range(10, 20))



def test_status_after_a_change_in_the_same_write_shows_it(make_daemon, testdata):
    """Requests sent in one write are answered in order: the status shows the change just made."""
    d = make_daemon(device="null")
    with H.RawClient(d.socket) as c:
        for round_ in range(5):
            change = ({"cmd": "play", "args": {"sounds": ["testloop"]}} if round_ == 0
                      else {"cmd": "volume", "args": {"volume": 40 + round_}})
            batch = [{"id": f"add{round_}", "cmd": "alarm_add", "args": {"time": "07:00", "label": f"r{round_}"}},
                     {"id": f"status{round_}", "cmd": "status"},
                     {"id": f"ping{round_}", "cmd": "ping"},
                     {"id": f"change{round_}", **change},
                     {"id": f"after{round_}", "cmd": "status"}]
            c.send_raw(b"".join(json.dumps(r).encode() + b"\n" for r in batch))
            replies = [c.recv_reply() for _ in batch]
            assert [r["id"] for r in replies] == [r["id"] for r in batch], replies
            assert all(r["ok"] for r in replies), replies
            assert replies[1]["data"]["alarms"]["count"] == round_ + 1, replies[1]
            after = replies[4]["data"]
            assert [s["id"] for s in after["playing"]] == ["testloop"], after
            assert after["master_volume"] == (100 if round_ == 0 else 40 + round_), after

def test_hostile_clients_do_not_stall_others(make_daemon, sink, recorder, testdata):
    loop = testdata.loop.decoded
    d = make_daemon(device="pulse")
    mark = recorder.frames
    assert d.ctl("play", "testloop", "--fade-in", "0").returncode == 0
    onset = recorder.wait_for_sound(start=mark, timeout=10)
    rss0 = H.rss_kib(d.proc.pid)

    silent = H.RawClient(d.socket, read_hello=False)          # connects, sends nothing
    half = H.RawClient(d.socket)                               # half a line, then stalls
    half.send_raw(b'{"id":1,"cmd":"sta')
    # never reads: small receive buffer, flooded with requests
    flood = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    flood.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    flood.connect(str(d.socket))
    flood.settimeout(0.2)
    stop = threading.Event()
    sent = {"n": 0, "blocked": 0}
    req = b"".join(json.dumps({"id": i, "cmd": "status", "args": {}}).encode() + b"\n"
                   for i in range(50))

    def flooder():
        deadline = time.monotonic() + 4
        while not stop.is_set() and time.monotonic() < deadline:
            try:
                flood.sendall(req)
                sent["n"] += 50
            except socket.timeout:
                sent["blocked"] += 1      # daemon stopped reading us: fine
            except OSError:
                return                    # daemon dropped us: fine

    t = threading.Thread(target=flooder, daemon=True)
    t.start()
    latencies = []
    bad_lines = [b"{oops\n", b"[]\n", b'{"id":1,"cmd":"volume","args":{"volume":"loud"}}\n',
                 b'{"id":2,"cmd":"play","args":{"sounds":"testloop"}}\n',
                 b'{"id":3,"cmd":"stop","args":{"sounds":["nope"]}}\n',
                 b'{"id":4,"cmd":"nope","args":{}}\n']
    try:
        t_end = time.monotonic() + 3
        i = 0
        while time.monotonic() < t_end:
            # a bad request from someone else...
            with H.RawClient(d.socket, timeout=5) as bad:
                bad.send_raw(bad_lines[i % len(bad_lines)])
                assert bad.recv_reply()["ok"] is False
                if i % 3 == 0:      # ...or an over-long line
                    try:
                        bad.send_raw(b"x" * (70 * 1024) + b"\n")
                    except OSError:
                        pass
            i += 1
            # ...does not slow down or change what a good client sees
            t0 = time.monotonic()
            with H.RawClient(d.socket, timeout=5) as c:
                r = c.request("status")
            latencies.append(time.monotonic() - t0)
            assert r["ok"] and [p["id"] for p in r["data"]["playing"]] == ["testloop"], r
            assert r["data"]["master_volume"] == 100
    finally:
        stop.set()
        t.join(5)
    seg = recorder.get(onset + int(0.2 * H.RATE), recorder.frames)
    rss1 = H.rss_kib(d.proc.pid)
    print(f"flood sent {sent['n']} requests (blocked {sent['blocked']}x); {len(latencies)} "
          f"status calls, max latency {max(latencies) * 1000:.0f} ms; rss {rss0}->{rss1} KiB")
    assert max(latencies) < 1.0, f"status took {max(latencies):.2f}s while others stalled"
    assert len(latencies) >= 10
    # audio went on, untouched
    assert H.longest_silent_run(seg) < 8, "dropout while clients misbehaved"
    rep = H.analyze_loop(seg, loop)
    assert all(s == 0 for s in rep.slips), f"loop slipped: {rep.slips}"
    assert rss1 - rss0 < 256 * 1024, f"daemon memory grew {rss1 - rss0} KiB"
    # the half line can still be completed on its connection
    half.send_raw(b'tus","args":{}}\n')
    r = half.recv_reply(1, timeout=5)
    assert r["ok"], r
    for c in (silent, half):
        c.close()
    flood.close()
    _still_fine(d)
    st = d.status()
    assert [(p["id"], p["volume"]) for p in st["playing"]] == [("testloop", 100)], st



def test_many_connections_and_abrupt_disconnects(make_daemon, testdata):
    d = make_daemon(device="null")
    conns = []
    for i in range(50):
        c = H.RawClient(d.socket)
        c.send_raw(b'{"id":1,"cmd":"subscribe","args":{}}\n' if i % 2 else b'{"id":1,"cmd":"st')
        conns.append(c)
    # abrupt close with unread data and pending requests
    for c in conns:
        c.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        c.close()
    assert d.ctl("play", "testloop").returncode == 0   # events go to dead subscribers
    assert d.ctl("stop").returncode == 0
    _still_fine(d)


# ------------------------------------------------------------------ socket files


def test_default_socket_permissions(make_daemon, testdata):
    d = make_daemon(device="null", use_socket_arg=False)
    run = H.Path(d.env_dirs["XDG_RUNTIME_DIR"])
    assert d.socket == run / "noised" / "socket"
    st_dir = os.stat(run / "noised")
    st_sock = os.stat(d.socket)
    assert stat.S_ISSOCK(st_sock.st_mode)
    assert stat.S_IMODE(st_dir.st_mode) == 0o700, oct(st_dir.st_mode)
    assert stat.S_IMODE(st_sock.st_mode) == 0o600, oct(st_sock.st_mode)
    # noisectl finds the default socket by itself (same environment)
    r = H.noisectl("--json", "status", env=d.env())
    assert r.returncode == 0, str(r)


def test_noised_socket_env(make_daemon, testdata, tmpdir_short):
    path = tmpdir_short / "envsock"
    d = make_daemon(device="null", use_socket_arg=False, socket_path=path,
                    extra_env={"NOISED_SOCKET": str(path)})
    assert path.exists()
    assert not (H.Path(d.env_dirs["XDG_RUNTIME_DIR"]) / "noised" / "socket").exists()
    r = H.noisectl("status", socket=path, env=d.env())
    assert r.returncode == 0, str(r)


def test_second_daemon_refused(make_daemon, testdata):
    d1 = make_daemon(device="null")
    d2 = make_daemon(device="null", start=False, socket_path=d1.socket)
    d2.start(wait=False)
    try:
        rc = d2.proc.wait(10)
    except subprocess.TimeoutExpired:
        pytest.fail("second noised on the same socket did not exit")
    assert rc != 0, "second daemon exited 0"
    log = d2.log().lower()
    assert "another" in log or "already running" in log, d2.log()
    _still_fine(d1)
    assert d1.status()["audio"]["device"] == "null"


def test_stale_socket_replaced(make_daemon, testdata, tmpdir_short):
    path = tmpdir_short / "stale.sock"
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(path))
    s.close()           # file stays, nobody listens
    assert path.exists()
    d = make_daemon(device="null", socket_path=path)
    _still_fine(d)
    # also after a crash (SIGKILL leaves the socket file behind)
    d.proc.kill()
    d.proc.wait(5)
    assert path.exists()
    d.start()
    _still_fine(d)


@pytest.mark.parametrize("line,code", [
    (b'{"id":1,"cmd":"play","args":{"sounds":["\xff\xfe\xc0\xaf"]}}', "parse_error"),      # invalid UTF-8
    (b'{"id":1,"cmd":"ping","args":' + b"[" * 30_000 + b"]" * 30_000 + b"}", "parse_error"),  # deep nesting
    (b'{"id":1,"cmd":"volume","args":{"volume":123456789012345678901234567890}}', "invalid_argument"),
    (b'{"id":1,"cmd":"volume","args":{"volume":-0.0001}}', "invalid_argument"),
    (b'{"id":1,"cmd":"volume","args":{"volume":1e308}}', "invalid_argument"),
    (b'{"id":1,"cmd":"alarm_add","args":{"time":"07:00","volume":-5}}', "invalid_argument"),
    (b'{"id":1,"cmd":"alarm_add","args":{"time":"07:00","snooze_minutes":1e400}}', "parse_error"),
], ids=["invalid-utf8", "nested-30000", "huge-integer", "negative-volume", "huge-volume", "negative-alarm-volume",
        "overflowing-snooze"])
def test_hostile_payloads_are_refused_and_change_nothing(make_daemon, testdata, line, code):
    d = make_daemon(device="null")
    before = d.status()
    with H.RawClient(d.socket) as c:
        c.send_raw(line + b"\n")
        r = c.recv_reply(timeout=5)
        _err(r, code)
        assert c.request("ping")["ok"] is True
    after = d.status()
    assert (after["playing"], after["master_volume"], after["alarms"]["count"]) == \
        (before["playing"], before["master_volume"], before["alarms"]["count"])
    _still_fine(d)


def test_a_10_mb_line_is_cut_off_at_the_limit(make_daemon, testdata):
    """The daemon reads no more than its 64 KiB line limit from a sender of 10 MB, answers line_too_long,
    closes that connection, and its memory does not take the 10 MB."""
    d = make_daemon(device="null")
    rss = lambda: int(next(l for l in open(f"/proc/{d.proc.pid}/status") if l.startswith("VmRSS")).split()[1])
    before = rss()
    c = H.RawClient(d.socket)
    try:
        c.send_raw(b'{"id":1,"cmd":"ping","args":{"x":"' + b"a" * (10 * 1024 * 1024) + b'"}}\n')
    except (BrokenPipeError, ConnectionResetError):
        pass    # closed by the daemon before all of it was sent: what should happen
    r = c.recv_reply(timeout=10)
    _err(r, "line_too_long")
    assert c.is_closed(timeout=5)
    c.close()
    assert rss() - before < 4 * 1024, f"RSS grew from {before} to {rss()} KiB with a 10 MB line"
    _still_fine(d)
