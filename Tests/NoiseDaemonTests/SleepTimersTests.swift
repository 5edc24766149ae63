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
        _ timers: inout SleepTimers<Instant>, seconds: Double, fade: Double, floor: Double = 0
    ) -> (id: Int, fadeStart: Instant, deadline: Instant) {
        var placed: (Instant, Instant)?
        let id = timers.start(at: now, seconds: seconds, fade: fade, floor: floor) { _, fadeStart, deadline in
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
        #expect(dropped == nil, "dropped: its task woke too late to fade anything")
        let fired = timers.fire(2)
        let again = timers.fire(2)
        #expect(fired?.fading == true && again == nil, "a fade starts once")
        #expect(timers.end(2)?.floor == 0)
        #expect(timers.isEmpty, "a timer fading to silence is done at its end: its sounds stop")
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

    /// `--fade-to 10`: the fade ends at the floor and the timer stays, with nothing left to wait for, so it can
    /// still be extended; its sounds' volume under it is their own until the fade, then the floor (or their own
    /// when lower).
    @Test func aTimerWithAFloorStaysAtItsEnd() {
        var timers = SleepTimers<Instant>()
        let timer = Self.start(&timers, seconds: 60, fade: 10, floor: 10)
        #expect(timers[timer.id]?.volume(for: 70) == 70)
        let early = timers.end(timer.id)
        #expect(early == nil, "no end before its fade began")
        let fired = timers.fire(timer.id)
        #expect(fired?.volume(for: 70) == 10)
        #expect(timers[timer.id]?.volume(for: 5) == 5, "a sound quieter than the floor stays as it is")
        let ended = timers.end(timer.id)
        #expect(ended?.floor == 10)
        #expect(timers.count == 1 && timers[timer.id]?.task == nil && timers.tasks.isEmpty)
        #expect(timers[timer.id]?.fading == true)
    }

    /// `sleep_extend`: a waiting timer's deadline moves on; one fading or resting at its floor ends `seconds`
    /// from now, fades again before that, and is named so the player brings its sounds back.
    @Test func extendingMovesTheDeadlinesAndTakesBackTheFadesBegun() throws {
        var timers = SleepTimers<Instant>()
        let waiting = Self.start(&timers, seconds: 600, fade: 30)
        let floored = Self.start(&timers, seconds: 60, fade: 10, floor: 10)
        _ = timers.fire(floored.id)
        _ = timers.end(floored.id)
        let oldTask = try #require(timers[waiting.id]?.task)
        let later = Self.now.advanced(by: .seconds(120))  // two minutes on: the floored one's end has passed
        var placed: [Int: (Instant, Instant)] = [:]
        let restored = timers.extend(by: 900, at: later) { id, fadeStart, deadline in
            placed[id] = (fadeStart, deadline)
            return Task {}
        }
        #expect(restored == [floored.id])
        #expect(oldTask.isCancelled, "the old wait is over: a new task waits for the new end")
        #expect(timers[waiting.id]?.deadline == Self.now.advanced(by: .seconds(1500)))
        #expect(placed[waiting.id]?.0 == Self.now.advanced(by: .seconds(1470)))
        #expect(timers[floored.id]?.deadline == later.advanced(by: .seconds(900)), "from now: its end had passed")
        #expect(placed[floored.id]?.0 == later.advanced(by: .seconds(890)))
        #expect(timers[floored.id]?.fading == false && timers[floored.id]?.volume(for: 70) == 70)
        #expect(timers.lastDeadline == Self.now.advanced(by: .seconds(1500)), "the latest end of all")
        #expect(timers.tasks.count == 2)
    }

    @Test func theFadeStartsItsLengthBeforeTheEndOrAtOnce() {
        let end = Self.now.advanced(by: .seconds(20))
        #expect(SleepTimers<Instant>.fadeStart(now: Self.now, deadline: end, fade: 5) == end.advanced(by: .seconds(-5)))
        #expect(SleepTimers<Instant>.fadeStart(now: Self.now, deadline: end, fade: 30) == Self.now)
    }
}
