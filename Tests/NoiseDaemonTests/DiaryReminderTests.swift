import NoiseCore
import NoiseProtocol
import NoiseTime
import Testing

@testable import NoiseAlarms
@testable import NoiseDaemon

/// The diary's reminder on its own: when it comes due, for which day, and that a reminder set again while the
/// last one was being dealt with stands.
@Suite("Diary reminder")
struct DiaryReminderTests {
    /// 2024-06-10 06:00:00 UTC.
    static let start = Double(19_884 * 86_400 + 6 * 3600)
    static let context = TriggerRule.Context(zone: .utc)
    static let seven = TimeOfDay(hour: 7, minute: 0)
    static let today = LocalDate(dayNumber: 19_884)

    @Test func offItHasNoTimeNoTriggerAndIsNeverDue() {
        let reminder = DiaryReminder(DiaryReminder.at(nil, now: Self.start))
        #expect(reminder.info(in: Self.context) == GratitudeReminder(time: nil, next: nil))
        #expect(reminder.nextDeadline(in: Self.context) == nil)
        #expect(reminder.due(at: Self.start + 86_400, in: Self.context) == nil)
    }

    @Test func itComesDueAtItsTimeForThatDayAndThenMovesToTheNext() throws {
        var reminder = DiaryReminder(DiaryReminder.at(Self.seven, now: Self.start))
        let seven = Self.start + 3600
        #expect(reminder.info(in: Self.context).time == "07:00")
        #expect(reminder.nextDeadline(in: Self.context) == seven)
        #expect(reminder.due(at: seven - 1, in: Self.context) == nil)
        let due = try #require(reminder.due(at: seven, in: Self.context))
        #expect(due.day == Self.today)
        // Until it is dealt with, it still shows today's.
        #expect(reminder.info(in: Self.context).next?.unix == seven)
        reminder.handled(due)
        #expect(reminder.nextDeadline(in: Self.context) == seven + 86_400)
        #expect(reminder.due(at: seven + 60, in: Self.context) == nil)
    }

    /// The daemon was down all of the day: the reminder found the next morning is let go, not sent late.
    @Test func aReminderFoundAfterItsDayIsOverRemindsOfNothing() throws {
        var reminder = DiaryReminder(DiaryReminder.at(Self.seven, now: Self.start))
        let due = try #require(reminder.due(at: Self.start + 86_400, in: Self.context))
        #expect(due.day == nil)
        reminder.handled(due)
        #expect(reminder.nextDeadline(in: Self.context) == Self.start + 86_400 + 3600)
    }

    /// `gratitude_remind 21:00` while the handler ran for 07:00: the new time stands.
    @Test func aReminderSetAgainWhileOneIsDealtWithStands() throws {
        var reminder = DiaryReminder(DiaryReminder.at(Self.seven, now: Self.start))
        let due = try #require(reminder.due(at: Self.start + 3600, in: Self.context))
        let nine = DiaryReminder.at(TimeOfDay(hour: 21, minute: 0), now: Self.start + 3600)
        reminder.set(nine)
        reminder.handled(due)
        #expect(reminder.current == nine)
        #expect(reminder.nextDeadline(in: Self.context) == Self.start + 15 * 3600)
    }

    /// A day it skips (its entry is written already): the trigger after it.
    @Test func theTriggerAfterAnInstantIsTheNextTimeTheClockShowsIt() {
        let reminder = DiaryReminder(DiaryReminder.at(Self.seven, now: Self.start))
        #expect(reminder.trigger(after: Self.start + 3600, in: Self.context)?.unix == Self.start + 3600 + 86_400)
        #expect(DiaryReminder(nil).trigger(after: Self.start, in: Self.context) == nil)
    }
}
