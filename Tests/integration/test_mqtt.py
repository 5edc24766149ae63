"""noisehome's MQTT bridge (issue 54, items 1 and 2; docs/home.md): the real noised, the real noisehome, Debian's
mosquitto on loopback with a password file (and once with TLS), and paho-mqtt standing in for Home Assistant.
Discovery appears retained with what each component needs; the next alarm follows `noisectl alarm add`; a dismiss
sent over MQTT dismisses; a command the schema keeps from brokers is refused; the broker and noised restarted are
each followed by a reconnect and a new announcement; a bad password and a bad certificate each say so once."""
import getpass
import json
import os
import socket
import subprocess
import threading
import time

import paho.mqtt.client as mqtt
import pytest

import harness as H

UTC = {"TZ": "UTC"}
USER, PASSWORD = "clock", "s3cret-pass"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Broker:
    """A real mosquitto on 127.0.0.1: users from a password file, no anonymous clients, nothing kept on disk."""

    def __init__(self, root, tls=None):
        self.root, self.tls = root, tls
        self.port = _free_port()
        self.passwd = root / "mosquitto.passwd"
        subprocess.run(["mosquitto_passwd", "-b", "-c", str(self.passwd), USER, PASSWORD], check=True,
                       capture_output=True)
        os.chmod(self.passwd, 0o600)
        # As whoever runs the tests: started as root, mosquitto would otherwise become the user `mosquitto`, who cannot
        # read the test's folder.
        lines = [f"user {getpass.getuser()}", f"listener {self.port} 127.0.0.1", "allow_anonymous false",
                 f"password_file {self.passwd}",
                 "persistence false", "log_dest stderr", "log_type all"]
        if tls:
            lines += [f"cafile {tls['ca']}", f"certfile {tls['cert']}", f"keyfile {tls['key']}"]
        self.conf = root / "mosquitto.conf"
        self.conf.write_text("\n".join(lines) + "\n")
        self.proc = None
        self.start()

    def start(self):
        self.log = open(self.root / f"mosquitto.{time.monotonic_ns()}.log", "wb")
        self.proc = H._register(subprocess.Popen(["mosquitto", "-c", str(self.conf)], stdout=self.log,
                                                 stderr=self.log, stdin=subprocess.DEVNULL))

        def listening():
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", self.port)) == 0
        H.wait_until(listening, 10, 0.05, "mosquitto to listen")

    def stop(self):
        H.stop_process(self.proc)


class Watcher:
    """Home Assistant's side: a paho client subscribed to the discovery prefix and noisehome's topics, keeping the
    last message of each topic (and whether it came retained) and every message in order."""

    def __init__(self, broker: Broker):
        self.lock = threading.Condition()
        self.last: dict[str, tuple[bytes, bool]] = {}
        self.seen: list[tuple[float, str, bytes]] = []
        # An id of its own: a second client with the same id would push the first off the broker.
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"ha-stand-in-{id(self)}")
        self.client.username_pw_set(USER, PASSWORD)
        if broker.tls:
            self.client.tls_set(ca_certs=str(broker.tls["ca"]))
        self.client.on_message = self._message
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe([("homeassistant/#", 1), ("noiseclock/#", 1)])
        subscribed = threading.Event()
        self.client.on_subscribe = lambda c, u, mid, codes, p: subscribed.set()
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        assert subscribed.wait(10), "the stand-in for Home Assistant could not subscribe"

    def _message(self, client, userdata, message):
        with self.lock:
            self.last[message.topic] = (bytes(message.payload), bool(message.retain))
            self.seen.append((time.monotonic(), message.topic, bytes(message.payload)))
            self.lock.notify_all()

    def wait(self, predicate, timeout=10.0, what="a message"):
        end = time.monotonic() + timeout
        with self.lock:
            while not predicate():
                left = end - time.monotonic()
                if left <= 0:
                    raise H.Timeout(f"timed out waiting for {what}; last: {sorted(self.last)}")
                self.lock.wait(left)

    def json(self, topic):
        payload = self.last.get(topic, (b"", False))[0]
        return json.loads(payload) if payload else None

    def publish(self, topic, payload):
        self.client.publish(topic, payload, qos=1).wait_for_publish(5)

    def close(self):
        self.client.loop_stop()
        self.client.disconnect()


