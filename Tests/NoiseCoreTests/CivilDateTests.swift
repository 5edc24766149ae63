import Testing

@testable import NoiseTime

@Suite("Civil dates")
struct CivilDateTests {
    @Test(arguments: [
        (1970, 1, 1, 0, 4), (1969, 12, 31, -1, 3), (2000, 3, 1, 11_017, 3), (2024, 2, 29, 19_782, 4),
        (1600, 1, 1, -135_140, 6), (2200, 12, 31, 84_370, 3), (2011, 12, 30, 15_338, 5),
    ])
    func knownDays(_ year: Int, _ month: Int, _ day: Int, _ days: Int64, _ weekday: Int) {
        #expect(CivilDate.days(year: year, month: month, day: day) == days)
        #expect(CivilDate.date(days: days) == (year, month, day))
        #expect(CivilDate.weekday(days: days) == weekday)
    }

    /// Five and a half thousand years, day by day: each date converts back and follows the one before.
    @Test func roundTripsAndCountsEveryDay() {
        var problems: [String] = []
        var previous = CivilDate.date(days: -1_000_001)
        for days in Int64(-1_000_000)...1_000_000 {
            let date = CivilDate.date(days: days)
            let follows =
                date.day == 1
                ? previous.day >= 28 && date.month == previous.month % 12 + 1
                : date.day == previous.day + 1 && date.month == previous.month && date.year == previous.year
            if !follows || CivilDate.days(year: date.year, month: date.month, day: date.day) != days {
                problems.append("\(days): \(previous) then \(date)")
            }
            previous = date
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    @Test func monthsRollOver() {
        #expect(CivilDate.days(year: 2024, month: 13, day: 1) == CivilDate.days(year: 2025, month: 1, day: 1))
        #expect(CivilDate.days(year: 2024, month: 0, day: 1) == CivilDate.days(year: 2023, month: 12, day: 1))
        #expect(CivilDate.days(year: 2024, month: -11, day: 1) == CivilDate.days(year: 2023, month: 1, day: 1))
        #expect(CivilDate.days(year: 2024, month: 3, day: 0) == CivilDate.days(year: 2024, month: 2, day: 29))
    }
}
