/// Names of the events a subscriber receives.
public enum EventName {
    public static let hello = "hello"
    /// What plays changed: data is a `PlaybackInfo`.
    public static let playback = "playback"
    /// The output device changed state: data is an `AudioStatus`.
    public static let audio = "audio"
    /// The sound catalog was reloaded or a sound imported: data is a `CatalogSummary`.
    public static let catalog = "catalog"
    /// An alarm started ringing: data is an `AlarmInfo`.
    public static let alarmRinging = "alarm_ringing"
    public static let alarmSnoozed = "alarm_snoozed"
    public static let alarmDismissed = "alarm_dismissed"
    /// An alarm was missed: data is a `MissedInfo`.
    public static let alarmMissed = "alarm_missed"
    /// The alarm that rings next changed: data is `{"alarm": AlarmInfo or null}`.
    public static let nextAlarm = "next_alarm"
    /// An alarm or timer was added, changed or removed (or rang, snoozed, was dismissed): data is an
    /// `AlarmsChanged`; a client showing the list asks for it again.
    public static let alarmsChanged = "alarms_changed"
    /// The missed alarms were forgotten: data is a `MissedCleared`.
    public static let missedCleared = "missed_cleared"
    /// A mix was saved or removed: data is a `MixList`, every saved mix after the change.
    public static let mixes = "mixes"
    /// A habit was added or removed: data is a `HabitList`, every habit after the change.
    public static let habits = "habits"
    /// A habit was tapped or a tap undone: data is a `HabitTapped`.
    public static let habitTapped = "habit_tapped"
    /// The gratitude reminder came due and the day has no entry: data is a `GratitudeReminderDue`.
    public static let gratitudeReminder = "gratitude_reminder"
    /// The birth date or the life expectancy was set: data is a `LifeInfo`.
    public static let lifeChanged = "life_changed"
    /// A gratitude entry was written: data is a `GratitudeSaved`.
    public static let gratitudeSaved = "gratitude_saved"
    /// Gratitude entries were imported (`gratitude_import`, its last batch when staged): data is a `GratitudeImported`.
    public static let gratitudeImported = "gratitude_imported"
    /// The daemon closes this connection to make room for another: data is a `Disconnected`.
    public static let disconnected = "disconnected"
}
