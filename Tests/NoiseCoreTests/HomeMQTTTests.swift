import Testing

@testable import NoiseAlarms
@testable import NoiseCatalog
@testable import NoiseConfig
@testable import NoiseCore
@testable import NoiseHome
@testable import NoiseProtocol
@testable import NoiseTime

/// noisehome's MQTT side without a broker (docs/home.md): `[mqtt]`, the topics, Home Assistant's discovery configs,
/// the state it publishes from the daemon's events, and which commands a broker may send.
@Suite("Home: MQTT")
struct HomeMQTTTests {
    @Test func theConfigTakesABrokerAUserAPasswordFileAndTopics() {
        let text = """
            [mqtt]
            broker = "mqtts://[::1]:8884"
            username = "clock"
            password_file = "~/.config/noised/mqtt-password"
            ca_file = "/etc/ssl/private-ca.pem"
            client_id = "bedroom-clock"
            topic_prefix = "home/bedroom/clock"
            """
        let result = ConfigFile.read(Array(text.utf8), home: "/home/ada")
        #expect(result.problems.isEmpty, "\(result.problems)")
        let mqtt = result.settings.mqtt
        #expect(mqtt.broker == MQTTBroker(host: "::1", port: 8884, tls: true))
        #expect(mqtt.username == "clock" && mqtt.passwordFile == "/home/ada/.config/noised/mqtt-password")
        #expect(mqtt.caFile == "/etc/ssl/private-ca.pem" && mqtt.clientID == "bedroom-clock")
        #expect(mqtt.topicPrefix == "home/bedroom/clock" && mqtt.discoveryPrefix == "homeassistant")
        #expect(
            ConfigFile.read(Array("[mqtt]\nbroker = \"mqtt://nas.lan\"\n".utf8), home: "/h").settings.mqtt.broker
                == MQTTBroker(host: "nas.lan", port: 1883, tls: false))
    }

    @Test(arguments: [
        ("broker = \"http://nas:1883\"", "is not an mqtt:// or mqtts:// address"),
        ("broker = \"mqtt://clock:secret@nas\"", "put the user in username and the password in password_file"),
        ("broker = \"mqtt://nas:99999\"", "is not a port (1–65535)"),
        ("broker = \"mqtt://nas/topic\"", "has a path"),
        ("topic_prefix = \"clock/#\"", "no + or #"),
        ("topic_prefix = \"/clock\"", "no + or #"),
        ("client_id = \"a/b\"", "letters, digits, - and _"),
        ("password_file = \"mqtt-password\"", "is not an absolute path"),
        ("password = \"hunter2\"", "unknown key"),
    ])
    func aBadKeyIsRefusedWithWhatIsAccepted(line: String, says: String) {
        let result = ConfigFile.read(Array("[mqtt]\n\(line)\n".utf8), home: "/home/ada")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.description.contains(says) == true, "\(result.problems)")
        #expect(result.settings.mqtt == MQTTSettings(), "nothing taken from a refused line")
    }

    static let topics: HomeTopics = {
        var settings = MQTTSettings()
        settings.topicPrefix = "home/clock"
        return HomeTopics(settings: settings, clientID: "noiseclock-my.host")
    }()

    @Test func topicsAreUnderThePrefixAndTheNodeIsMadeSafe() {
        #expect(Self.topics.node == "noiseclock_my_host")
        #expect(Self.topics.state(.nextAlarm) == "home/clock/next_alarm")
        #expect(Self.topics.commandName(of: "home/clock/command/snooze") == "snooze")
        #expect(Self.topics.commandName(of: "home/clock/command/a/b") == nil)
        #expect(Self.topics.commandName(of: "home/clock/next_alarm") == nil)
        #expect(
            Self.topics.discovery(component: "sensor", object: "next_alarm")
                == "homeassistant/sensor/noiseclock_my_host/next_alarm/config")
    }

    /// The fields Home Assistant's MQTT integration requires of each component (its docs: a button's
    /// `command_topic`, a number's and a select's `command_topic` and a select's `options`, a sensor's and a binary
    /// sensor's `state_topic`), and on every entity a unique id, the device and the availability topic.
    @Test func discoveryGivesEachEntityTheFieldsItsComponentNeeds() throws {
        let announcements = HomeDiscovery.announcements(Self.topics, mixes: ["night", "rainy day"])
        var objects: [String: JSONValue] = [:]
        for announcement in announcements {
            let config = try #require(announcement.config)
            guard case .object(let fields) = try JSONCoding.decode(JSONValue.self, from: JSONCoding.line(config))
            else { Issue.record("not an object"); continue }
            let parts = announcement.topic.split(separator: "/")
            #expect(parts.count == 5 && parts[0] == "homeassistant" && parts[4] == "config")
            let component = String(parts[1])
            objects["\(component)/\(parts[3])"] = .object(fields)
            #expect(fields["unique_id"] == .string("noiseclock_noiseclock_my_host_\(parts[3])"))
            #expect(fields["availability_topic"] == .string("home/clock/availability"))
            guard case .object(let device)? = fields["device"] else { Issue.record("no device"); continue }
            #expect(device["identifiers"] == .array([.string("noiseclock_noiseclock_my_host")]))
            switch component {
            case "sensor", "binary_sensor": #expect(fields["state_topic"] != nil, "\(parts[3])")
            case "button":
                // Each press is a command a broker may send, with arguments the schema's decoder takes.
                guard case .string(let topic)? = fields["command_topic"],
                    case .string(let press)? = fields["payload_press"]
                else { Issue.record("\(parts[3]) has no command topic or press"); continue }
                if case .failure(let refusal) = BrokerCommand.read(
                    name: String(topic.split(separator: "/").last ?? ""), payload: Array(press.utf8))
                {
                    Issue.record("\(parts[3]): \(refusal.message)")
                }
            case "number": #expect(fields["command_topic"] != nil && fields["min"] != nil && fields["max"] != nil)
            case "select": #expect(fields["options"] == .array([.string("night"), .string("rainy day")]))
            default: Issue.record("unexpected component \(component)")
            }
            #expect(fields["options"] != .array([]), "an empty options list is refused by Home Assistant")
        }
        #expect(
            Set(objects.keys) == [
                "sensor/next_alarm", "sensor/alarm_state", "binary_sensor/dawn", "sensor/playing", "number/volume",
                "sensor/sleep_timer", "button/snooze", "button/dismiss", "button/stop", "button/skip_next",
                "select/mix",
            ])
        if case .object(let skip)? = objects["button/skip_next"] {
            #expect(skip["command_topic"] == .string("home/clock/command/alarm_skip"))
        }
        guard case .object(let next)? = objects["sensor/next_alarm"] else { return }
        #expect(next["device_class"] == .string("timestamp") && next["state_topic"] == .string("home/clock/next_alarm"))
        let withoutMixes = HomeDiscovery.announcements(Self.topics, mixes: [])
        #expect(withoutMixes.first { $0.topic.contains("/select/") }?.config == nil, "removed: no mix to pick")
    }

    static let zone = ZoneRules.utc

    static func info(_ id: Int64, ringing: Bool = false, snoozedUntil: Double? = nil) -> AlarmInfo {
        AlarmInfo(
            alarm: Alarm(id: id, time: TimeOfDay(hour: 7, minute: 0), label: "Work \(id)"),
            nextTrigger: TriggerInfo(unix: 1_795_762_800, zone: zone),
            snoozedUntil: snoozedUntil.map { TriggerInfo(unix: $0, zone: zone) }, ringing: ringing,
            ringingSince: ringing ? TriggerInfo(unix: 1_795_762_800, zone: zone) : nil)
    }

    static func state() -> HomeState {
        let alarms = AlarmsStatus(
            count: 2, next: info(1), ringing: [], missed: [], timeZone: "UTC", wakeFromSuspend: false, wakeNote: nil)
        let status = StatusInfo(
            uptimeSeconds: 1, audio: JSONSamples.audios[0], playback: JSONSamples.playbacks[0],
            catalog: CatalogSummary(sounds: 1, problems: []), alarms: alarms)
        return HomeState(status: status, mixes: ["night"])
    }

    @Test func theAlarmStateFollowsTheEventsTheMostPressingFirst() throws {
        var state = Self.state()
        #expect(state.alarmState.state == .idle)
        let dawn = DawnInfo(alarmID: 1, ringAt: 1_795_762_800, lengthSeconds: 600, zone: Self.zone)
        #expect(state.apply(.dawnStarted(dawn)).topics == [.alarm, .dawn])
        #expect(state.alarmState.state == .dawn && state.dawn == dawn)
        _ = state.apply(.alarmRinging(Self.info(1, ringing: true)))
        #expect(state.alarmState.state == .ringing && state.dawn == nil)
        _ = state.apply(.alarmSnoozed(Self.info(1, snoozedUntil: 1_795_763_340)))
        #expect(state.alarmState.state == .snoozed && state.alarmState.alarm?.alarm.id == 1)
        _ = state.apply(.alarmRinging(Self.info(1, ringing: true)))
        _ = state.apply(.alarmDismissed(Self.info(1)))
        #expect(state.alarmState.state == .idle)
        let payload = try JSONCoding.decode(JSONValue.self, from: state.payload(.alarm))
        #expect(payload == .object(["state": .string("idle"), "alarm": .null]))
    }

    @Test func theNextAlarmAndPlaybackAreTheProtocolsOwnObjectsAndMixesReannounce() throws {
        var state = Self.state()
        #expect(state.apply(.nextAlarm(NextAlarm(alarm: nil))).topics == [.nextAlarm])
        #expect(try state.payload(.nextAlarm) == JSONCoding.line(NextAlarm(alarm: nil)))
        #expect(state.apply(.playback(JSONSamples.playbacks[1])).topics == [.playback])
        #expect(try state.payload(.playback) == JSONCoding.line(JSONSamples.playbacks[1]))
        let same = MixList(mixes: [MixInfo(name: "night", sounds: [])])
        #expect(state.apply(.mixes(same)).mixesChanged == false)
        let more = MixList(mixes: [MixInfo(name: "night", sounds: []), MixInfo(name: "nap", sounds: [])])
        #expect(state.apply(.mixes(more)).mixesChanged && state.mixes == ["night", "nap"])
        #expect(state.apply(.catalog(CatalogSummary(sounds: 2, problems: []))).topics.isEmpty)
    }

    @Test func aBrokerMaySendOnlyTheCommandsTheSchemaOpensToIt() {
        #expect(
            Set(CommandRegistry.names(for: .broker)) == ["play", "stop", "volume", "snooze", "dismiss", "alarm_skip"])
        guard
            case .failure(let refusal) = BrokerCommand.read(
                name: "import", payload: Array(#"{"path":"/etc/passwd"}"#.utf8))
        else { Issue.record("import from a broker was let through"); return }
        #expect(refusal.code == "not_allowed_here" && refusal.message.contains("snooze"))
        guard case .failure(let bad) = BrokerCommand.read(name: "volume", payload: Array(#"{"volume":250}"#.utf8))
        else {
            Issue.record("volume 250 was let through"); return
        }
        #expect(bad.code == "invalid_argument" && bad.message.contains("100"), "\(bad.message)")
        guard case .failure(let notJSON) = BrokerCommand.read(name: "snooze", payload: Array("PRESS".utf8)) else {
            Issue.record("a payload that is not JSON was let through"); return
        }
        #expect(notJSON.message.contains("not a JSON object"))
        guard case .success(let snooze) = BrokerCommand.read(name: "snooze", payload: []) else {
            Issue.record("an empty snooze was refused"); return
        }
        #expect(snooze.name == "snooze" && snooze.arguments.isEmpty)
    }

    @Test func theStatusSaysWhatIsConnectedSinceWhenAndWhyNot() throws {
        var status = HomeStatus(pid: 42, now: 1000, broker: "mqtt://127.0.0.1:1883", hooks: true)
        #expect(!status.allConnected)
        status.noised = HomeStatus.Link(connected: true, since: 1000)
        status.mqtt = HomeStatus.Link(connected: false, since: 1010, problem: "refused: not authorised")
        status.hooks = ["ran": 3, "failed": 1]
        #expect(
            status.lines(now: 1100) == [
                "noisehome 42", "noised: connected for 1 min 40 s",
                "MQTT broker mqtt://127.0.0.1:1883: not connected for 1 min 30 s (refused: not authorised)",
                "hooks: 3 run, 1 failed",
            ])
        #expect(!status.allConnected)
        let read = try JSONCoding.decode(HomeStatus.self, from: JSONCoding.line(status))
        #expect(read == status)
        #expect(
            HomeStatus(pid: 1, now: 0, broker: nil, hooks: false).lines(now: 5) == [
                "noisehome 1",
                "noised: not connected for 5 s (not connected yet)",
            ])
    }
}
