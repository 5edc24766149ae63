import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseStore
import NoiseTime

/// The gratitude diary's daily reminder (docs/life.md) on the alarms' scheduler: the same wall-clock rule and
/// the same wait as a daily alarm, stored with the alarms; when it comes due the handler (the life desk) decides
/// whether to remind, and nothing rings.
extension AlarmScheduler {
    /// Sets the reminder's time (nil: off); the next one is the next time the clock shows it.
    public func setReminder(_ time: TimeOfDay?) async throws(ProtocolError) -> GratitudeReminder {
        let new = time.map { DailyReminder(time: $0, lookAfter: now()) }
        try await storeChanges.change("the reminder could not be saved") { try await store.setReminder(new) }
        reminder = new
        clock.interrupt()
        return reminderInfo()
    }

    /// The reminder as `gratitude_remind` and `status` show it.
    public func reminderInfo() -> GratitudeReminder {
        GratitudeReminder(
            time: reminder?.time.description,
            next: reminder?.next(in: schedule.context).map { TriggerInfo(unix: $0, zone: schedule.zone) })
    }

    /// The reminder's trigger after `instant` (the one after a day it skips).
    public func reminderTrigger(after instant: Double) -> TriggerInfo? {
        reminder?.rule.next(after: instant, in: schedule.context).map { TriggerInfo(unix: $0, zone: schedule.zone) }
    }

    /// Who is told when the reminder comes due, with the day it is for.
    public func onReminder(_ handler: @escaping @Sendable (LocalDate) async -> Void) {
        reminderHandler = handler
    }

    /// Deals with the reminder if it is due: first stored as dealt with (so a crash cannot remind twice), then the
    /// handler told, unless the day it was for is over; only then does `reminderInfo` show the next one, so a
    /// client that sees it moved on has the handler's event already.
    func remindIfDue() async {
        guard let reminder, let due = reminder.due(at: now(), in: schedule.context) else { return }
        do {
            try await store.setReminder(due.handled)
        } catch {
            logger.error("alarms: the reminder could not be stored as done: \(NoiseDatabase.describe(error))")
        }
        if let day = due.day { await reminderHandler?(day) }
        // Unless `setReminder` changed it meanwhile.
        if self.reminder == reminder { self.reminder = due.handled }
    }
}
