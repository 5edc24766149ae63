import NoiseCore
import NoiseTime

/// A notice at a local time each day (the gratitude reminder, docs/life.md): the rule of a daily alarm, on the
/// alarms' scheduler, but it shows a notification instead of ringing. One that comes due late (the daemon was
/// not running, the machine slept) still comes the same day; a day that has passed is let go, not "missed".
public struct DailyReminder: Sendable, Equatable {
    public var time: TimeOfDay
    /// Triggers at or before this instant are dealt with.
    public var lookAfter: Double

    public init(time: TimeOfDay, lookAfter: Double) {
        self.time = time
        self.lookAfter = lookAfter
    }

    public var rule: TriggerRule { .wallClock(time, .daily, zone: nil) }

    public func next(in context: TriggerRule.Context) -> Double? {
        rule.next(after: lookAfter, in: context)
    }

    /// What is due at `now`, or nil: the day to remind for (nil when that day is over) and the reminder dealt with.
    public func due(at now: Double, in context: TriggerRule.Context) -> (day: LocalDate?, handled: DailyReminder)? {
        guard let trigger = next(in: context), trigger <= now else { return nil }
        let day = LocalDate(unix: Int64(trigger.rounded(.down)), zone: context.zone)
        let today = LocalDate(unix: Int64(now.rounded(.down)), zone: context.zone)
        return (day == today ? day : nil, DailyReminder(time: time, lookAfter: now))
    }
}
