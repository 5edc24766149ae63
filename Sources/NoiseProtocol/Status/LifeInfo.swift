import LifeCalendar
import NoiseCore
import NoiseTime

/// The life view's data, as `life_show` answers: the stored life (if set) and its figures today, today's habit
/// bonus and the last gratitude entry.
public struct LifeInfo: Sendable, Equatable, Codable {
    /// The birth date, nil until `life_set`.
    @ExplicitNull public var birth: LocalDate?
    public var years: Int
    /// The daemon's today, in the system's zone.
    public var today: LocalDate
    /// Nil until a birth date is set.
    @ExplicitNull public var figures: LifeFigures?
    /// Today's bonus: the sum of today's taps, in minutes.
    public var bonusMinutes: Int
    @ExplicitNull public var lastEntry: GratitudeEntry?

    public init(
        birth: LocalDate?, years: Int, today: LocalDate, figures: LifeFigures?, bonusMinutes: Int,
        lastEntry: GratitudeEntry?
    ) {
        self.birth = birth
        self.years = years
        self.today = today
        self.figures = figures
        self.bonusMinutes = bonusMinutes
        self.lastEntry = lastEntry
    }
}
