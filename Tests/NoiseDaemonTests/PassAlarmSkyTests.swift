import Logging
import NoiseCore
import NoiseProtocol
import Testing

@testable import NoiseAlarms
@testable import NoiseDaemon
@testable import NoiseTime
@testable import Orbits

/// Pass alarms' sky on its own: which readings change it, what the log is told, and each pass alarm's next pass or
/// why it has none.
@Suite("Pass alarms' sky")
struct PassAlarmSkyTests {
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
    static let none = SkyReading(sky: nil, problem: "no orbital elements yet: noisectl iss elements import FILE")

    static func passAlarm(enabled: Bool = true) -> Alarm {
        var alarm = Alarm(
            id: 1, rule: .satellitePass(PassAlarm(minElevationDeg: 30, leadSeconds: 300)), ringLimitSeconds: 60)
        alarm.enabled = enabled
        return alarm
    }

    @Test func aReadingWithTheSameSkyChangesNothing() {
        var sky = PassAlarmSky(source: nil, reading: SkyReading(sky: Self.sky))
        let change = sky.take(SkyReading(sky: Self.sky, note: "the time zone's city"))
        #expect(change == nil)
        #expect(sky.reading.note == "the time zone's city", "the reading is kept all the same")
    }

    @Test func aNewSkyIsHandedOnAndSaidOnceAtInfo() {
        var sky = PassAlarmSky(source: nil, reading: Self.none)
        let change = sky.take(SkyReading(sky: Self.sky, note: "London"))
        #expect(
            change
                == PassAlarmSky.Change(
                    sky: Self.sky,
                    said: .init(
                        level: .info,
                        message:
                            "alarms: pass alarms use the elements of 1 satellite(s) over 51.5074, -0.1278 (London)")))
        // New sets for the same satellites over the same place (a download): the same line, at debug.
        var moved = Self.sky
        moved.observer.heightKm = 0.5
        let again = sky.take(SkyReading(sky: moved, note: "London"))
        #expect(again?.sky == moved && again?.said?.level == .debug)
    }

    @Test func aSkyLostIsSaidWithWhyAndTheNextOneAtInfoAgain() {
        var sky = PassAlarmSky(source: nil, reading: SkyReading(sky: Self.sky))
        let lost = sky.take(Self.none)
        #expect(
            lost
                == PassAlarmSky.Change(
                    sky: nil,
                    said: .init(level: .notice, message: "alarms: pass alarms have no passes: " + Self.none.problem!)))
        _ = sky.take(SkyReading(sky: Self.sky))
        let lostAgain = sky.take(Self.none)
        let back = sky.take(SkyReading(sky: Self.sky))
        #expect(lostAgain?.said?.level == .notice && back?.said?.level == .info)
    }

    @Test func otherAlarmsHaveNoPassAndNoProblem() {
        var sky = PassAlarmSky(source: nil, reading: SkyReading(sky: Self.sky))
        let daily = Alarm(
            id: 2, rule: .wallClock(TimeOfDay(hour: 7, minute: 0), .daily, zone: nil), ringLimitSeconds: 60)
        let found = sky.nextPass(of: daily, trigger: Self.start + 3600, now: Self.start, zone: .utc)
        #expect(found.pass == nil && found.problem == nil)
    }

    @Test func withoutASkyAPassAlarmSaysWhy() {
        var sky = PassAlarmSky(source: nil, reading: Self.none)
        let found = sky.nextPass(of: Self.passAlarm(), trigger: nil, now: Self.start, zone: .utc)
        #expect(found.pass == nil && found.problem == Self.none.problem)
    }

    /// The pass a trigger rings for, as `alarm list` shows it: found once for that trigger, the same each time.
    @Test func aTriggersPassIsTheOneItRingsFor() throws {
        var sky = PassAlarmSky(source: nil, reading: SkyReading(sky: Self.sky))
        let alarm = Self.passAlarm()
        let trigger = try #require(
            alarm.rule.next(after: Self.start, in: TriggerRule.Context(zone: .utc, sky: Self.sky)))
        let found = sky.nextPass(of: alarm, trigger: trigger, now: Self.start, zone: .utc)
        let pass = try #require(found.pass)
        #expect(found.problem == nil)
        #expect(abs(pass.rise.unix - 300 - trigger) < 0.01, "it rings its lead before the rise")
        let again = sky.nextPass(of: alarm, trigger: trigger, now: Self.start, zone: .utc)
        #expect(again.pass == pass)
    }

    /// No trigger: elements too old to tell where the satellite is, else no pass high enough (an alarm that is off
    /// has no trigger, and that is no problem).
    @Test func withoutATriggerAPassAlarmSaysWhyUnlessItIsOff() {
        var sky = PassAlarmSky(source: nil, reading: SkyReading(sky: Self.sky))
        let stale = sky.nextPass(of: Self.passAlarm(), trigger: nil, now: Self.start + 90 * 86_400, zone: .utc)
        #expect(stale.pass == nil && stale.problem != nil)
        let none = sky.nextPass(of: Self.passAlarm(), trigger: nil, now: Self.start, zone: .utc)
        #expect(none.problem == "no pass at least 30° up in the next 10 days")
        let off = sky.nextPass(of: Self.passAlarm(enabled: false), trigger: nil, now: Self.start, zone: .utc)
        #expect(off.problem == nil)
    }
}
