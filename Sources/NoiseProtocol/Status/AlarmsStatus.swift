import NoiseCore

/// The alarm part of `status`.
public struct AlarmsStatus: Sendable, Equatable, Codable {
    public var count: Int
    @ExplicitNull public var next: AlarmInfo?
    public var ringing: [AlarmInfo]
    /// The snoozed alarms not ringing now, the soonest to ring again first.
    public var snoozed: [AlarmInfo]
    /// The timers still to ring (`noisectl timer`), the soonest first.
    public var timers: [AlarmInfo]
    public var missed: [MissedInfo]
    /// The dawns under way (docs/alarms.md, "Dawn"), by alarm id: a page opened mid-dawn shows its point from them.
    public var dawns: [DawnInfo]
    /// The holidays file, or null when the config names none.
    @ExplicitNull public var holidays: HolidaysInfo?
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
    /// Why Mars alarms' leap seconds are uncertain (the system's list expired, or the built-in table is used), or null.
    @ExplicitNull public var leapSecondsNote: String?

    public init(
        count: Int, next: AlarmInfo?, ringing: [AlarmInfo], missed: [MissedInfo], timeZone: String,
        wakeFromSuspend: Bool, wakeNote: String?, lastOnset: OnsetInfo? = nil, storeProblem: String? = nil,
        timeZoneProblem: String? = nil, timers: [AlarmInfo] = [], leapSecondsNote: String? = nil,
        snoozed: [AlarmInfo] = [], dawns: [DawnInfo] = [], holidays: HolidaysInfo? = nil
    ) {
        self.count = count
        self.next = next
        self.ringing = ringing
        self.snoozed = snoozed
        self.timers = timers
        self.missed = missed
        self.timeZone = timeZone
        self.wakeFromSuspend = wakeFromSuspend
        self.wakeNote = wakeNote
        self.lastOnset = lastOnset
        self.storeProblem = storeProblem
        self.timeZoneProblem = timeZoneProblem
        self.leapSecondsNote = leapSecondsNote
        self.dawns = dawns
        self.holidays = holidays
    }
}
