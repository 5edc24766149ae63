import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime
@testable import Orbits

/// Pass alarms: one more case of `TriggerRule`, on the same schedule as every alarm, ringing before the passes
/// `PassFinder` finds (itself checked against skyfield in Tests/integration/test_satellites.py).
@Suite("Pass alarms on the alarm schedule")
struct PassAlarmRuleTests {
    static let iss = try! TwoLineElements.parse(
        """
        ISS (ZARYA)
        1 25544U 98067A   24001.50000000  .00016717  00000-0  30306-3 0  9999
        2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.49815325432113
        """)[0]
    /// 2024-01-01T12:00:00Z, the elements' epoch.
    static let start = 1_704_110_400.0
    static let london = GeodeticPosition(latitude: 51.5074, longitude: -0.1278, heightKm: 0.035)
    static let sky = SatelliteSky(elements: [iss], observer: london)

    func alarm(_ pass: PassAlarm) -> Alarm {
        Alarm(id: 1, rule: .satellitePass(pass), ringLimitSeconds: 60)
    }

    func passes(minElevation: Double, sky: SatelliteSky = sky) throws -> [SatellitePass] {
        try PassFinder(model: SGP4(Self.iss), observer: sky.observer, minElevation: minElevation)
            .passes(from: Self.start, to: Self.start + 3 * 86_400)
    }

    @Test func itRingsItsLeadBeforeTheRiseOfEachPassHighEnough() throws {
        let pass = PassAlarm(minElevationDeg: 30, leadSeconds: 300)
        let context = TriggerRule.Context(zone: .utc, sky: Self.sky)
        let high = try passes(minElevation: 30)
        #expect(high.count >= 3 && high.allSatisfy { $0.maxElevation >= 30 })
        // The rise it rings before is where the pass climbs through 30°, as `iss passes --min-elevation 30` says.
        #expect(high.allSatisfy { $0.rise.look.elevation >= 30 && $0.rise.unix > $0.horizonRise.unix + 60 })
        let first = try #require(alarm(pass).rule.next(after: Self.start, in: context))
        // Rise and set are found to 0.1 s, from wherever the search starts.
        #expect(abs(first - (high[0].rise.unix - 300)) < 0.1)
        let second = try #require(alarm(pass).rule.next(after: alarm(pass).rule.settled(after: first), in: context))
        #expect(abs(second - (high[1].rise.unix - 300)) < 0.1)
        #expect(!alarm(pass).rule.ringsOnce)
    }

    @Test func aVisibleOnlyAlarmRingsBeforeTheVisiblePartOfAVisiblePass() throws {
        let pass = PassAlarm(visibleOnly: true, minElevationDeg: 10, leadSeconds: 120)
        let found = try #require(pass.next(after: Self.start, in: Self.sky))
        let visible = try #require(try passes(minElevation: 10).first { $0.visible })
        #expect(abs(found.pass.culmination.unix - visible.culmination.unix) < 0.1 && found.pass.visible)
        #expect(abs(found.trigger - (try #require(visible.visibleFrom).unix - 120)) < 0.1)
    }

    @Test func withoutElementsOrWhereThePassesStayLowThereIsNoTrigger() {
        let rule = alarm(PassAlarm()).rule
        #expect(rule.next(after: Self.start, in: TriggerRule.Context(zone: .utc)) == nil)
        let svalbard = SatelliteSky(
            elements: [Self.iss], observer: GeodeticPosition(latitude: 78.2232, longitude: 15.6267))
        #expect(rule.next(after: Self.start, in: TriggerRule.Context(zone: .utc, sky: svalbard)) == nil)
        let otherSatellite = alarm(PassAlarm(satellite: 20580)).rule
        #expect(otherSatellite.next(after: Self.start, in: TriggerRule.Context(zone: .utc, sky: Self.sky)) == nil)
    }

    /// Rung and dismissed, then new elements move the pass a few seconds: the same pass does not ring again.
    @Test func onePassRingsOnceEvenWhenNewElementsMoveIt() throws {
        var schedule = AlarmSchedule(
            alarms: [alarm(PassAlarm(minElevationDeg: 30, leadSeconds: 300))], lookAfter: [:],
            snoozes: [:], zone: .utc, sky: Self.sky, now: Self.start)
        let trigger = try #require(schedule.nextTrigger(of: 1))
        #expect(schedule.advance(to: trigger) == [.ring(alarmID: 1, trigger: trigger)])
        let dismissed = schedule.dismiss(now: trigger + 20)
        #expect(dismissed.contains(.persistLookAfter(alarmID: 1, instant: trigger + PassAlarm.settleSeconds)))
        var moved = Self.iss
        moved.meanAnomaly -= 0.1  // about 1.6 s later along the orbit
        _ = schedule.setSky(SatelliteSky(elements: [moved], observer: Self.london), now: trigger + 25)
        let next = try #require(schedule.nextTrigger(of: 1))
        #expect(next - trigger > 80 * 60, "the next pass, not the same one found a little later")
    }

    /// A place set while the daemon runs: passes the new place puts in the past are not reported missed.
    @Test func aNewSkyStartsFromNowWithoutMissedPasses() throws {
        var schedule = AlarmSchedule(
            alarms: [alarm(PassAlarm(minElevationDeg: 10, leadSeconds: 60))], lookAfter: [:],
            snoozes: [:], zone: .utc, now: Self.start)
        #expect(schedule.nextTrigger(of: 1) == nil)
        let now = Self.start + 86_400
        #expect(schedule.setSky(Self.sky, now: now) == [.persistLookAfter(alarmID: 1, instant: now)])
        let next = try #require(schedule.nextTrigger(of: 1))
        #expect(next > now)
        #expect(schedule.advance(to: now + 1).isEmpty)
    }

    @Test func impossibleConditionsAreSaidPlainly() {
        #expect(alarm(PassAlarm(minElevationDeg: 95)).ruleProblem == "min-elevation must be 0 to 90 degrees, got 95")
        #expect(alarm(PassAlarm(leadSeconds: 3 * 3600)).ruleProblem == "before must be 0 s to 2 h, got 3 h")
    }
}
