import NoiseProtocol
import Testing

@testable import NoiseDaemon

/// The scheduler's side of alarm tones, on its own: when the next trigger's tone is handed to the mixer, when it
/// is taken back, and the tone each alarm rang with.
@Suite("Alarm tone hand-off")
struct ToneHandOffTests {
    typealias Trigger = ToneHandOff.Trigger
    static let seven = Trigger(alarmID: 1, trigger: 1_000_000)
    static let eight = Trigger(alarmID: 2, trigger: 1_003_600)

    @Test func nothingIsHandedOverBeforeTheLead() {
        var tones = ToneHandOff()
        let early = tones.steps(next: Self.seven, now: Self.seven.trigger - 60)
        #expect(early.isEmpty)
        #expect(tones.prepared == nil)
        #expect(
            tones.handOverTime(next: Self.seven, now: Self.seven.trigger - 60) == Self.seven.trigger - ToneHandOff.lead)
        #expect(tones.handOverTime(next: nil, now: Self.seven.trigger) == nil)
    }

    /// Within the lead the tone goes to the mixer, given the time left less the device buffer's margin to load.
    @Test func withinTheLeadTheToneIsHandedOverOnce() {
        var tones = ToneHandOff()
        let now = Self.seven.trigger - ToneHandOff.lead
        let steps = tones.steps(next: Self.seven, now: now)
        #expect(
            steps == [
                .prepare(
                    alarmID: 1, trigger: Self.seven.trigger,
                    readyWithin: .seconds(ToneHandOff.lead - DaemonLimits.toneReadyMarginSeconds))
            ])
        #expect(tones.prepared == Self.seven)
        let again = tones.steps(next: Self.seven, now: now + 0.5)
        #expect(again.isEmpty)
        #expect(tones.handOverTime(next: Self.seven, now: now) == nil, "handed over: no wake for it")
    }

    /// Found late (a trigger just added, the loop woke late): the load gets no time, never a negative one.
    @Test func aTriggerFoundLateGivesItsLoadNoTime() {
        var tones = ToneHandOff()
        let steps = tones.steps(next: Self.seven, now: Self.seven.trigger - 0.1)
        #expect(
            steps == [
                .prepare(alarmID: 1, trigger: Self.seven.trigger, readyWithin: .zero)
            ])
        #expect(tones.handOverTime(next: Self.eight, now: Self.eight.trigger) == Self.eight.trigger)
    }

    @Test func aToneForATriggerThatChangedIsTakenBack() {
        var tones = ToneHandOff()
        _ = tones.steps(next: Self.seven, now: Self.seven.trigger - 1)
        // The alarm was moved an hour on: the prepared tone goes, the new one waits for its lead.
        let moved = tones.steps(next: Self.eight, now: Self.seven.trigger - 0.5)
        #expect(moved == [.cancel])
        #expect(tones.prepared == nil)
        _ = tones.steps(next: Self.seven, now: Self.seven.trigger - 1)
        let removed = tones.steps(next: nil, now: Self.seven.trigger - 0.5)
        #expect(removed == [.cancel], "the alarm was removed")
    }

    @Test func aRingingTriggerKeepsItsToneAndOtherTriggersLeaveItPrepared() {
        var tones = ToneHandOff()
        _ = tones.steps(next: Self.seven, now: Self.seven.trigger - 1)
        tones.ringing(2, trigger: Self.seven.trigger)
        #expect(tones.prepared == Self.seven, "another alarm's ring is not this tone's")
        tones.ringing(1, trigger: Self.seven.trigger)
        #expect(tones.prepared == nil)
        let dropped = tones.dropPrepared()
        #expect(!dropped, "rung: nothing to take back")
    }

    @Test func droppingThePreparedToneSaysWhetherThereWasOne() {
        var tones = ToneHandOff()
        _ = tones.steps(next: Self.seven, now: Self.seven.trigger - 1)
        let first = tones.dropPrepared()
        let second = tones.dropPrepared()
        #expect(first && !second)
        #expect(tones.handOverTime(next: Self.seven, now: Self.seven.trigger - 1) == Self.seven.trigger - 1)
    }

    @Test func eachAlarmKeepsTheToneItLastRangWith() {
        var tones = ToneHandOff()
        tones.record(ToneInfo(sound: "birds", note: nil), for: 1)
        tones.record(ToneInfo(sound: nil, note: "'birds' is not in the catalog"), for: 1)
        tones.record(ToneInfo(sound: "classic", note: nil), for: 2)
        #expect(tones.rung[1] == ToneInfo(sound: nil, note: "'birds' is not in the catalog"))
        #expect(tones.rung[2]?.sound == "classic")
        #expect(tones.rung[3] == nil)
    }
}
