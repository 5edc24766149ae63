import NoiseCore
import NoiseProtocol

/// Home Assistant's MQTT discovery (docs/home.md, "What Home Assistant shows"): one retained config per entity under
/// `DISCOVERY/COMPONENT/NODE/OBJECT/config`, each with the device block and the availability topic, reading the
/// protocol's own JSON from the state topics with a template. Fields as Home Assistant's MQTT integration names them.
public enum HomeDiscovery {
    /// One entity's config (the fields a component does not use stay out of the JSON).
    public struct Config: Sendable, Equatable, Encodable {
        var name: String
        var uniqueId: String
        var objectId: String
        var device: Device
        var availabilityTopic: String
        var stateTopic: String?
        var valueTemplate: String?
        var jsonAttributesTopic: String?
        var jsonAttributesTemplate: String?
        var deviceClass: String?
        var unitOfMeasurement: String?
        var options: [String]?
        var commandTopic: String?
        var commandTemplate: String?
        var payloadPress: String?
        var min: Double?
        var max: Double?
        var step: Double?
        var icon: String?
    }

    public struct Device: Sendable, Equatable, Encodable {
        var identifiers: [String]
        var name: String
        var manufacturer = "NoiseClock"
        var model = "noised"
        var swVersion = Limits.version
    }

    /// An entity's discovery topic and its config; a nil config removes the entity (an empty retained message).
    public struct Announcement: Sendable, Equatable {
        public var topic: String
        public var config: Config?
    }

    /// Every entity, for the saved mixes `mixes` (no mix picker without one).
    public static func announcements(_ topics: HomeTopics, mixes: [String]) -> [Announcement] {
        let device = Device(identifiers: ["noiseclock_\(topics.node)"], name: "NoiseClock")
        func entity(
            _ component: String, _ object: String, _ name: String, _ fill: (inout Config) -> Void
        )
            -> Announcement
        {
            var config = Config(
                name: name, uniqueId: "noiseclock_\(topics.node)_\(object)", objectId: "noiseclock_\(object)",
                device: device, availabilityTopic: topics.availability)
            fill(&config)
            return Announcement(topic: topics.discovery(component: component, object: object), config: config)
        }
        let alarm = topics.state(.alarm)
        let playback = topics.state(.playback)
        var all = [
            entity("sensor", "next_alarm", "Next alarm") {
                $0.stateTopic = topics.state(.nextAlarm)
                $0.deviceClass = "timestamp"
                $0.valueTemplate =
                    "{{ value_json.alarm.next_trigger.local if value_json.alarm and value_json.alarm.next_trigger "
                    + "else None }}"
                $0.jsonAttributesTopic = topics.state(.nextAlarm)
                $0.jsonAttributesTemplate =
                    "{{ {'id': value_json.alarm.alarm.id, 'label': value_json.alarm.alarm.label} | tojson "
                    + "if value_json.alarm else '{}' }}"
            },
            entity("sensor", "alarm_state", "Alarm") {
                $0.stateTopic = alarm
                $0.deviceClass = "enum"
                $0.options = ["idle", "dawn", "ringing", "snoozed"]
                $0.valueTemplate = "{{ value_json.state }}"
                $0.icon = "mdi:alarm"
            },
            entity("binary_sensor", "dawn", "Dawn") {
                $0.stateTopic = topics.state(.dawn)
                $0.valueTemplate = "{{ 'ON' if value_json.dawn else 'OFF' }}"
                $0.jsonAttributesTopic = topics.state(.dawn)
                $0.jsonAttributesTemplate =
                    "{{ {'ring_at': value_json.dawn.ring_at.local, 'starts_at': value_json.dawn.starts_at.local} "
                    + "| tojson if value_json.dawn else '{}' }}"
                $0.icon = "mdi:weather-sunset-up"
            },
            entity("sensor", "playing", "Playing") {
                $0.stateTopic = playback
                $0.valueTemplate = "{{ value_json.state }}"
                $0.jsonAttributesTopic = playback
                $0.jsonAttributesTemplate = "{{ {'sounds': value_json.playing | map(attribute='id') | list} | tojson }}"
                $0.icon = "mdi:waveform"
            },
            entity("number", "volume", "Volume") {
                $0.stateTopic = playback
                $0.valueTemplate = "{{ value_json.master_volume | round(0) }}"
                $0.commandTopic = topics.command(Commands.Volume.self)
                $0.commandTemplate = "{\"volume\": {{ value | int }}}"
                ($0.min, $0.max, $0.step) = (0, 100, 1)
                $0.unitOfMeasurement = "%"
                $0.icon = "mdi:volume-high"
            },
            entity("sensor", "sleep_timer", "Sleep timer") {
                $0.stateTopic = playback
                $0.deviceClass = "duration"
                $0.unitOfMeasurement = "s"
                $0.valueTemplate =
                    "{{ value_json.sleep_timer.remaining_seconds | round(0) if value_json.sleep_timer else None }}"
            },
        ]
        let buttons: [(String, String, String, String, String)] = [
            ("snooze", "Snooze", topics.command(Commands.Snooze.self), "{}", "mdi:alarm-snooze"),
            ("dismiss", "Dismiss", topics.command(Commands.Dismiss.self), "{}", "mdi:alarm-off"),
            ("stop", "Stop", topics.command(Commands.Stop.self), "{}", "mdi:stop"),
            (
                "skip_next", "Skip next alarm", topics.command(Commands.AlarmSkip.self), "{\"next\": true}",
                "mdi:debug-step-over"
            ),
        ]
        for (object, name, commandTopic, payload, icon) in buttons {
            all.append(
                entity("button", object, name) {
                    $0.commandTopic = commandTopic
                    $0.payloadPress = payload
                    $0.icon = icon
                })
        }
        var mix = entity("select", "mix", "Play mix") {
            $0.commandTopic = topics.command(Commands.Play.self)
            $0.commandTemplate = "{\"mix\": {{ value | tojson }}}"
            $0.options = mixes
            $0.icon = "mdi:playlist-music"
        }
        if mixes.isEmpty { mix.config = nil }
        all.append(mix)
        return all
    }
}
