import NoiseAlarms
import NoiseCore
import NoiseTime

/// An alarm with its schedule: the reply of the `alarm_*` commands and the data of alarm events.
public struct AlarmInfo: Sendable, Equatable, Codable {
    public var alarm: Alarm
    /// The next trigger (nil when disabled or ringing).
    @ExplicitNull public var nextTrigger: TriggerInfo?
    /// When a snoozed alarm rings again.
    @ExplicitNull public var snoozedUntil: TriggerInfo?
    public var ringing: Bool
    /// When the ring that sounds now began: its trigger, or a snooze's end (nil when it does not ring).
    @ExplicitNull public var ringingSince: TriggerInfo?
    /// The tone its current or last ring sounded with since the daemon started, or null if it has not rung.
    @ExplicitNull public var tone: ToneInfo?
    /// A pass alarm's next pass: the one its next trigger rings for, or while it rings, the one it rings for.
    @ExplicitNull public var nextPass: PassInfo?
    /// Why a pass alarm has no next pass (no elements, no location, no pass high enough within ten days).
    @ExplicitNull public var passProblem: String?
    /// The ring it skips (`alarm skip`): its next trigger is the one after; null when it skips none.
    @ExplicitNull public var skips: TriggerInfo?
    /// The date it rings again from (`alarm pause --until`): no ring before that date's start on its clock; null when
    /// it is not paused.
    @ExplicitNull public var pausedUntil: LocalDate?
    /// The rings it passes over for days off (`--skip-holidays`) before its next trigger, soonest first, at most
    /// `AlarmDefaults.daysOffShown`; empty when it skips none.
    public var daysOff: [DayOffInfo]

    public init(
        alarm: Alarm, nextTrigger: TriggerInfo?, snoozedUntil: TriggerInfo?, ringing: Bool, tone: ToneInfo? = nil,
        ringingSince: TriggerInfo? = nil, nextPass: PassInfo? = nil, passProblem: String? = nil,
        skips: TriggerInfo? = nil, pausedUntil: LocalDate? = nil, daysOff: [DayOffInfo] = []
    ) {
        self.alarm = alarm
        self.nextTrigger = nextTrigger
        self.snoozedUntil = snoozedUntil
        self.ringing = ringing
        self.ringingSince = ringingSince
        self.tone = tone
        self.nextPass = nextPass
        self.passProblem = passProblem
        self.skips = skips
        self.pausedUntil = pausedUntil
        self.daysOff = daysOff
    }
}
