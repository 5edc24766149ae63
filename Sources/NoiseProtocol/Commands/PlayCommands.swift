import NoiseCatalog
import NoiseCore

extension Commands {
    public struct Play: DaemonCommand {
        public typealias Reply = PlaybackInfo
        public static let name = "play"
        public static let senders = Senders.pagesAndBroker
        /// Sound ids, no repeats; empty when `mix` names what to play.
        public var sounds: [String]
        /// A saved mix to play at its own volumes, instead of `sounds`.
        public var mix: String?
        /// 0 to 100; nil keeps a playing sound's volume, or the default for a new one.
        public var volume: Double?
        /// Seconds of fade-in; nil means the daemon's default.
        public var fadeIn: Double?
        /// Sleep timer of these sounds: seconds until they stop; nil means play until told to stop.
        public var `for`: Double?
        /// Seconds of fade-out at the end of the sleep timer; nil means the default.
        public var fadeOut: Double?
        /// The volume (0-100) the sleep timer fades its sounds to, where they play on; nil: silence, and they stop.
        public var fadeTo: Double?

        public init(
            sounds: [String], mix: String? = nil, volume: Double? = nil, fadeIn: Double? = nil,
            for duration: Double? = nil, fadeOut: Double? = nil, fadeTo: Double? = nil
        ) {
            self.sounds = sounds
            self.mix = mix
            self.volume = volume
            self.fadeIn = fadeIn
            self.for = duration
            self.fadeOut = fadeOut
            self.fadeTo = fadeTo
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(
                command: Self.name, args: arguments,
                accepted: ["sounds", "mix", "volume", "fade_in", "for", "fade_out", "fade_to"])
            let sounds = try reader.soundList("sounds")
            let mix = arguments["mix"] == nil ? nil : try Commands.mixName(reader, "mix")
            guard (sounds == nil) != (mix == nil) else {
                throw ProtocolError(
                    .invalidArgument,
                    "play needs 'sounds' (a non-empty list of sound ids) or 'mix' (the "
                        + "name of a saved mix), " + (mix == nil ? "one of them" : "not both"))
            }
            let volume = try reader.number("volume", in: Commands.volumeRange)
            if mix != nil && volume != nil {
                throw ProtocolError(
                    .invalidArgument,
                    "play: a mix plays at the volumes it was saved with; 'volume' does not "
                        + "apply (change one sound after with 'volume' and 'sound')")
            }
            let duration = try reader.number("for", in: 1...Limits.maxTimerSeconds, unit: "seconds")
            let fadeOut = try reader.number("fade_out", in: Commands.fadeRange, unit: "seconds")
            let fadeTo = try reader.number("fade_to", in: Commands.volumeRange)
            if (fadeOut != nil || fadeTo != nil) && duration == nil {
                throw ProtocolError(
                    .invalidArgument,
                    "play: '\(fadeOut != nil ? "fade_out" : "fade_to")' applies to a sleep timer; give 'for' too")
            }
            self.init(
                sounds: sounds ?? [], mix: mix, volume: volume,
                fadeIn: try reader.number("fade_in", in: Commands.fadeRange, unit: "seconds"),
                for: duration, fadeOut: fadeOut, fadeTo: fadeTo)
        }

        private enum CodingKeys: String, CodingKey {
            case sounds, mix, volume, fadeIn, `for`, fadeOut, fadeTo
        }

        /// `sounds` is left out when empty: a request names sounds or a mix, and the daemon refuses an empty list.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if !sounds.isEmpty { try container.encode(sounds, forKey: .sounds) }
            try container.encodeIfPresent(mix, forKey: .mix)
            try container.encodeIfPresent(volume, forKey: .volume)
            try container.encodeIfPresent(fadeIn, forKey: .fadeIn)
            try container.encodeIfPresent(self.for, forKey: .for)
            try container.encodeIfPresent(fadeOut, forKey: .fadeOut)
            try container.encodeIfPresent(fadeTo, forKey: .fadeTo)
        }
    }

    public struct Stop: DaemonCommand {
        public typealias Reply = PlaybackInfo
        public static let name = "stop"
        public static let senders = Senders.pagesAndBroker
        /// Sounds to stop; nil stops everything (and the sleep timers).
        public var sounds: [String]?
        /// Seconds of fade-out; nil means the daemon's default.
        public var fade: Double?
        /// Clear the sleep timers of `sounds` (nil: all) and stop nothing.
        public var timer: Bool

        public init(sounds: [String]? = nil, fade: Double? = nil, timer: Bool = false) {
            self.sounds = sounds
            self.fade = fade
            self.timer = timer
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["sounds", "fade", "timer"])
            let timer = try reader.bool("timer") ?? false
            let fade = try reader.number("fade", in: Commands.fadeRange, unit: "seconds")
            if timer && fade != nil {
                throw ProtocolError(
                    .invalidArgument, "stop: 'timer' clears sleep timers and stops nothing; 'fade' does not apply")
            }
            self.init(sounds: try reader.soundList("sounds"), fade: fade, timer: timer)
        }
    }

    /// Every sleep timer ends `seconds` later (from now for one resting at its floor); sounds it had begun to fade
    /// come back to their volumes. Refused (`no_sleep_timer`) when none runs.
    public struct SleepExtend: DaemonCommand {
        public typealias Reply = PlaybackInfo
        public static let name = "sleep_extend"
        public static let senders = Senders.pages
        public var seconds: Double

        public init(seconds: Double) { self.seconds = seconds }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["seconds"])
            self.init(seconds: try reader.requiredNumber("seconds", in: 1...Limits.maxTimerSeconds))
        }
    }

    /// Saves what plays now (or the paused mix) and its volumes under `name`.
    public struct MixSave: MixByName {
        public static let name = "mix_save"
        public var name: String
        public init(name: String) { self.name = name }
    }

    public struct MixRemove: MixByName {
        public static let name = "mix_remove"
        public var name: String
        public init(name: String) { self.name = name }
    }

    public struct MixList: PlainCommand {
        public typealias Reply = NoiseProtocol.MixList
        public static let name = "mix_list"
        public static let senders = Senders.pages
        public init() {}
    }

    static func mixName(_ reader: ArgumentReader, _ key: String = "name") throws(ProtocolError) -> String {
        let name = try reader.requiredString(key)
        if let problem = MixName.problem(name) {
            throw ProtocolError(
                .invalidArgument,
                "\(reader.command): mix name \"\(name.prefix(40))\" \(problem); "
                    + "a name has \(MixName.accepted)")
        }
        return name
    }
}

/// A command whose one argument is a saved mix's name, answered with the mix.
public protocol MixByName: DaemonCommand where Reply == MixInfo {
    var name: String { get }
    init(name: String)
}

extension MixByName {
    public static var senders: Senders { .pages }

    public init(arguments: [String: JSONValue]) throws(ProtocolError) {
        self.init(
            name: try Commands.mixName(try ArgumentReader(command: Self.name, args: arguments, accepted: ["name"])))
    }
}
