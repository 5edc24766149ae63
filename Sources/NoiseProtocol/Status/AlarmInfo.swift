import NoiseAlarms
import NoiseCore

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
