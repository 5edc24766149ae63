import NoiseTesting
import Testing

@testable import NoiseDaemon

/// The player's sleep timers on their own: numbered, their fades placed before their deadlines, and dropped (their
/// tasks cancelled) when no sound belongs to them.
@Suite("Sleep timers")
struct SleepTimersTests {
    typealias Instant = ManualClock.Instant
    static let now = Instant(offset: .seconds(100))

    /// A timer whose task does nothing: these tests only look at what the timers do with it.
    static func start(
        _ timers: inout SleepTimers<Instant>, seconds: Double, fade: Double
    ) -> (id: Int, fadeStart: Instant, deadline: Instant) {
        var placed: (Instant, Instant)?
        let id = timers.start(at: now, seconds: seconds, fade: fade) { _, fadeStart, deadline in
            placed = (fadeStart, deadline)
            return Task {}
        }
        return (id, placed!.0, placed!.1)
    }

    @Test func timersAreNumberedFromOneAndFadeToEndAtTheirDeadline() {
        var timers = SleepTimers<Instant>()
        let first = Self.start(&timers, seconds: 1200, fade: 30)
        #expect(first.id == 1)
        #expect(first.deadline == Self.now.advanced(by: .seconds(1200)))
        #expect(first.fadeStart == Self.now.advanced(by: .seconds(1170)))
        #expect(timers[1]?.deadline == first.deadline && timers[1]?.fadeSeconds == 30)
        let second = Self.start(&timers, seconds: 60, fade: 30)
        #expect(second.id == 2 && timers.count == 2)
    }

    /// `play rain --for 10s --fade-out 30`: the fade starts at once and still ends at the deadline.
    @Test func aFadeLongerThanTheTimerStartsAtOnce() {
        var timers = SleepTimers<Instant>()
        let short = Self.start(&timers, seconds: 10, fade: 30)
        #expect(short.fadeStart == Self.now)
        #expect(short.deadline == Self.now.advanced(by: .seconds(10)))
    }

    @Test func timersNoSoundBelongsToAreDroppedAndTheirTasksCancelled() throws {
        var timers = SleepTimers<Instant>()
        _ = Self.start(&timers, seconds: 60, fade: 5)
        _ = Self.start(&timers, seconds: 120, fade: 5)
        let first = try #require(timers[1]?.task)
        let second = try #require(timers[2]?.task)
        timers.keep(only: [2])
        #expect(first.isCancelled && !second.isCancelled)
        #expect(timers[1] == nil && timers.count == 1)
        let dropped = timers.fire(1)
        #expect(!dropped, "dropped: its task woke too late to fade anything")
        let fired = timers.fire(2)
        let again = timers.fire(2)
        #expect(fired && !again, "a timer fires once")
        #expect(timers.isEmpty)
    }

    @Test func removingAllHandsBackEveryTask() {
        var timers = SleepTimers<Instant>()
        _ = Self.start(&timers, seconds: 60, fade: 5)
        _ = Self.start(&timers, seconds: 120, fade: 5)
        let tasks = timers.removeAll()
        #expect(tasks.count == 2)
        #expect(timers.isEmpty && timers.tasks.isEmpty)
        let next = Self.start(&timers, seconds: 60, fade: 5)
        #expect(next.id == 3, "numbers are not reused")
    }
}
