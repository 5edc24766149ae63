import NoiseAlarms
import NoiseCatalog
/// A request the daemon understands, with its arguments checked and typed.
public enum Command: Sendable, Equatable {
    case ping
    case status
    case sounds(category: String?)
    case play(PlayArguments)
    case stop(StopArguments)
    case volume(VolumeArguments)
    case subscribe
    case importSound(ImportArguments)
    case alarmAdd(AlarmChanges)
    case alarmEdit(id: Int64, AlarmChanges)
    case alarmEnable(id: Int64, enabled: Bool)
    case alarmRemove(id: Int64)
    case alarmDuplicate(id: Int64)
    case alarmShow(id: Int64)
    case alarmList
    case alarmNext
    case snooze(minutes: Int?)
    case dismiss
    case preview(sound: String, seconds: Double?, volume: Double?)
    case storeCheck
    case storeRecover

    /// The names a client sends as `cmd`, for the unknown-command message.
    public static let names = ["ping", "status", "sounds", "play", "stop", "volume", "subscribe", "import",
                               "alarm_add", "alarm_edit", "alarm_enable", "alarm_disable", "alarm_remove",
                               "alarm_duplicate", "alarm_show", "alarm_list", "alarm_next", "snooze", "dismiss", "preview",
                               "store_check", "store_recover"]

    /// The name sent as `cmd` for this command.
    public var name: String {
        switch self {
        case .ping: "ping"
        case .status: "status"
        case .sounds: "sounds"
        case .play: "play"
        case .stop: "stop"
        case .volume: "volume"
        case .subscribe: "subscribe"
        case .importSound: "import"
        case .alarmAdd: "alarm_add"
        case .alarmEdit: "alarm_edit"
        case .alarmEnable(_, let enabled): enabled ? "alarm_enable" : "alarm_disable"
        case .alarmRemove: "alarm_remove"
        case .alarmDuplicate: "alarm_duplicate"
        case .alarmShow: "alarm_show"
        case .alarmList: "alarm_list"
        case .alarmNext: "alarm_next"
        case .snooze: "snooze"
        case .dismiss: "dismiss"
        case .preview: "preview"
        case .storeCheck: "store_check"
        case .storeRecover: "store_recover"
        }
    }
}

public struct PlayArguments: Sendable, Equatable, Codable {
    /// Sound ids, at least one, no repeats.
    public var sounds: [String]
    /// 0 to 100; nil keeps a playing sound's volume, or 100 for a new one.
    public var volume: Double?
    /// Seconds of fade-in; nil means the daemon's default.
    public var fadeIn: Double?
    /// Sleep timer: seconds until everything stops; nil means play until told to stop.
    public var `for`: Double?
    /// Seconds of fade-out at the end of the sleep timer; nil means the default.
    public var fadeOut: Double?

    public init(sounds: [String], volume: Double? = nil, fadeIn: Double? = nil, for duration: Double? = nil,
                fadeOut: Double? = nil) {
        self.sounds = sounds
        self.volume = volume
        self.fadeIn = fadeIn
        self.for = duration
        self.fadeOut = fadeOut
    }
}

public struct StopArguments: Sendable, Equatable, Codable {
    /// Sounds to stop; nil stops everything (and the sleep timer).
    public var sounds: [String]?
    /// Seconds of fade-out; nil means the daemon's default.
    public var fade: Double?

    public init(sounds: [String]? = nil, fade: Double? = nil) {
        self.sounds = sounds
        self.fade = fade
    }
}

public struct VolumeArguments: Sendable, Equatable, Codable {
    /// 0 to 100.
    public var volume: Double
    /// The playing sound to change; nil changes the master volume.
    public var sound: String?

    public init(volume: Double, sound: String? = nil) {
        self.volume = volume
        self.sound = sound
    }
}

public struct ImportArguments: Sendable, Equatable, Codable {
    /// Absolute path of the file to import, read by the daemon.
    public var path: String
    public var id: String
    public var name: String
    public var category: String?
    public var kind: SoundKind?

    public init(path: String, id: String, name: String, category: String? = nil, kind: SoundKind? = nil) {
        self.path = path
        self.id = id
        self.name = name
        self.category = category
        self.kind = kind
    }
}
