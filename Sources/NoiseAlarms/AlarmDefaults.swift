import NoiseCore

/// Defaults, accepted ranges and limits of alarms, in one place (the CLI's help, the daemon's checks, the docs).
public enum AlarmDefaults {
    public static let sound = "classic"
    public static let volume = 80.0
    public static let rampSeconds = 30.0
    /// How long before its ring an alarm's dawn begins (docs/alarms.md, "Dawn"): none unless asked for.
    public static let dawnSeconds = 0.0
    public static let snoozeMinutes = 9
    public static let ringLimitSeconds = 600.0

    public static let snoozeRange = 1...60
    /// Shown in help; any value in `snoozeRange` is accepted.
    public static let suggestedSnoozeMinutes = [5, 7, 8, 9, 10, 15, 20]
    public static let rampRange = 0.0...600.0
    /// A dawn of up to two hours: a wake-up light's are 20 to 40 minutes; longer ones start in the deep of the night.
    public static let dawnRange = 0.0...7200.0
    public static let ringLimitRange = 10.0...7200.0
    /// How late a trigger found after a suspend or a restart may be and still ring (within its ring limit);
    /// a later one is reported missed instead.
    public static let missedGraceSeconds = 600.0
    public static let missedGraceRange = 1.0...86_400.0
    public static let maxLabelLength = 80
    public static let maxNoteLength = 1000
    /// Farthest ahead `alarm add +DURATION` reaches, in days (a date further on is given with --date).
    public static let maxRelativeAlarmDays = 366
    /// Missed alarms: how many `status` shows, and how many `alarm missed` lists at most; how many are kept.
    public static let missedShown = 20
    public static let missedKept = 500
    /// How long alarms wait for logind's resume signal after it announced sleep (wall-clock seconds): after a real
    /// sleep the wall clock has moved on further, so only a signal that never comes is waited out.
    public static let sleepHoldSeconds: Double = 60
    /// How long `alarm test` rings, unless dismissed first (wall-clock seconds).
    public static let testRingSeconds: Double = 10
    /// How many rings passed over for days off an alarm's info names (`alarm list`: "skips Fri 25 Dec: Christmas Day").
    public static let daysOffShown = 3
}
