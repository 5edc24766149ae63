import Testing

@testable import NoiseAlarms
@testable import NoiseDaemon

/// The hold on the alarms while the machine sleeps, on its own.
@Suite("Sleep hold")
struct SleepHoldTests {
    static let asleep = 1_000_000.0

    @Test func awakeThereIsNoHold() {
        var hold = SleepHold()
        #expect(!hold.isAsleep)
        #expect(hold.ends(now: Self.asleep) == nil)
        let slept = hold.wake()
        #expect(!slept, "nothing slept: lateness is plain `late`")
    }

    @Test func theHoldEndsByItselfAfterItsLength() {
        var hold = SleepHold()
        hold.fallAsleep(at: Self.asleep)
        #expect(hold.isAsleep)
        let end = Self.asleep + AlarmDefaults.sleepHoldSeconds
        #expect(hold.ends(now: Self.asleep) == end)
        #expect(hold.ends(now: end - 1) == end)
        // Run out: the scheduler looks at the alarms, as after a resume.
        #expect(hold.ends(now: end) == nil)
        let slept = hold.wake()
        #expect(slept)
    }

    @Test func wakingEndsTheHoldOnce() {
        var hold = SleepHold()
        hold.fallAsleep(at: Self.asleep)
        let first = hold.wake()
        #expect(first && !hold.isAsleep)
        let second = hold.wake()
        #expect(!second)
    }

    /// A second PrepareForSleep (a sleep that failed, then another) holds from the later one.
    @Test func fallingAsleepAgainHoldsFromTheLaterSignal() {
        var hold = SleepHold()
        hold.fallAsleep(at: Self.asleep)
        hold.fallAsleep(at: Self.asleep + 60)
        #expect(hold.ends(now: Self.asleep + 60) == Self.asleep + 60 + AlarmDefaults.sleepHoldSeconds)
    }
}
