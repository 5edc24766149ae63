import NoiseCatalog
import NoiseCore

extension Commands {
    public struct Ping: PlainCommand {
        public typealias Reply = Replies.Empty
        public static let name = "ping"
        public static let senders = Senders.localOnly
        public init() {}
    }

    public struct Status: PlainCommand {
        public typealias Reply = StatusInfo
        public static let name = "status"
        public static let senders = Senders.localOnly
        public init() {}
    }

    /// The status now, then every event on this connection.
    public struct Subscribe: PlainCommand {
        public typealias Reply = StatusInfo
        public static let name = "subscribe"
        public static let senders = Senders.localOnly
        public init() {}
    }

    public struct Sounds: DaemonCommand {
        public typealias Reply = SoundList
        public static let name = "sounds"
        public static let senders = Senders.pages
        public var category: String?

        public init(category: String? = nil) { self.category = category }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["category"])
            self.init(category: try reader.string("category"))
        }
    }

    /// Fade out what plays and keep the mix for `resume`.
    public struct Pause: DaemonCommand {
        public typealias Reply = PlaybackInfo
        public static let name = "pause"
        public static let senders = Senders.pages
        public var fade: Double?

        public init(fade: Double? = nil) { self.fade = fade }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["fade"])
            self.init(fade: try reader.number("fade", in: Commands.fadeRange, unit: "seconds"))
        }
    }

    /// Play the paused (else the last) mix again, at its volumes.
    public struct Resume: DaemonCommand {
        public typealias Reply = PlaybackInfo
        public static let name = "resume"
        public static let senders = Senders.pages
        public var fadeIn: Double?

        public init(fadeIn: Double? = nil) { self.fadeIn = fadeIn }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["fade_in"])
            self.init(fadeIn: try reader.number("fade_in", in: Commands.fadeRange, unit: "seconds"))
        }
    }

    /// `pause` while something plays, else `resume`.
    public struct Toggle: PlainCommand {
        public typealias Reply = PlaybackInfo
        public static let name = "toggle"
        public static let senders = Senders.localOnly
        public init() {}
    }

    /// `volume`: a volume to set, or a change to the volume now (as mpc's `volume +10`), for the master volume or
    /// one playing sound. Exactly one of `volume` and `change` is set.
    public struct Volume: DaemonCommand {
        public typealias Reply = PlaybackInfo
        public static let name = "volume"
        public static let senders = Senders.pagesAndBroker
        /// 0 to 100.
        public var volume: Double?
        /// Points to add to the volume now (negative to take away); the result is kept within 0 to 100.
        public var change: Double?
        /// The playing sound to change; nil changes the master volume.
        public var sound: String?

        public init(volume: Double? = nil, change: Double? = nil, sound: String? = nil) {
            self.volume = volume
            self.change = change
            self.sound = sound
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(
                command: Self.name, args: arguments, accepted: ["volume", "change", "sound"])
            let volume = try reader.number("volume", in: Commands.volumeRange)
            let change = try reader.number("change", in: -100...100)
            guard (volume == nil) != (change == nil) else {
                throw ProtocolError(
                    .invalidArgument,
                    "volume needs 'volume' (a number from 0 to 100) or 'change' (a "
                        + "number from -100 to 100, added to the volume now), "
                        + (volume == nil ? "one of them" : "not both"))
            }
            self.init(volume: volume, change: change, sound: try reader.string("sound"))
        }

        /// The volume asked for, given the volume now.
        public func target(from current: Double) -> Double {
            volume ?? min(100, max(0, current + (change ?? 0)))
        }
    }

    static let volumeRange = 0.0...100.0
    static let fadeRange = 0.0...Limits.maxFadeSeconds
}
