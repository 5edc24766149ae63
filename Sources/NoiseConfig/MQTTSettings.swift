import NoiseCore

/// `[mqtt]` (docs/home.md): the broker noisehome announces NoiseClock to (Home Assistant's discovery), publishes its
/// state on and takes the listed commands from. Read by noisehome; the daemon only checks it.
public struct MQTTSettings: Sendable, Equatable {
    /// Where the broker is; nil leaves MQTT off.
    public var broker: MQTTBroker?
    public var username: String?
    /// A file holding the password (its first line), readable by this user alone (mode 0600): a password is never
    /// in config.toml, on a command line or in the log.
    public var passwordFile: String?
    /// The CA certificates an `mqtts://` broker is checked against, instead of the system's.
    public var caFile: String?
    /// The client id; default `noiseclock-` and the host's name.
    public var clientID: String?
    /// The topics' first level: `noiseclock/next_alarm`, `noiseclock/command/snooze`…
    public var topicPrefix = "noiseclock"
    /// Home Assistant's discovery prefix.
    public var discoveryPrefix = "homeassistant"
    /// Seconds between the broker's keep-alive pings when nothing else is sent: noisehome's only timed wake-up.
    public static let keepAliveSeconds = 60
    /// How long after its start noisehome waits for the broker's first answer before it says there is none.
    public static let answerSeconds = 10.0

    public init() {}

    public var isEmpty: Bool { broker == nil }

    /// What a topic prefix or a client id may be made of: letters, digits, `-`, `_` (and `/` between levels of a
    /// prefix), 1–64 of them; never MQTT's wildcards `+` and `#`.
    public static func isName(_ text: String, levels: Bool) -> Bool {
        guard (1...64).contains(text.utf8.count), !text.hasPrefix("/"), !text.hasSuffix("/"), !text.contains("//")
        else { return false }
        return text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
                || (levels && $0 == "/")
        }
    }
}

/// A broker's address from `mqtt://host[:port]` (1883) or `mqtts://host[:port]` (TLS, 8883); an IPv6 host in
/// brackets. No user or password in it (`username` and `password_file` are for those), no path.
public struct MQTTBroker: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var tls: Bool

    public init(host: String, port: Int, tls: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    /// `mqtt://host:port` or `mqtts://…`, for the log and `noisehome --status`.
    public var address: String {
        "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    public static let accepted =
        "an MQTT broker in quotes, \"mqtt://host[:port]\" (port 1883 by default) or \"mqtts://host[:port]\" "
        + "(TLS, 8883), e.g. \"mqtt://127.0.0.1:1883\""

    /// The broker `text` names, or what is wrong with it.
    static func parse(_ text: String) -> Result<MQTTBroker, ConfigValueError> {
        let tls: Bool
        let rest: Substring
        if text.hasPrefix("mqtt://") {
            (tls, rest) = (false, text.dropFirst("mqtt://".count))
        } else if text.hasPrefix("mqtts://") {
            (tls, rest) = (true, text.dropFirst("mqtts://".count))
        } else {
            return .failure(.invalid("'\(text.prefix(60))' is not an mqtt:// or mqtts:// address"))
        }
        guard !rest.contains("@") else {
            return .failure(.invalid("put the user in username and the password in password_file, not in broker"))
        }
        guard !rest.contains("/") && !rest.contains("?") else {
            return .failure(.invalid("'\(text.prefix(60))' has a path; a broker is a host and a port"))
        }
        var host = rest
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                return .failure(.invalid("'\(text.prefix(60))' has no ']'"))
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return .failure(.invalid("'\(text.prefix(60))' is not host:port")) }
                portText = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        guard !host.isEmpty, host.utf8.count <= 253,
            host.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "%" })
        else { return .failure(.invalid("'\(text.prefix(60))' has no host")) }
        var port = tls ? 8883 : 1883
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else {
                return .failure(.invalid("'\(portText.prefix(10))' is not a port (1–65535)"))
            }
            port = number
        }
        return .success(MQTTBroker(host: String(host), port: port, tls: tls))
    }
}
