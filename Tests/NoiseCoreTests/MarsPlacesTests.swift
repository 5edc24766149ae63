import Testing

@testable import MarsTime
@testable import TimeScales

/// Longitudes as people write them, the site library, Mars Years, seasons and mission sols.
@Suite("Mars places and calendars")
struct MarsPlacesTests {
    @Test func longitudesAreReadEastPositiveInEitherConvention() {
        #expect(MarsLongitude(parsing: "77.45E")?.east == 77.45)
        #expect(MarsLongitude(parsing: "282.55W").map { abs($0.east - 77.45) < 1e-9 } == true)
        #expect(MarsLongitude(parsing: "-133.8").map { abs($0.east - 226.2) < 1e-9 } == true)
        #expect(MarsLongitude(parsing: "184.702 w").map { abs($0.west - 184.702) < 1e-9 } == true)
        for bad in ["", "E", "east", "400", "-12W", "12.5N", "nan"] {
            #expect(MarsLongitude(parsing: bad) == nil, "\(bad)")
        }
        #expect(MarsLongitude(east: 77.45).description == "77.45° E (282.55° W)")
        #expect(MarsLongitude(east: 0).description == "0° E (0° W)")
    }

    @Test func sitesAreFoundByIdOrNameWithHintsForTypos() throws {
        #expect(try MarsSite.named("Jezero").get().id == "perseverance")
        #expect(try MarsSite.named("GALE").get().id == "curiosity")
        #expect(try MarsSite.named("olympus mons").get().longitude.west == 133.8)
        guard case .failure(let error) = MarsSite.named("jezro") else { Issue.record("jezro found"); return }
        #expect(error.message.contains("did you mean jezero?"))
        let required = [
            "airy-0", "viking-1", "viking-2", "pathfinder", "spirit", "opportunity", "phoenix", "curiosity",
            "insight", "perseverance", "zhurong", "olympus-mons",
        ]
        #expect(required.allSatisfy { id in MarsSite.all.contains { $0.id == id && !$0.source.isEmpty } })
    }

    /// Clancy's Mars Years: MY 1 began 1955-04-11; MY 37 on 2022-12-26 (Ls 0), so the day before is MY 36 winter.
    @Test func marsYearsTurnAtLsZero() {
        let begins = MarsClock(unix: 1_672_056_000, leapSeconds: .builtIn)  // 2022-12-26 12:00 UTC
        let before = MarsClock(unix: 1_671_926_400, leapSeconds: .builtIn)  // 2022-12-25 00:00 UTC
        #expect(begins.marsYear == 37 && begins.season == .spring && begins.ls < 1)
        #expect(before.marsYear == 36 && before.season == .winter && before.ls > 359)
        #expect(MarsClock(unix: 947_116_800, leapSeconds: .builtIn).marsYear == 24)
        #expect(
            MarsYear.Season(ls: 89.9) == .spring && MarsYear.Season(ls: 90) == .summer
                && MarsYear.Season(ls: 180) == .autumn && MarsYear.Season(ls: 359.9) == .winter)
    }

    /// Sol 0 is the landing sol at the site; the next local mean midnight starts sol 1.
    @Test func missionSolsCountFromTheLandingAtLocalMidnight() throws {
        let gale = try MarsSite.named("curiosity").get()
        let landing = MarsClock(unix: try #require(gale.landing), leapSeconds: .builtIn)
        #expect(MarsSite.missionSol(at: landing, landing: landing, longitude: gale.longitude) == 0)
        // Landed at about 15:05 LMST: 8.9 hours of sol 0 are left, and a sol later it is sol 1.
        let lmst = landing.lmst(eastLongitude: gale.longitude.east)
        let beforeMidnight = MarsClock(
            unix: gale.landing! + (24 - lmst - 0.01) * 3600 * 1.0274912517,
            leapSeconds: .builtIn)
        let afterMidnight = MarsClock(
            unix: gale.landing! + (24 - lmst + 0.01) * 3600 * 1.0274912517,
            leapSeconds: .builtIn)
        #expect(MarsSite.missionSol(at: beforeMidnight, landing: landing, longitude: gale.longitude) == 0)
        #expect(MarsSite.missionSol(at: afterMidnight, landing: landing, longitude: gale.longitude) == 1)
    }
}

/// Mars → Earth: the instants a site's clock reads a time, and back to that time within a millisecond.
@Suite("Mars time of day")
struct MarsTimeOfDayTests {
    let jezero = MarsLongitude(east: 77.4508)

    @Test func lmstTimesComeBackToTheTimeASolApart() {
        let instants = MarsTimeOfDay.next(
            hours: 7, longitude: jezero, solar: false, after: 1_795_740_000, count: 5,
            leapSeconds: .builtIn)
        #expect(instants.count == 5 && instants[0] > 1_795_740_000)
        for instant in instants {
            let back = MarsClock(unix: instant, leapSeconds: .builtIn).lmst(eastLongitude: jezero.east)
            #expect(abs(back - 7) * 3600 * 1.0274912517 < 0.001, "to 1 ms: \(back)")
        }
        for (a, b) in zip(instants, instants.dropFirst()) {
            #expect(abs((b - a) - 1.0274912517 * 86_400) < 0.001, "a sol apart")
        }
    }

    @Test func ltstTimesConvergeToAMillisecond() {
        let instants = MarsTimeOfDay.next(
            hours: 12, longitude: jezero, solar: true, after: 947_116_800, count: 3,
            leapSeconds: .builtIn)
        #expect(instants.count == 3)
        for instant in instants {
            let back = MarsClock(unix: instant, leapSeconds: .builtIn).ltst(eastLongitude: jezero.east)
            #expect(abs(back - 12) * 3600 * 1.0274912517 < 0.001, "to 1 ms: \(back)")
        }
        #expect(instants[0] > 947_116_800 && instants[0] - 947_116_800 < 1.03 * 86_400)
    }

    /// Across the 2016-12-31 leap second the instants still read the time (TT moves on, UTC had a 61-second minute).
    @Test func aLeapSecondInBetweenIsAccountedFor() {
        let instants = MarsTimeOfDay.next(
            hours: 0, longitude: MarsLongitude(east: 0), solar: false,
            after: 1_483_142_400, count: 3, leapSeconds: .builtIn)
        for instant in instants {
            let back = MarsClock(unix: instant, leapSeconds: .builtIn).mtcHours
            #expect(min(back, 24 - back) * 3600 < 0.001, "MTC midnight: \(back)")
        }
    }

    /// Earth → Mars → Earth: an instant's LMST (and LTST) at a site, searched for from a minute before, gives the
    /// instant back within a millisecond, at instants spread over 1990–2040.
    @Test func anEarthInstantComesBackThroughItsMarsTime() {
        var generator = SplitMix64(state: 24)
        for _ in 0..<200 {
            let instant =
                631_152_000 + Double(generator.next() % 1_577_836_800) + Double(generator.next() % 1000) / 1000
            let east = Double(generator.next() % 360_000) / 1000
            let clock = MarsClock(unix: instant, leapSeconds: .builtIn)
            for solar in [false, true] {
                let hours = solar ? clock.ltst(eastLongitude: east) : clock.lmst(eastLongitude: east)
                let back = MarsTimeOfDay.next(
                    hours: hours, longitude: MarsLongitude(east: east), solar: solar,
                    after: instant - 60, count: 1, leapSeconds: .builtIn
                ).first
                #expect(
                    back.map { abs($0 - instant) < 0.001 } == true,
                    "\(instant) at \(east)° E, solar \(solar): \(String(describing: back))")
            }
        }
    }
}
