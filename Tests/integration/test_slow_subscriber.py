"""A subscriber that never reads its events (docs/protocol.md: "Each subscriber has a queue of 256 events. A
subscriber that stops reading until its queue is full is disconnected (the daemon logs why), so it can neither
grow the daemon's memory nor delay anyone else").

test_socket.py covers clients that never read their *replies* and misbehaving request senders; this covers the
events: tens of thousands of them (volume changes, each a ``playback`` event) for a subscriber that never reads.
Checked: the daemon's RSS grows by less than 2 MiB while the events published would fill four times that;
the subscriber is disconnected and the log says why; another client's ``status`` is answered in turn meanwhile
(at least ten times, none taking more than a quarter of the flood)."""

import json
import socket
import threading
import time

import harness as H

EVENTS = 40_000
CONNECTIONS = 4
BATCH = 100
GROWTH_LIMIT_KIB = 2 * 1024
DISCONNECT_LOG = "disconnecting a subscriber that does not read its events (256 queued)"



def _volume_changes(d, count, first_id, sizes):
    """``count`` volume changes of the playing loop, pipelined in batches on one connection; every reply checked.
    The size of each reply line (the playback object, as big as the event it publishes) is added to ``sizes``."""
    with H.RawClient(d.socket, timeout=30) as c:
        for start in range(0, count, BATCH):
            ids = list(range(first_id + start, first_id + min(count, start + BATCH)))
            c.send_raw(b"".join(json.dumps({"id": i, "cmd": "volume",
                                            "args": {"sound": "testloop", "volume": 30 + i % 70}}).encode() + b"\n"
                                for i in ids))
            for i in ids:
                line = c.recv_line(timeout=30)
                r = json.loads(line)
                assert r["id"] == i and r["ok"], r
                assert r["data"]["playing"][0]["volume"] == 30 + i % 70, r
                sizes.append(len(line))


def test_a_subscriber_that_never_reads_is_cut_off_and_costs_no_memory(make_daemon, testdata):
    d = make_daemon(device="null")
    r = d.request("play", {"sounds": ["testloop", "testloop2"], "volume": 100})
    assert r["ok"], r
    # Warm up the same path (requests, events encoded for a reading subscriber) so the baseline holds the
    # allocator's working set.
    with H.RawClient(d.socket, timeout=10) as reader:
        assert reader.request("subscribe")["ok"]
        _volume_changes(d, 2000, 1, [])
    rss0 = H.rss_kib(d.proc.pid)

    # Never reads: a tiny receive buffer, and nothing read after the subscribe request is sent.
    slow = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    slow.connect(str(d.socket))
    slow.sendall(b'{"id":1,"cmd":"subscribe","args":{}}\n')

    latencies = []
    stop = threading.Event()

    def watcher():
        with H.RawClient(d.socket, timeout=10) as c:
            while not stop.is_set():
                t0 = time.monotonic()
                r = c.request("status")
                latencies.append(time.monotonic() - t0)
                assert r["ok"] and [p["id"] for p in r["data"]["playing"]] == ["testloop", "testloop2"], r
                stop.wait(0.02)

    w = threading.Thread(target=watcher, daemon=True)
    w.start()
    sizes = []
    per = EVENTS // CONNECTIONS
    floods = [threading.Thread(target=_volume_changes, args=(d, per, 100_000 * (k + 1), sizes), daemon=True)
              for k in range(CONNECTIONS)]
    t0 = time.monotonic()
    for t in floods:
        t.start()
    for t in floods:
        t.join(120)
        assert not t.is_alive(), "volume changes hang"
    elapsed = time.monotonic() - t0
    stop.set()
    w.join(10)
    rss1 = H.rss_kib(d.proc.pid)

    published = sum(sizes)
    print(f"{len(sizes)} playback events ({published / 2**20:.1f} MiB of JSON) in {elapsed:.1f} s; "
          f"RSS {rss0} -> {rss1} KiB ({rss1 - rss0:+d}); status while flooding: {len(latencies)} calls, "
          f"max {max(latencies) * 1000:.0f} ms")
    assert len(sizes) == per * CONNECTIONS
    # The test means something only if keeping the events would show: they are four times the limit or more.
    assert published > 4 * GROWTH_LIMIT_KIB * 1024, published
    assert rss1 - rss0 < GROWTH_LIMIT_KIB, f"RSS grew {rss1 - rss0} KiB with a subscriber that never reads"
    H.wait_until(lambda: DISCONNECT_LOG in d.log(), 5, desc="the log to say why the subscriber was cut off")
    # Its connection is closed: what the kernel held for it, then EOF.
    slow.settimeout(10)
    got = 0
    while True:
        chunk = slow.recv(65536)
        if not chunk:
            break
        got += len(chunk)
    slow.close()
    assert got < published / 4, f"the slow subscriber was sent {got} bytes: it was not cut off early"
    # Served in turn with the flood, not after it: many answers while it lasted, none waiting a large part of it.
    # Relative to the flood's own length, so the check does not depend on how fast the machine is.
    assert len(latencies) >= 10, f"only {len(latencies)} status replies during a {elapsed:.1f} s flood"
    assert max(latencies) < elapsed / 4, f"status took up to {max(latencies):.2f}s of a {elapsed:.1f} s flood"
    with H.RawClient(d.socket) as c:
        assert c.request("ping")["ok"]
