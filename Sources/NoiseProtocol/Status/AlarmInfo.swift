import NoiseAlarms
import NoiseTime
import NoiseCore
/// An instant as the protocol shows it: Unix seconds and local time with its offset.
public struct TriggerInfo: Sendable, Equatable, Codable {
    public var unix: Int64
    /// ISO 8601 with the numeric offset in effect then: `2026-11-23T07:00:00+01:00`.
    public var local: String

    public init(unix: Int64, zone: ZoneRules) {
        self.unix = unix
        self.local = ISO8601.format(unix: unix, offsetSeconds: zone.offset(at: unix))
    }
}

/// An alarm with its schedule: the reply of the `alarm_*` commands and the data of alarm events.
public struct AlarmInfo: Sendable, Equatable, Codable {
    public var alarm: Alarm
    /// The next trigger (nil when disabled or ringing).
    @ExplicitNull public var nextTrigger: TriggerInfo?
    /// When a snoozed alarm rings again.
    @ExplicitNull public var snoozedUntil: TriggerInfo?
    public var ringing: Bool
    /// The tone its current or last ring sounded with since the daemon started, or null if it has not rung.
    @ExplicitNull public var tone: ToneInfo?

    public init(alarm: Alarm, nextTrigger: TriggerInfo?, snoozedUntil: TriggerInfo?, ringing: Bool, tone: ToneInfo? = nil) {
        self.alarm = alarm
        self.nextTrigger = nextTrigger
        self.snoozedUntil = snoozedUntil
        self.ringing = ringing
        self.tone = tone
    }
}

/// A missed alarm, as `status` and the `alarm_missed` event report it.
public struct MissedInfo: Sendable, Equatable, Codable {
    public var alarmId: Int64
    public var label: String
    public var trigger: TriggerInfo
    /// `late` (passed more than its ring limit ago) or `unattended` (rang to its limit).
    public var reason: String

    public init(alarmId: Int64, label: String, trigger: TriggerInfo, reason: String) {
        self.alarmId = alarmId
        self.label = label
        self.trigger = trigger
        self.reason = reason
    }
}

/// The alarm part of `status`.
public struct AlarmsStatus: Sendable, Equatable, Codable {
    public var count: Int
    @ExplicitNull public var next: AlarmInfo?
    public var ringing: [AlarmInfo]
    public var missed: [MissedInfo]
    public var timeZone: String
    /// Why the zone is UTC although `$TZ` or /etc/localtime names another that cannot be read, or null.
    @ExplicitNull public var timeZoneProblem: String?
    /// Whether a suspended machine wakes up for alarms (needs CAP_WAKE_ALARM); `wakeNote` says how to enable it.
    public var wakeFromSuspend: Bool
    @ExplicitNull public var wakeNote: String?
    /// When the last alarm's tone started, relative to its trigger.
    @ExplicitNull public var lastOnset: OnsetInfo?
    /// Why changes to alarms are refused now (a read-only state folder, a full disk), or null.
    @ExplicitNull public var storeProblem: String?

    public init(count: Int, next: AlarmInfo?, ringing: [AlarmInfo], missed: [MissedInfo], timeZone: String,
                wakeFromSuspend: Bool, wakeNote: String?, lastOnset: OnsetInfo? = nil, storeProblem: String? = nil,
                timeZoneProblem: String? = nil) {
        self.count = count
        self.next = next
        self.ringing = ringing
        self.missed = missed
        self.timeZone = timeZone
        self.wakeFromSuspend = wakeFromSuspend
        self.wakeNote = wakeNote
        self.lastOnset = lastOnset
        self.storeProblem = storeProblem
        self.timeZoneProblem = timeZoneProblem
    }
}

/// An alarm tone's start relative to its trigger, in milliseconds: when its first frames were written to the
/// device (negative when scheduled ahead) and when they are heard (the device's delay included).
public struct OnsetInfo: Sendable, Equatable, Codable {
    public var writtenMs: Double
    public var heardMs: Double

    public init(writtenSeconds: Double, heardSeconds: Double) {
        writtenMs = (writtenSeconds * 10_000).rounded() / 10
        heardMs = (heardSeconds * 10_000).rounded() / 10
    }
}
