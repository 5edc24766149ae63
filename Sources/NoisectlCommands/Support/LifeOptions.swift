import ArgumentParser
import ClockFace
import LifeCalendar
import NoiseCore
import NoiseSystem
import NoiseTime

/// The life given on the command line (`--birth`, `--years`, `--today`), so that `noisectl life` and `life grid`
/// compute without the daemon and without stored settings. Without `--birth` they ask the daemon (`life_show`).
struct LifeOptions: ParsableArguments {
    @Option(help: "Compute without the daemon, for this birth date: YYYY-MM-DD.", transform: OptionValue.date)
    var birth: LocalDate?

    @Option(
        help:
            "With --birth: the life expectancy in years, \(LifeLimits.lifeYears.lowerBound) to \(LifeLimits.lifeYears.upperBound) (default \(LifeLimits.defaultLifeYears))."
    )
    var years: Int?

    @Option(help: "With --birth: count to this day, YYYY-MM-DD (default: today in the system's time zone).")
    var today: String?

    /// `--today`, read in `validate()` rather than by a transform, to keep the message scripts match:
    /// "--today: '2023-02-29' is not a date (…)".
    var todayDate: LocalDate?

    mutating func validate() throws {
        guard birth != nil else {
            for (option, given) in [("--today", today != nil), ("--years", years != nil)] where given {
                throw ValidationError(
                    "\(option) goes with --birth: give the birth date too "
                        + "(e.g. noisectl life --birth 1990-01-01 \(option) …), or set the life with '\(LifeText.setBirthHint)'"
                )
            }
            return
        }
        todayDate = try today.map { try Self.date($0, option: "--today") }
        _ = try given(systemToday: Self.systemToday())
    }

    /// The life and its figures on `--today` (else `systemToday`), or nil without `--birth`; bad input is a
    /// usage error that says what is accepted.
    func given(systemToday: LocalDate) throws -> (span: LifeSpan, today: LocalDate, figures: LifeFigures)? {
        guard let birth else { return nil }
        let today = todayDate ?? systemToday
        do {
            let span = try LifeSpan(birth: birth, years: years ?? LifeLimits.defaultLifeYears)
            return (span, today, try span.figures(today: today))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Whether the view counts to a fixed day (`--today`) rather than the system's today, which moves at midnight.
    var fixesToday: Bool { today != nil }

    private static func date(_ text: String, option: String) throws -> LocalDate {
        do { return try LocalDate.parse(text) } catch { throw ValidationError("\(option): \(error.description)") }
    }

    /// Today in the system's time zone.
    static func systemToday(at unix: Double = WallTime.seconds()) -> LocalDate {
        LocalDate(unix: Int64(unix.rounded(.down)), zone: World.zoneSource.systemZone())
    }
}