@pytest.fixture
def cleanup():
    done = []
    yield done
    for thing in reversed(done):
        thing()


def _mqtt_config(d, broker, extra=""):
    secret = d.root / "mqtt-password"
    secret.write_text(PASSWORD + "\n")
    secret.chmod(0o600)
    scheme = "mqtts" if broker.tls else "mqtt"
    host = "localhost" if broker.tls else "127.0.0.1"
    H.write_config(d, f'[mqtt]\nbroker = "{scheme}://{host}:{broker.port}"\nusername = "{USER}"\n'
                      f'password_file = "{secret}"\nclient_id = "test-clock"\n{extra}')


def _bridge(make_daemon, tmp_path, cleanup, extra=""):
    """A broker, noised with [mqtt] for it (and `extra`), and a noisehome connected to the broker."""
    broker = Broker(tmp_path)
    cleanup.append(broker.stop)
    d = make_daemon(device="null", extra_env=UTC, start=False)
    _mqtt_config(d, broker, extra)
    d.start()
    home = H.Home(d, ready="connected to the MQTT broker")
    cleanup.append(home.stop)
    H.wait_until(lambda: "connected to noised at" in home.log(), 10, 0.05, "noisehome to reach noised")
    assert ("hooks for" in home.log()) == ("[hooks]" in extra), home.log()
    return broker, d, home


