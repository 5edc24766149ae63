import NoiseAlarms
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
    /// The missed alarms kept (newest first), or, with `clear`, forget them all.
    case alarmMissed
    case alarmMissedClear
    case snooze(minutes: Int?)
    case dismiss
    case preview(sound: String, seconds: Double?, volume: Double?)
    case storeCheck
    case storeRecover

    /// The names a client sends as `cmd`, for the unknown-command message.
    public static let names = ["ping", "status", "sounds", "play", "stop", "volume", "subscribe", "import",
                               "alarm_add", "alarm_edit", "alarm_enable", "alarm_disable", "alarm_remove",
                               "alarm_duplicate", "alarm_show", "alarm_list", "alarm_next", "alarm_missed",
                               "alarm_missed_clear", "snooze", "dismiss", "preview",
                               "store_check", "store_recover"]
}
