import Testing

@testable import MarsTime
@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime
@testable import TimeScales

/// Mars alarms: one more case of `TriggerRule`, on the same schedule as every alarm.
@Suite("Mars alarms on the alarm schedule")
struct MarsAlarmRuleTests {
    /// 2026-11-25T00:00:00Z.
    static let start = 1_795_996_800.0
    static let jezero = try! MarsAlarmClock.at(site: "jezero", solar: false)
    static let context = TriggerRule.Context(zone: .utc)
    static let sol = MarsClock.Constants.solRatio * 86_400

    func alarm(_ clock: MarsAlarmClock = jezero, everySol: Bool = true) -> Alarm {
        Alarm(id: 1, rule: .marsClock(TimeOfDay(hour: 7, minute: 0), clock, everySol: everySol), ringLimitSeconds: 60)
    }

    func lmst(_ unix: Double, _ clock: MarsAlarmClock = jezero) -> Double {
        MarsClock(unix: unix, leapSeconds: .builtIn).lmst(eastLongitude: clock.lonEastDeg)
    }

    @Test func theTriggerIsWhenTheSitesClockReadsTheTimeToTheMillisecond() throws {
        let rule = alarm().rule
        #expect(rule == .marsClock(TimeOfDay(hour: 7, minute: 0), Self.jezero, everySol: true) && !rule.ringsOnce)
        let trigger = try #require(rule.next(after: Self.start, in: Self.context))
        #expect(trigger > Self.start && trigger - Self.start <= Self.sol)
        #expect(trigger == (trigger * 1000).rounded() / 1000, "on a whole millisecond")
        // 1 ms of Earth time is 1/1.0275 ms of Mars time: the clock reads 07:00 within that.
        #expect(abs(lmst(trigger) - 7) * 3600 < 0.001)
    }

    @Test func everySolTheNextIsASolLaterAndNeverTheSameOneAgain() throws {
        let rule = alarm().rule
        let first = try #require(rule.next(after: Self.start, in: Self.context))
        let second = try #require(rule.next(after: first, in: Self.context))
        #expect(abs(second - first - Self.sol) < 0.002)
        // Looking from just before the trigger finds it; from it or a hair after, the next sol's.
        #expect(rule.next(after: first - 0.002, in: Self.context) == first)
        #expect(rule.next(after: first + 0.0004, in: Self.context) == second)
    }

    @Test func trueSolarTimeDiffersByTheEquationOfTime() throws {
        let solar = MarsAlarmClock(site: "perseverance", lonEastDeg: Self.jezero.lonEastDeg, solar: true)
        let mean = try #require(alarm().rule.next(after: Self.start, in: Self.context))
        let sundial = try #require(alarm(solar).rule.next(after: Self.start, in: Self.context))
        let reading = MarsClock(unix: sundial, leapSeconds: .builtIn)
        #expect(abs(reading.ltst(eastLongitude: solar.lonEastDeg) - 7) * 3600 < 0.002)
        // EOT is up to ±50 min: the two instants differ by about that, not by a sol.
        #expect(abs(sundial - mean) < 3600 && abs(sundial - mean) > 1)
    }

    @Test func theScheduleRingsAMarsAlarmOnItsMillisecondAndQueuesTheNextSol() throws {
        var plan = AlarmSchedule(alarms: [alarm()], lookAfter: [:], snoozes: [:], zone: .utc, now: Self.start)
        let trigger = try #require(plan.nextTrigger(of: 1))
        #expect(trigger != trigger.rounded(), "this Mars trigger falls between seconds, as most do")
        #expect(plan.nextDeadline == trigger)
        #expect(plan.advance(to: trigger - 0.001).isEmpty)
        #expect(plan.advance(to: trigger) == [.ring(alarmID: 1, trigger: trigger)])
        let dismissed = plan.dismiss(now: trigger + 5)
        #expect(dismissed.contains(.persistLookAfter(alarmID: 1, instant: trigger)))
        let next = try #require(plan.nextTrigger(of: 1))
        #expect(abs(next - trigger - Self.sol) < 0.002)
    }

    @Test func aOnceMarsAlarmSwitchesItselfOff() throws {
        var plan = AlarmSchedule(
            alarms: [alarm(everySol: false)], lookAfter: [:], snoozes: [:], zone: .utc, now: Self.start)
        let trigger = try #require(plan.nextTrigger(of: 1))
        _ = plan.advance(to: trigger)
        #expect(plan.dismiss(now: trigger + 1).contains(.disable(alarmID: 1)))
        #expect(plan.nextTrigger(of: 1) == nil)
    }

    @Test func aLeapSecondInTheTableMovesTheTriggerByASecond() throws {
        // A table with a (hypothetical) leap second tomorrow: the same Mars time comes one UTC second earlier.
        let real = LeapSeconds.builtIn
        let next = LeapSeconds.Step(unix: Int64(Self.start) + 86_400, offset: real.steps.last!.offset + 1)
        let leapt = LeapSeconds(steps: real.steps + [next], expires: nil, source: "test")
        let later = Self.start + 2 * 86_400
        let without = try #require(alarm().rule.next(after: later, in: Self.context))
        let with = try #require(
            alarm().rule.next(after: later, in: TriggerRule.Context(zone: .utc, leapSeconds: leapt)))
        #expect(abs((without - with) - 1) < 0.002)
        let plan = AlarmSchedule(alarms: [alarm()], lookAfter: [1: later], snoozes: [:], zone: .utc, now: later)
        let planLeapt = AlarmSchedule(
            alarms: [alarm()], lookAfter: [1: later], snoozes: [:], zone: .utc, leapSeconds: leapt,
            now: later)
        #expect(plan.nextTrigger(of: 1) == without && planLeapt.nextTrigger(of: 1) == with)
    }

    @Test func weekdaysAreRefusedForAMarsAlarmAndSitesAreMatchedLikeZones() throws {
        var weekly = AlarmRuleFields(alarm().rule)
        weekly.repeat = .weekdays
        #expect(throws: AlarmRuleFields.Problem.self) { try weekly.rule() }
        do throws(AlarmRuleFields.Problem) { _ = try weekly.rule() } catch {
            #expect(error.description.contains("once or every sol"))
        }
        #expect(
            alarm().ruleProblem == nil
                && Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), repeat: .weekdays).ruleProblem == nil)
        #expect(try RepeatRule.parse("sols") == .daily)
        #expect(Self.jezero.site == "perseverance" && abs(Self.jezero.lonEastDeg - 77.4508) < 1e-9)
        #expect(throws: ProtocolError.self) { try MarsAlarmClock.at(site: "jezro", solar: false) }
        do {
            _ = try MarsAlarmClock.at(site: "jezro", solar: false)
        } catch {
            #expect(error.message.contains("did you mean jezero"))
        }
    }
}