def test_discovery_state_and_commands_against_a_real_broker(make_daemon, testdata, tmp_path, cleanup):
    broker, d, home = _bridge(make_daemon, tmp_path, cleanup)
    ha = Watcher(broker)
    cleanup.append(ha.close)

    base = "homeassistant/{}/test_clock/{}/config"
    wanted = {("sensor", "next_alarm"), ("sensor", "alarm_state"), ("binary_sensor", "dawn"), ("sensor", "playing"),
              ("number", "volume"), ("sensor", "sleep_timer"), ("button", "snooze"), ("button", "dismiss"),
              ("button", "stop"), ("button", "skip_next")}
    states = [f"noiseclock/{t}" for t in ("availability", "next_alarm", "alarm", "dawn", "playback")]
    ha.wait(lambda: all(base.format(*w) in ha.last for w in wanted) and all(t in ha.last for t in states) and
            ha.last["noiseclock/availability"][0] == b"online", what="the announcement")
    # Retained: a client that subscribes afterwards (as Home Assistant does when it starts) gets them all, marked so.
    late = Watcher(broker)
    cleanup.append(late.close)
    late.wait(lambda: all(base.format(*w) in late.last for w in wanted) and all(t in late.last for t in states),
              what="the retained announcement")
    for component, obj in wanted:
        payload, retained = late.last[base.format(component, obj)]
        assert retained, (component, obj)
        config = json.loads(payload)
        assert config["availability_topic"] == "noiseclock/availability"
        assert config["device"]["identifiers"] == ["noiseclock_test_clock"]
        assert config["unique_id"] == f"noiseclock_test_clock_{obj}"
        assert ("command_topic" if component in ("button", "number") else "state_topic") in config, config
    assert late.last["noiseclock/availability"] == (b"online", True), "availability is retained"
    assert all(late.last[t][1] for t in states), "the state is retained"
    assert ha.json("noiseclock/next_alarm") == {"alarm": None}
    assert ha.json("noiseclock/alarm")["state"] == "idle"

    # Home Assistant restarted: it says `online` on its status topic, and everything is announced again.
    before = len(ha.seen)
    ha.publish("homeassistant/status", "online")
    ha.wait(lambda: {t for _, t, _ in ha.seen[before:]} >= {base.format(*w) for w in wanted} | set(states),
            what="the announcement again")

    # The next alarm follows `alarm add` (the time from noisectl's exit to the message, printed).
    r = d.ctl("alarm", "add", "07:00", "--repeat", "daily", "--label", "Work")
    done = time.monotonic()
    assert r.returncode == 0, r.stderr
    ha.wait(lambda: (ha.json("noiseclock/next_alarm") or {}).get("alarm"), what="the next alarm")
    arrived = next(t for t, topic, p in reversed(ha.seen) if topic == "noiseclock/next_alarm")
    print(f"next_alarm on the broker {(arrived - done) * 1000:+.1f} ms from noisectl alarm add's exit (− before it)")
    assert ha.json("noiseclock/next_alarm")["alarm"]["alarm"]["label"] == "Work"

    # "Skip next alarm" pressed as Home Assistant presses it: its config's payload on its config's command topic.
    skip = json.loads(ha.last[base.format("button", "skip_next")][0])
    ha.publish(skip["command_topic"], skip["payload_press"])
    ha.wait(lambda: ha.json("noiseclock/result") == {"cmd": "alarm_skip", "ok": True}, what="the skip's result")
    work = ha.json("noiseclock/next_alarm")["alarm"]["alarm"]["id"]
    shown = H.ctl_json(d, "alarm", "show", str(work))
    assert shown["skips"] is not None and shown["next_trigger"]["unix"] - shown["skips"]["unix"] == 86400, shown

    # A timer rings; a dismiss over MQTT dismisses it, and says so on the result topic.
    assert d.ctl("timer", "1s", "--label", "Tea").returncode == 0
    ha.wait(lambda: (ha.json("noiseclock/alarm") or {}).get("state") == "ringing", what="the ringing state")
    ha.publish("noiseclock/command/dismiss", "{}")
    ha.wait(lambda: (ha.json("noiseclock/alarm") or {}).get("state") == "idle", what="dismissed")
    ha.wait(lambda: ha.json("noiseclock/result") == {"cmd": "dismiss", "ok": True}, what="the dismiss's result")
    assert not H.ctl_json(d, "status")["alarms"]["ringing"]

    # The volume number's command template, and a command the schema keeps from brokers.
    ha.publish("noiseclock/command/volume", json.dumps({"volume": 35}))
    ha.wait(lambda: (ha.json("noiseclock/playback") or {}).get("master_volume") == 35, what="the volume")
    ha.publish("noiseclock/command/import", json.dumps({"path": "/etc/passwd"}))
    ha.wait(lambda: (ha.json("noiseclock/result") or {}).get("cmd") == "import",
            what=f"the refusal (noisehome's log: {home.log()[-1500:]})")
    assert ha.json("noiseclock/result")["error"]["code"] == "not_allowed_here"
    assert H.ctl_json(d, "sounds")["sounds"] and "passwd" not in json.dumps(H.ctl_json(d, "sounds"))

    # A mix saved appears as the mix picker; picking it plays it.
    assert d.ctl("play", "testloop", "--fade-in", "0").returncode == 0
    assert d.ctl("mix", "save", "night").returncode == 0
    ha.wait(lambda: base.format("select", "mix") in ha.last and ha.last[base.format("select", "mix")][0],
            what="the mix picker")
    assert json.loads(ha.last[base.format("select", "mix")][0])["options"] == ["night"]
    assert PASSWORD not in home.log(), "the password is never logged"

    # noisehome stopped: offline, at once (not only by the will).
    home.stop()
    ha.wait(lambda: ha.last["noiseclock/availability"][0] == b"offline", what="offline")


def test_the_broker_and_noised_restarted_are_each_followed_by_a_new_announcement(make_daemon, testdata, tmp_path,
                                                                                 cleanup):
    broker, d, home = _bridge(make_daemon, tmp_path, cleanup)

    status = _status(d)
    assert status.returncode == 0, status
    assert "noised: connected for" in status.stdout, status.stdout
    assert f"MQTT broker mqtt://127.0.0.1:{broker.port}: connected for" in status.stdout, status.stdout

    # The broker goes away (nothing retained: persistence is off); a timer rings meanwhile, on time.
    broker.stop()
    H.wait_until(lambda: "MQTT broker: lost" in home.log(), 10, 0.05, "the loss, logged")
    status = _status(d)
    assert status.returncode == 1 and f"{broker.port}: not connected for" in status.stdout, status
    assert d.ctl("timer", "1s", "--label", "Meanwhile").returncode == 0
    H.wait_until(lambda: H.ctl_json(d, "status")["alarms"]["ringing"], 10, 0.05, "the timer to ring")
    assert d.ctl("dismiss").returncode == 0
    broker.start()
    ha = Watcher(broker)
    cleanup.append(ha.close)
    ha.wait(lambda: "homeassistant/sensor/test_clock/next_alarm/config" in ha.last and
            ha.last.get("noiseclock/availability", (b"",))[0] == b"online", timeout=90, what="a new announcement")

    # noised restarted: offline while it is away, online and the state again once it is back.
    d.stop()
    ha.wait(lambda: ha.last["noiseclock/availability"][0] == b"offline", what="offline without noised")
    d.start()
    ha.wait(lambda: ha.last["noiseclock/availability"][0] == b"online", timeout=60, what="online again")
    assert home.proc.poll() is None
    home.stop()
    status = _status(d)
    assert status.returncode == 3 and "noisehome: not running" in status.stderr, status


