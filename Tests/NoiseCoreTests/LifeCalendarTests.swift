import Testing

@testable import LifeCalendar
@testable import NoiseCore
@testable import NoiseTime

/// The life calendar's date rules (docs/life.md), on plain local dates.
@Suite("Life calendar")
struct LifeCalendarTests {
    func date(_ text: String) throws -> LocalDate { try LocalDate.parse(text) }

    func figures(_ birth: String, _ today: String, years: Int = 80) throws -> LifeFigures {
        try LifeSpan(birth: date(birth), years: years).figures(today: date(today))
    }

    @Test func theIssuesWorkedExample() throws {
        let f = try figures("1990-01-01", "2024-06-15")
        #expect(f.daysLived == 12_584 && f.weeksLived == 1_797 && f.totalWeeks == 4_160 && f.weeksRemaining == 2_363)
        #expect(
            f.expectedEndDate.description == "2070-01-01" && f.daysRemaining == 16_636
                && f.daysRemainingSigned == 16_636)
        #expect(abs(f.percentLived - 100 * 1_797.0 / 4_160) < 1e-12)
    }

    @Test func bornTodayHasLivedNothing() throws {
        let f = try figures("2024-06-15", "2024-06-15")
        #expect(f.daysLived == 0 && f.weeksLived == 0 && f.weeksRemaining == f.totalWeeks && f.percentLived == 0)
    }

    @Test func theFirstWeekEndsAfterSevenDays() throws {
        #expect(try figures("2024-06-01", "2024-06-07").weeksLived == 0)
        #expect(try figures("2024-06-01", "2024-06-08").weeksLived == 1)
    }

    @Test func theExpectedEndDayItselfLeavesNoDays() throws {
        let f = try figures("1950-03-10", "2030-03-10")
        #expect(f.expectedEndDate.description == "2030-03-10" && f.daysRemaining == 0 && f.daysRemainingSigned == 0)
        let day = try figures("1950-03-10", "2030-03-09")
        #expect(day.daysRemaining == 1)
    }

    @Test func outlivingTheExpectancyCountsOnPastTheGrid() throws {
        let f = try figures("1930-01-01", "2024-06-15")
        #expect(f.weeksRemaining == 0 && f.daysRemaining == 0 && f.daysRemainingSigned < 0)
        #expect(f.daysRemainingSigned == -(try date("2010-01-01").days(to: date("2024-06-15"))))
        #expect(f.percentLived > 100 && f.weeksLived > f.totalWeeks)
    }

    @Test func aLeapDayBirthdayEndsOnTheTwentyEighthInACommonYear() throws {
        #expect(try LifeSpan(birth: date("2000-02-29"), years: 80).expectedEnd.description == "2080-02-29")
        #expect(try LifeSpan(birth: date("2000-02-29"), years: 81).expectedEnd.description == "2081-02-28")
        // 2100 is not a leap year (divisible by 100, not by 400); 2400 is.
        #expect(try LifeSpan(birth: date("2020-02-29"), years: 80).expectedEnd.description == "2100-02-28")
        #expect(try LifeSpan(birth: date("2320-02-29"), years: 80).expectedEnd.description == "2400-02-29")
        #expect(throws: LocalDate.Failure.self) { try LocalDate.parse("2100-02-29") }
    }

    @Test func badInputIsRefusedWithWhatIsAccepted() throws {
        #expect(throws: LifeError.bornInFuture(birth: try date("2025-01-01"), today: try date("2024-12-31"))) {
            try figures("2025-01-01", "2024-12-31")
        }
        for years in [0, 151, -3] {
            #expect(throws: LifeError.expectancy(years)) { try LifeSpan(birth: date("1990-01-01"), years: years) }
        }
        #expect(LifeError.expectancy(151).description.contains("1 to 150 years"))
        for text in ["1990-02-30", "1990-13-01", "1990-1-01", "90-01-01", "1990-01-01T00:00", "", "0000-01-01"] {
            #expect(throws: LocalDate.Failure.self, "\(text)") { try LocalDate.parse(text) }
        }
        #expect(throws: LocalDate.Failure.self) { try LocalDate.parse("2023-02-29") }
        #expect((try? LocalDate.parse("2023-02-29")) == nil)
        do { _ = try LocalDate.parse("1990-04-31") } catch {
            #expect(error.description.contains("April 1990 has days 01 to 30"))
        }
    }

    /// Days lived over a long span against an independent count: the Julian day number by the Fliegel–Van
    /// Flandern formula (Communications of the ACM, 1968), not the calendar code under test.
    @Test func daysLivedAgreeWithAnIndependentDayNumberOverFourCenturies() throws {
        func julianDay(_ y: Int, _ m: Int, _ d: Int) -> Int {
            (1461 * (y + 4800 + (m - 14) / 12)) / 4 + (367 * (m - 2 - 12 * ((m - 14) / 12))) / 12
                - (3 * ((y + 4900 + (m - 14) / 12) / 100)) / 4 + d - 32075
        }
        var random = SplitMix64(state: 26)
        for _ in 0..<2_000 {
            let birth = LocalDate(dayNumber: Int64(random.next() % 146_097) - 100_000)
            let today = birth.adding(days: Int64(random.next() % 54_000))
            let years = Int(random.next() % 150) + 1
            let f = try LifeSpan(birth: birth, years: years).figures(today: today)
            let expected = julianDay(today.year, today.month, today.day) - julianDay(birth.year, birth.month, birth.day)
            #expect(f.daysLived == Int64(expected))
            #expect(f.weeksLived == expected / 7 && f.totalWeeks == years * 52)
            let end = f.expectedEndDate
            #expect(end.year == birth.year + years && end.month == birth.month)
            #expect(end.day == birth.day || (birth.month == 2 && birth.day == 29 && end.day == 28))
            #expect(
                Int(f.daysRemainingSigned) == julianDay(end.year, end.month, end.day)
                    - julianDay(today.year, today.month, today.day))
        }
    }

    @Test func aDateIsTheZonesDayAtTheInstant() throws {
        let zone = ZoneRules.fixed(offsetSeconds: -5 * 3600, identifier: "EST")
        // 2024-06-15T03:00Z is still the 14th in New York's winter offset.
        #expect(LocalDate(unix: 1_718_420_400, zone: zone).description == "2024-06-14")
        #expect(LocalDate(unix: 1_718_420_400, zone: .utc).description == "2024-06-15")
        #expect(try date("2024-06-15").start(in: zone) == 1_718_427_600)
    }
}
