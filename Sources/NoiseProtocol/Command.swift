import NoiseAlarms
/// A request the daemon understands, with its arguments checked and typed.
public enum Command: Sendable, Equatable {
    case ping
    case status
    case sounds(category: String?)
    case play(PlayArguments)
    case stop(StopArguments)
    case volume(VolumeArguments)
    /// Fade out what plays and keep the mix for `resume`.
    case pause(fade: Double?)
    /// Play the paused (else the last) mix again, at its volumes.
    case resume(fadeIn: Double?)
    /// `pause` while something plays, else `resume`.
    case toggle
    case mixSave(name: String)
    case mixList
    case mixRemove(name: String)
    case subscribe
    case importSound(ImportArguments)
    /// Removes a sound the user imported; `force` gives the alarms that ring it the default tone first.
    case soundRemove(id: String, force: Bool)
    /// Gives a sound the user imported another display name.
    case soundRename(id: String, name: String)
    case alarmAdd(AlarmChanges)
    case alarmEdit(id: Int64, AlarmChanges)
    case alarmEnable(id: Int64, enabled: Bool)
    /// `single`: asked with `id` (answered `{"removed": id}`), else with `ids` (answered with the list).
    case alarmRemove(ids: [Int64], single: Bool)
    case alarmDuplicate(id: Int64)
    case alarmShow(id: Int64)
    /// A page of the alarms, the next to ring first.
    case alarmList(offset: Int, limit: Int)
    case alarmNext
    /// The missed alarms kept (newest first), or, with `clear`, forget them all.
    case alarmMissed
    case alarmMissedClear
    /// A one-shot alarm `seconds` from now (an alarm whose rule is `.instant`).
    case timerAdd(seconds: Double, label: String?, sound: String?)
    case timerList
    /// Cancel these timers; nil cancels every one.
    case timerCancel(ids: [Int64]?)
    /// Snooze the ringing alarms, or only alarm `id`.
    case snooze(minutes: Int?, id: Int64?)
    /// Dismiss the ringing alarms (with none ringing, the snoozed ones), or only alarm `id`, ringing or snoozed.
    case dismiss(id: Int64?)
    case preview(sound: String, seconds: Double?, volume: Double?)
    case storeCheck
    case storeRecover
    /// The life calendar, habits and the gratitude diary (docs/life.md).
    case life(LifeCommand)

    /// The names a client sends as `cmd`, for the unknown-command message.
    public static let names = ["ping", "status", "sounds", "play", "stop", "volume", "pause", "resume",
                               "toggle", "mix_save", "mix_list", "mix_remove", "subscribe", "import",
                               "sound_remove", "sound_rename",
                               "alarm_add", "alarm_edit", "alarm_enable", "alarm_disable", "alarm_remove",
                               "alarm_duplicate", "alarm_show", "alarm_list", "alarm_next", "alarm_missed",
                               "alarm_missed_clear", "timer_add", "timer_list", "timer_cancel", "snooze", "dismiss", "preview",
                               "store_check", "store_recover"] + LifeCommand.names
}