def _status(d):
    return subprocess.run([str(H.bin_dir() / "noisehome"), "--status"], env=d.env(), capture_output=True, text=True,
                          timeout=20)


def _make_tls(root):
    """A CA and a certificate for localhost signed by it, and a second CA that signed nothing."""
    def run(*args):
        subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=root)
    for ca in ("ca", "other-ca"):
        run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{ca}.key", "-out", f"{ca}.pem", "-days",
            "2", "-subj", f"/CN=NoiseClock test {ca}")
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost")
    (root / "san.ext").write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    run("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
        "server.pem", "-days", "2", "-extfile", "san.ext")
    return {"ca": root / "ca.pem", "other": root / "other-ca.pem", "cert": root / "server.pem",
            "key": root / "server.key"}


def test_tls_a_bad_password_a_bad_certificate_and_a_silent_broker_each_say_so_once_and_do_not_spin(make_daemon, testdata, tmp_path,
                                                                                  cleanup):
    tls = _make_tls(tmp_path)
    broker = Broker(tmp_path, tls=tls)
    cleanup.append(broker.stop)
    d = make_daemon(device="null", extra_env=UTC, start=False)
    _mqtt_config(d, broker, f'ca_file = "{tls["ca"]}"\n')
    d.start()
    home = H.Home(d, ready="connected to the MQTT broker")
    ha = Watcher(broker)
    cleanup.append(ha.close)
    ha.wait(lambda: ha.last.get("noiseclock/availability", (b"",))[0] == b"online", what="online over TLS")
    home.stop()

    # A broker that takes the connection and never answers it (no CONNACK).
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen()
    cleanup.append(silent.close)
    for name, extra, says in [
            ("bad password", f'ca_file = "{tls["ca"]}"\n', "refused"),
            ("bad certificate", f'ca_file = "{tls["other"]}"\n', "cannot connect"),
            ("silent broker", "", "no answer")]:
        if name == "silent broker":
            broker.port, broker.tls = silent.getsockname()[1], None
        _mqtt_config(d, broker, extra)
        if name == "bad password":
            (d.root / "mqtt-password").write_text("wrong\n")
        home = H.Home(d)
        cleanup.append(home.stop)
        H.wait_until(lambda: says in home.log(), 20, 0.05, f"the {name}, logged")
        before = sum(H.context_switches(home.proc.pid).values())
        time.sleep(3)  # a window to count wake-ups in, not a wait for an event
        woke = sum(H.context_switches(home.proc.pid).values()) - before
        warnings = [l for l in home.log().splitlines() if "MQTT broker" in l and "warning" in l]
        assert len(warnings) == 1, (name, warnings)
        assert woke <= 30, (name, woke)
        print(f"{name}: {warnings[0].split('MQTT broker: ', 1)[1]}; {woke} context switches in 3 s")
        home.stop()


def test_an_idle_bridge_with_hooks_does_not_wake(make_daemon, testdata, tmp_path, cleanup):
    """Connected to noised and the broker, hooks set, nothing happening: no thread of noisehome is switched to in a
    3 s window (its only timed wake-up is the broker's keep-alive, a minute); its memory beside noised's, printed."""
    broker, d, home = _bridge(make_daemon, tmp_path, cleanup, '\n[hooks]\nplayback = ["/bin/true"]\n')
    H.wait_until(lambda: "connected to noised" in home.log(), 15, 0.05, "noisehome to connect to noised")
    assert H.quiet_window(home.proc.pid) == {}, "noisehome woke in every window while idle"
    print(f"idle RSS: noisehome {H.rss_kib(home.proc.pid) / 1024:.1f} MiB, noised {H.rss_kib(d.proc.pid) / 1024:.1f} MiB")
