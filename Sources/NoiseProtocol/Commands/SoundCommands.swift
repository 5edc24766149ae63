import NoiseAlarms
import NoiseCatalog
import NoiseCore

extension Commands {
    /// Copies a sound file of this machine into the user's sounds. Never open to the pages: it names a file here.
    public struct Import: DaemonCommand {
        public typealias Reply = SoundInfo
        public static let name = "import"
        public static let senders = Senders.localOnly
        public var path: String
        public var id: String?
        public var name: String?
        public var category: String?
        public var kind: SoundKind?

        public init(
            path: String, id: String? = nil, name: String? = nil, category: String? = nil, kind: SoundKind? = nil
        ) {
            self.path = path
            self.id = id
            self.name = name
            self.category = category
            self.kind = kind
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(
                command: Self.name, args: arguments,
                accepted: ["path", "id", "name", "category", "kind"])
            let kind: SoundKind?
            if let text = try reader.string("kind") {
                guard let parsed = SoundKind(rawValue: text) else {
                    throw ProtocolError(
                        .invalidArgument, "import: 'kind' must be loop or alarm, got \"\(text.prefix(40))\"")
                }
                kind = parsed
            } else {
                kind = nil
            }
            let path = try reader.requiredString("path")
            guard path.hasPrefix("/") else {
                throw ProtocolError(.invalidArgument, "import: 'path' must be absolute, got \"\(path.prefix(80))\"")
            }
            self.init(
                path: path, id: try reader.string("id"), name: try reader.string("name"),
                category: try reader.string("category"), kind: kind)
        }
    }

    /// Removes a sound the user imported; `force` gives the alarms that ring it the default tone first.
    public struct SoundRemove: DaemonCommand {
        public typealias Reply = SoundRemoved
        public static let name = "sound_remove"
        public static let senders = Senders.localOnly
        public var id: String
        public var force: Bool

        public init(id: String, force: Bool = false) {
            self.id = id
            self.force = force
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["id", "force"])
            self.init(id: try reader.requiredString("id"), force: try reader.bool("force") ?? false)
        }
    }

    /// Gives a sound the user imported another display name.
    public struct SoundRename: DaemonCommand {
        public typealias Reply = SoundInfo
        public static let name = "sound_rename"
        public static let senders = Senders.localOnly
        public var id: String
        public var name: String

        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["id", "name"])
            let id = try reader.requiredString("id")
            let newName = try reader.requiredString("name")
            if let problem = SoundRules.nameProblem(newName) {
                throw ProtocolError(.invalidArgument, "sound_rename: name \(problem)")
            }
            self.init(id: id, name: newName)
        }
    }

    /// Plays a sound for a few seconds, as an alarm would ring it.
    public struct Preview: DaemonCommand {
        public typealias Reply = Replies.Empty
        public static let name = "preview"
        public static let senders = Senders.pages
        public var sound: String
        /// Seconds; nil means 5.
        public var `for`: Double?
        /// 0 to 100; nil means an alarm's default.
        public var volume: Double?

        public init(sound: String, for seconds: Double? = nil, volume: Double? = nil) {
            self.sound = sound
            self.for = seconds
            self.volume = volume
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["sound", "for", "volume"])
            self.init(
                sound: try reader.requiredString("sound"), for: try reader.number("for", in: 0.1...60, unit: "seconds"),
                volume: try reader.number("volume", in: 0...100))
        }
    }

    public struct StoreCheck: PlainCommand {
        public typealias Reply = NoiseProtocol.StoreCheck
        public static let name = "store_check"
        public static let senders = Senders.localOnly
        public init() {}
    }

    /// Moves a damaged store aside and starts from the last good copy. Never open to the pages.
    public struct StoreRecover: PlainCommand {
        public typealias Reply = StoreRecovery
        public static let name = "store_recover"
        public static let senders = Senders.localOnly
        public init() {}
    }
}
