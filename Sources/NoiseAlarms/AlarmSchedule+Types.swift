/// What the schedule keeps of a snooze and a ring, why a ring was missed, and what it tells the scheduler to do.
extension AlarmSchedule {
    public struct Snooze: Sendable, Equatable, Codable {
        /// When the snoozed alarm rings again.
        public var ringAt: Double
        /// The trigger that was snoozed (for reports).
        public var trigger: Double

        public init(ringAt: Double, trigger: Double) {
            self.ringAt = ringAt
            self.trigger = trigger
        }
    }

    public struct Ringing: Sendable, Equatable {
        /// The trigger (or snooze end) that started it.
        public var trigger: Double
        /// When it stops unattended and counts as missed.
        public var until: Double
        /// Whether it is a snoozed alarm ringing again.
        public var fromSnooze: Bool
    }

    public enum MissedReason: String, Sendable, Codable {
        /// The trigger passed more than the ring limit ago (suspend, clock jump, daemon down).
        case late
        /// It rang for its whole ring limit and nobody answered.
        case unattended
        /// The trigger passed while the machine slept (logind said so), more than the grace ago at resume.
        case suspended
    }

    public enum Action: Sendable, Equatable {
        /// Start ringing (the tone, the event, the notification).
        case ring(alarmID: Int64, trigger: Double)
        /// Stop ringing; the reason is in the `missed`, `snoozed` or `dismissed` action that comes with it.
        case stopRinging(alarmID: Int64)
        case missed(alarmID: Int64, trigger: Double, reason: MissedReason)
        case snoozed(alarmID: Int64, until: Double)
        case dismissed(alarmID: Int64, trigger: Double)
        /// Store the alarm's new `lookAfter` (before acting on anything else, so a crash cannot ring it twice).
        case persistLookAfter(alarmID: Int64, instant: Double)
        /// Store (or with nil, delete) the alarm's snooze.
        case persistSnooze(alarmID: Int64, snooze: Snooze?)
        /// A once alarm has had its ring: store it disabled.
        case disable(alarmID: Int64)
        /// A timer has had its ring: forget it (after the events about its ring).
        case remove(alarmID: Int64)
        /// The ring an alarm skipped has passed: forget its skip (its `lookAfter` moves past it with it).
        case skipSpent(alarmID: Int64)
        /// The date an alarm was paused until has begun: forget its pause (its `lookAfter` moves to that date's start).
        case pauseEnded(alarmID: Int64)
    }
}
