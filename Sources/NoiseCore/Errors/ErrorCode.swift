/// The stable machine codes of failed replies; scripts match on these, people read the message.
public enum ErrorCode: String, Sendable, Codable, CaseIterable {
    /// The line is not valid JSON (or not UTF-8).
    case parseError = "parse_error"
    /// Valid JSON, but not a request: not an object, or `id`/`cmd`/`args` of the wrong type.
    case invalidRequest = "invalid_request"
    case unknownCommand = "unknown_command"
    /// An argument is missing, of the wrong type, out of range or not known to the command.
    case invalidArgument = "invalid_argument"
    case unknownSound = "unknown_sound"
    /// The command needs a sound that is playing and it is not.
    case notPlaying = "not_playing"
    /// No saved mix has that name (`play @NAME`, `mix remove`).
    case unknownMix = "unknown_mix"
    /// The line is longer than `Limits.maxLineBytes`; the connection is closed after this reply.
    case lineTooLong = "line_too_long"
    case importFailed = "import_failed"
    /// No alarm has that id.
    case unknownAlarm = "unknown_alarm"
    /// Snooze or dismiss while no alarm rings.
    case notRinging = "not_ringing"
    /// The alarm store could not write the change (disk full, read-only); nothing changed.
    case storageFailed = "storage_failed"
    /// The sound is in the catalog but its file cannot be decoded.
    case soundUnavailable = "sound_unavailable"
    /// `sound_remove` of a sound that plays, or that an alarm rings (without `force`); nothing changed.
    case soundInUse = "sound_in_use"
    case tooManyClients = "too_many_clients"
    /// The daemon is stopping (SIGTERM): a connection opened then is told so and closed.
    case shuttingDown = "shutting_down"
    case permissionDenied = "permission_denied"
    /// No habit has that name (`habit_tap`, `habit_remove`).
    case unknownHabit = "unknown_habit"
    /// `habit_add` with a name already taken, or the habit list is full.
    case habitExists = "habit_exists"
    /// `gratitude_write` for a day that has an entry, without `mode` replace or append; nothing changed.
    case entryExists = "entry_exists"
    /// `habit_undo` with no tap to take back.
    case nothingToUndo = "nothing_to_undo"
    /// `sleep_extend` while no sleep timer runs; nothing changed.
    case noSleepTimer = "no_sleep_timer"
    case `internal` = "internal"
}
