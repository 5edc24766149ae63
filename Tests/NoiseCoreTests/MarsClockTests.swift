import Testing

@testable import MarsTime
@testable import TimeScales

/// The Mars24 chain against the worked examples of NASA GISS's "Mars24 Sunclock — Algorithm and Worked Examples",
/// each value to half a unit in its last published digit (the page truncates Ls, EOT and the declination of
/// example A rather than rounding them: those get 1e-5).
@Suite("Mars24")
struct MarsClockTests {
    static func near(_ value: Double, _ expected: Double, _ tolerance: Double) -> Bool {
        abs(value - expected) <= tolerance
    }

    @Test func workedExampleA() {
        // 2000-01-06 00:00:00 UTC, Unix 947116800; TAI − UTC was 32 s.
        let mars = MarsClock(unix: 947_116_800, leapSeconds: .builtIn)
        #expect(mars.ttMinusUTC == 64.184)
        #expect(Self.near(mars.jdTT, 2_451_549.50074, 0.000005))
        #expect(Self.near(mars.deltaJ2000, 4.50074, 0.000005))
        #expect(Self.near(mars.meanAnomaly, 21.74558, 0.000005))
        #expect(Self.near(mars.alphaFMS, 272.74566, 0.000005))
        #expect(Self.near(mars.pbs, 0.00142, 0.000005))
        #expect(Self.near(mars.equationOfCenter, 4.44193, 0.000005))
        #expect(Self.near(mars.ls, 277.18758, 0.00001))
        #expect(Self.near(mars.eotDegrees, -5.18774, 0.00001))
        #expect(Self.near(mars.eotHours, -0.34585, 0.000005))
        #expect(Self.near(mars.msd, 44_795.9998, 0.00005))
        #expect(Self.near(mars.mtcHours, 23.99425, 0.000005))
        #expect(Self.near(mars.ltst(eastLongitude: 0), 23.64840, 0.000005))
        #expect(Self.near(mars.subsolarLongitudeWest, 174.726, 0.0005))
        #expect(Self.near(mars.solarDeclination, -25.22825, 0.00001))
    }

    @Test func workedExampleB() {
        // 2004-01-03 13:46:31 UTC (Spirit's landing), Unix 1073137591; Spirit at 184.702° W.
        let mars = MarsClock(unix: 1_073_137_591, leapSeconds: .builtIn)
        #expect(Self.near(mars.jdUT, 2_453_008.07397, 0.000005))
        #expect(Self.near(mars.jdTT, 2_453_008.07471, 0.000005))
        #expect(Self.near(mars.deltaJ2000, 1463.07471, 0.000005))
        #expect(Self.near(mars.meanAnomaly, 66.06858, 0.000005))
        #expect(Self.near(mars.alphaFMS, 317.09457, 0.000005))
        #expect(Self.near(mars.pbs, 0.01614, 0.000005))
        #expect(Self.near(mars.equationOfCenter, 10.22959, 0.000005))
        #expect(Self.near(mars.ls, 327.32416, 0.000005))
        #expect(Self.near(mars.eotDegrees, -12.77553, 0.000005))
        #expect(Self.near(mars.eotHours, -0.85170, 0.000005))
        #expect(Self.near(mars.mtcHours, 13.16537, 0.000005))
        #expect(Self.near(mars.lmst(eastLongitude: -184.702), 0.85190, 0.000005))
        #expect(Self.near(mars.subsolarLongitudeWest, 4.70500, 0.000005))
    }

    /// A sol is 1.0274912517 Earth days: MTC comes back to itself after one, and LMST − MTC is the longitude / 15 h.
    @Test func aSolLaterTheClockReadsTheSame() {
        let now = MarsClock(unix: 1_795_740_000, leapSeconds: .builtIn)
        let solLater = MarsClock(unix: 1_795_740_000 + 1.0274912517 * 86_400, leapSeconds: .builtIn)
        #expect(Self.near(solLater.mtcHours, now.mtcHours, 1e-6))
        #expect(Self.near(solLater.msd - now.msd, 1, 1e-9))
        #expect(Self.near(MarsClock.hours(now.lmst(eastLongitude: 77.45) - now.mtcHours), 77.45 / 15, 1e-9))
        #expect(
            Self.near(
                MarsClock.hours(
                    now.ltst(eastLongitude: 77.45) - now.lmst(eastLongitude: 77.45)
                        - now.eotHours + 12) - 12, 0, 1e-9))
    }

    @Test func leapSecondsComeFromIERSsListAndSayWhenItExpired() throws {
        let text = """
            # a comment
            #@\t3991593600
            2272060800\t10\t# 1 Jan 1972
            3692217600\t37\t# 1 Jan 2017
            """
        let list = try LeapSeconds.parse(text, source: "test.list")
        #expect(list.steps.map(\.offset) == [10, 37])
        #expect(list.expires == 1_782_604_800)
        #expect(list.taiMinusUTC(atUnix: 1_600_000_000) == (37, nil))
        // Expired on 2026-06-28: the offset is still sure until the end of 2026-06-30, the first day a leap second
        // it does not know could end (IERS inserts them only at the end of June or December).
        #expect(list.firstUnknownLeapSecond == 1_782_864_000)
        #expect(list.taiMinusUTC(atUnix: 1_782_700_000) == (37, nil), "expired, but no leap second can be missing yet")
        let late = list.taiMinusUTC(atUnix: 1_795_740_000)
        #expect(
            late.seconds == 37
                && late.note?.contains("expired on 2026-06-28, and a leap second may have come since 2026-06-30")
                    == true
        )
        let early = list.taiMinusUTC(atUnix: -1_000)
        #expect(early.seconds == 10 && early.note?.contains("before 1972") == true)
        #expect(throws: LeapSeconds.ParseError.badLine(2, "nonsense")) {
            try LeapSeconds.parse("# ok\nnonsense\n", source: "x")
        }
        #expect(LeapSeconds.builtIn.taiMinusUTC(atUnix: 947_116_800).seconds == 32)
    }
}
