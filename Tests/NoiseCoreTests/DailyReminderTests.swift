import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime

/// The gratitude diary's daily reminder on the alarms' rule: due at its time, still the same day when late, let
/// go (not missed) once that day is over.
@Suite("Daily reminder")
struct DailyReminderTests {
    /// 2026-11-27T00:00:00Z.
    static let midnight = 1_795_737_600.0
    let context = TriggerRule.Context(zone: .utc)
    let reminder = DailyReminder(time: TimeOfDay(hour: 21, minute: 30), lookAfter: midnight)

    @Test func itComesDueAtItsTimeAndThenTomorrow() throws {
        let at = Self.midnight + 21.5 * 3600
        #expect(reminder.next(in: context) == at)
        #expect(reminder.due(at: at - 1, in: context) == nil)
        let due = try #require(reminder.due(at: at, in: context))
        #expect(due.day?.description == "2026-11-27" && due.handled.next(in: context) == at + 86_400)
    }

    @Test func lateTheSameDayItStillComesAndTheNextDayItIsLetGo() throws {
        let at = Self.midnight + 21.5 * 3600
        #expect(try #require(reminder.due(at: at + 2 * 3600, in: context)).day?.description == "2026-11-27")
        let nextDay = try #require(reminder.due(at: at + 3 * 3600, in: context))
        #expect(nextDay.day == nil, "the day it was for is over")
        #expect(nextDay.handled.next(in: context) == at + 86_400)
    }

    @Test func itFollowsTheZonesWallClock() throws {
        let paris = ZoneRules.fixed(offsetSeconds: 3600, identifier: "CET")
        let zoned = TriggerRule.Context(zone: paris)
        let at = Self.midnight + 20.5 * 3600
        #expect(reminder.next(in: zoned) == at)
        #expect(try #require(reminder.due(at: at, in: zoned)).day?.description == "2026-11-27")
    }
}
