import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseTime

/// The gratitude diary's daily reminder (docs/life.md) as the scheduler keeps it: the time it is set for, who is
/// told when it comes due, and its coming due dealt with once. The scheduler stores it with the alarms and waits
/// for it as for a daily alarm; nothing rings.
struct DiaryReminder {
    /// Its coming due, as `due(at:in:)` found it: the scheduler stores `handled` first (so a crash cannot remind
    /// twice), tells the handler about `day`, then hands it back to `handled(_:)`.
    struct Due {
        /// The reminder it came due from: what `handled(_:)` replaces, unless the reminder was set again since.
        let from: DailyReminder
        /// The reminder dealt with: its next trigger is the one after this.
        let handled: DailyReminder
        /// The day to remind for; nil when that day is over (a reminder found late the next day is let go).
        let day: LocalDate?
    }

    /// The reminder; nil when it is off.
    private(set) var current: DailyReminder?
    /// Who is told when it comes due, with the day it is for (the life desk).
    var handler: (@Sendable (LocalDate) async -> Void)?

    init(_ current: DailyReminder?) {
        self.current = current
    }

    /// A reminder at `time` (nil: off) whose first trigger is the next time the clock shows it after `now`.
    static func at(_ time: TimeOfDay?, now: Double) -> DailyReminder? {
        time.map { DailyReminder(time: $0, lookAfter: now) }
    }

    /// Puts `reminder` in place once it is stored (nil: off).
    mutating func set(_ reminder: DailyReminder?) {
        current = reminder
    }

    /// When the scheduler must wake for it; nil when it is off.
    func nextDeadline(in context: TriggerRule.Context) -> Double? {
        current?.next(in: context)
    }

    /// The reminder as `gratitude_remind` and `status` show it.
    func info(in context: TriggerRule.Context) -> GratitudeReminder {
        GratitudeReminder(
            time: current?.time.description,
            next: nextDeadline(in: context).map { TriggerInfo(unix: $0, zone: context.zone) })
    }

    /// Its trigger after `instant` (the one after a day it skips).
    func trigger(after instant: Double, in context: TriggerRule.Context) -> TriggerInfo? {
        current?.rule.next(after: instant, in: context).map { TriggerInfo(unix: $0, zone: context.zone) }
    }

    /// Its coming due at `now`, or nil when it is off or not due.
    func due(at now: Double, in context: TriggerRule.Context) -> Due? {
        guard let current, let due = current.due(at: now, in: context) else { return nil }
        return Due(from: current, handled: due.handled, day: due.day)
    }

    /// `due` was stored and told: the reminder moves on to its next trigger, unless it was set again while the
    /// handler ran (the new time stands).
    mutating func handled(_ due: Due) {
        if current == due.from { current = due.handled }
    }
}
