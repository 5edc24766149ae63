import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseStore
import NoiseTime

/// The gratitude diary's daily reminder (`DiaryReminder`) carried out: stored with the alarms, waited for with
/// them; when it comes due the handler (the life desk) decides whether to remind, and nothing rings.
extension AlarmScheduler {
    /// Sets the reminder's time (nil: off); the next one is the next time the clock shows it.
    public func setReminder(_ time: TimeOfDay?) async throws(ProtocolError) -> GratitudeReminder {
        let new = DiaryReminder.at(time, now: now())
        try await storeChanges.change("the reminder could not be saved") { try await store.setReminder(new) }
        reminder.set(new)
        clock.interrupt()
        return reminderInfo()
    }

    /// The reminder as `gratitude_remind` and `status` show it.
    public func reminderInfo() -> GratitudeReminder {
        reminder.info(in: schedule.context)
    }

    /// The reminder's trigger after `instant` (the one after a day it skips).
    public func reminderTrigger(after instant: Double) -> TriggerInfo? {
        reminder.trigger(after: instant, in: schedule.context)
    }

    /// Who is told when the reminder comes due, with the day it is for.
    public func onReminder(_ handler: @escaping @Sendable (LocalDate) async -> Void) {
        reminder.handler = handler
    }

    /// Deals with the reminder if it is due: first stored as dealt with (so a crash cannot remind twice), then the
    /// handler told, unless the day it was for is over; only then does `reminderInfo` show the next one, so a
    /// client that sees it moved on has the handler's event already.
    func remindIfDue() async {
        guard let due = reminder.due(at: now(), in: schedule.context) else { return }
        do {
            try await store.setReminder(due.handled)
        } catch {
            logger.error("alarms: the reminder could not be stored as done: \(NoiseDatabase.describe(error))")
        }
        if let day = due.day, let handler = reminder.handler { await handler(day) }
        reminder.handled(due)
    }
}
