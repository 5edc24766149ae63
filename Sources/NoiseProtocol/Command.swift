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
