import NoiseConfig
import NoiseProtocol

/// noisehome's topics on the broker (docs/home.md, "Topics"), under `[mqtt] topic_prefix`.
public struct HomeTopics: Sendable, Equatable {
    public let prefix: String
    public let discoveryPrefix: String
    /// The node in Home Assistant's discovery topics, and the start of every entity's unique id.
    public let node: String

    public init(settings: MQTTSettings, clientID: String) {
        prefix = settings.topicPrefix
        discoveryPrefix = settings.discoveryPrefix
        // Home Assistant's node ids are ASCII letters, digits and `_`: anything else becomes `_`.
        node = clientID.unicodeScalars.map {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? String($0) : "_"
        }.joined()
    }

    /// `online` while noisehome is connected to the broker and to noised; `offline` (its last will) otherwise.
    public var availability: String { "\(prefix)/availability" }
    /// Home Assistant says `online` here when it starts: everything is announced again.
    public var homeAssistantStatus: String { "\(discoveryPrefix)/status" }
    /// Commands: `PREFIX/command/NAME` with the command's `args` object as the payload.
    public var commands: String { "\(prefix)/command/+" }
    /// Each command's reply envelope, `{"cmd": …, "ok": …, "error"?: …}`, not retained.
    public var result: String { "\(prefix)/result" }

    public func state(_ topic: HomeState.Topic) -> String { "\(prefix)/\(topic.rawValue)" }

    /// Where a broker sends `command`: its name as the protocol's registry spells it.
    public func command<Command: DaemonCommand>(_ command: Command.Type) -> String {
        "\(prefix)/command/\(Command.name)"
    }

    /// The command a message on `topic` names, if it is on the command topics.
    public func commandName(of topic: String) -> String? {
        let start = "\(prefix)/command/"
        guard topic.hasPrefix(start) else { return nil }
        let name = topic.dropFirst(start.count)
        return name.isEmpty || name.contains("/") ? nil : String(name)
    }

    public func discovery(component: String, object: String) -> String {
        "\(discoveryPrefix)/\(component)/\(node)/\(object)/config"
    }
}
