import NoiseCore
import NoiseTime

/// A life as the life calendar counts it: a birth date and an expected length in whole years (docs/life.md).
public struct LifeSpan: Sendable, Equatable {
    public let birth: LocalDate
    public let years: Int

    /// Refuses an expectancy outside `LifeLimits.lifeYears`. A birth date in the future is refused by `figures`,
    /// which knows today.
    public init(birth: LocalDate, years: Int = LifeLimits.defaultLifeYears) throws(LifeError) {
        guard LifeLimits.lifeYears.contains(years) else { throw .expectancy(years) }
        self.birth = birth
        self.years = years
    }

    /// The expected end: the birth date `years` calendar years on; a 29 February birthday moves to 28 February
    /// in a common year.
    public var expectedEnd: LocalDate {
        let year = birth.year + years
        let day = min(birth.day, LocalDate.length(ofMonth: birth.month, in: year))
        return LocalDate(dayNumber: CivilDate.days(year: year, month: birth.month, day: day))
    }

    /// The grid's size: one cell a week, 52 a year.
    public var totalWeeks: Int { years * 52 }

    /// The figures on `today`; a birth date after `today` is refused.
    public func figures(today: LocalDate) throws(LifeError) -> LifeFigures {
        let daysLived = birth.days(to: today)
        guard daysLived >= 0 else { throw .bornInFuture(birth: birth, today: today) }
        let weeksLived = Int(daysLived / 7)
        let signed = today.days(to: expectedEnd)
        return LifeFigures(
            daysLived: daysLived, weeksLived: weeksLived, totalWeeks: totalWeeks,
            weeksRemaining: max(0, totalWeeks - weeksLived),
            percentLived: 100 * Double(weeksLived) / Double(totalWeeks),
            expectedEndDate: expectedEnd, daysRemaining: max(0, signed), daysRemainingSigned: signed)
    }
}

/// What the life view shows, computed by `LifeSpan.figures(today:)`; in JSON as `days_lived`, `weeks_lived`, ….
public struct LifeFigures: Sendable, Equatable, Codable {
    /// Today − birth date: the birth day itself is 0.
    public var daysLived: Int64
    /// ⌊days lived / 7⌋; also the index of this week's cell in the grid (it may be past the grid's end).
    public var weeksLived: Int
    public var totalWeeks: Int
    /// max(0, total − lived).
    public var weeksRemaining: Int
    /// 100 × weeks lived / total weeks; passes 100 once the expectancy is outlived.
    public var percentLived: Double
    public var expectedEndDate: LocalDate
    /// max(0, end − today).
    public var daysRemaining: Int64
    /// end − today: negative once the expected end has passed.
    public var daysRemainingSigned: Int64
}

/// Why a life calendar's input was refused: what was wrong and what is accepted.
public enum LifeError: Error, Sendable, Equatable, CustomStringConvertible {
    case bornInFuture(birth: LocalDate, today: LocalDate)
    case expectancy(Int)
    case date(LocalDate.Failure)

    public var description: String {
        switch self {
        case let .bornInFuture(birth, today):
            "the birth date \(birth) is after today (\(today)); give a date on or before today"
        case let .expectancy(years):
            "a life expectancy of \(years) years is out of range; give \(LifeLimits.lifeYears.lowerBound) to "
                + "\(LifeLimits.lifeYears.upperBound) years"
        case let .date(failure):
            failure.description
        }
    }
}
