import NoiseCore

/// `[mqtt]`'s keys (docs/home.md): the broker, who noisehome is there, and its topics.
extension ConfigKey {
    static let mqtt: [ConfigKey] = [
        checkedText("mqtt.broker", accepted: MQTTBroker.accepted) { value, settings in
            switch MQTTBroker.parse(value) {
            case .success(let broker):
                settings.mqtt.broker = broker
                return nil
            case .failure(let error):
                return error
            }
        },
        checkedText("mqtt.username", accepted: "a user name in quotes, as the broker's password file has it") {
            value, settings in
            guard value.utf8.count <= 256 else { return .invalid("a user name of at most 256 bytes") }
            settings.mqtt.username = value
            return nil
        },
        file("mqtt.password_file", what: "a file whose first line is the broker's password (mode 0600)") {
            $1.mqtt.passwordFile = $0
        },
        file("mqtt.ca_file", what: "a file of PEM CA certificates to check an mqtts:// broker by") {
            $1.mqtt.caFile = $0
        },
        name("mqtt.client_id", levels: false, example: "bedroom-clock") { $1.mqtt.clientID = $0 },
        name("mqtt.topic_prefix", levels: true, example: "home/bedroom/clock") { $1.mqtt.topicPrefix = $0 },
        name("mqtt.discovery_prefix", levels: true, example: "homeassistant") { $1.mqtt.discoveryPrefix = $0 },
    ]

    /// An absolute path (`~/` is the home).
    private static func file(
        _ name: String, what: String, set: @escaping @Sendable (String, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        ConfigKey(name: name, accepted: "an absolute path in quotes to \(what), e.g. \"~/.config/noised/mqtt\"") {
            value, home, settings in
            guard case .string(let path) = value, !path.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                return .wrongType
            }
            let expanded = path.hasPrefix("~/") ? home + path.dropFirst(1) : path
            guard expanded.hasPrefix("/") else { return .invalid("'\(path.prefix(60))' is not an absolute path") }
            set(expanded, &settings)
            return nil
        }
    }

    /// A client id or a topic prefix (`MQTTSettings.isName`).
    private static func name(
        _ name: String, levels: Bool, example: String, set: @escaping @Sendable (String, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        let made = levels ? "letters, digits, -, _ and / between levels" : "letters, digits, - and _"
        return checkedText(name, accepted: "1–64 \(made) in quotes, e.g. \"\(example)\" (no + or #)") {
            value, settings in
            guard MQTTSettings.isName(value, levels: levels) else { return .wrongType }
            set(value, &settings)
            return nil
        }
    }
}
