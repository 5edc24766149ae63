import NoiseCore
import NoiseTime

/// When an alarm rings: every kind of alarm is a case of this one rule, and `next(after:zone:)` is the one place
/// that says when it rings next. The scheduler knows nothing else about kinds of alarms.
public enum TriggerRule: Sendable, Hashable {
    /// A local wall time on the days of the repeat rule (none: once, the next time that time comes).
    case wallClock(TimeOfDay, RepeatRule)
    /// Once, at an instant (Unix seconds): a timer (`noisectl timer 10m`), which no time-zone change moves.
    case instant(Int64)

    /// Whether the alarm is done after one ring (a once alarm is then disabled, a timer removed).
    public var ringsOnce: Bool {
        switch self {
        case .wallClock(_, let days): days.isOnce
        case .instant: true
        }
    }

    /// The first trigger strictly after `instant`, or nil when there is none.
    public func next(after instant: Int64, zone: ZoneRules) -> Int64? {
        switch self {
        case .wallClock(let time, let days): NextTrigger.next(time: time, rule: days, after: instant, zone: zone)
        case .instant(let at): at > instant ? at : nil
        }
    }
}

extension Alarm {
    public var rule: TriggerRule {
        firesAt.map(TriggerRule.instant) ?? .wallClock(time, self.repeat)
    }

    /// A timer rings once at `firesAt` and is removed when its ring is over.
    public var isTimer: Bool { firesAt != nil }
}
